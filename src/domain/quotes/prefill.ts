import { roofSurfaceMaterials } from './options';
import { QUOTE_SIZE_LIMITS, QUOTE_STORIES, type QuoteDataInput } from './quote-form';

/**
 * What /estimate carries into /quote ('Order the full report'): the ZIP, the material and the
 * size, as a query string. Only values /quote would accept travel; the rest is left out.
 */
export interface EstimateCarry {
  zipCode?: string | null;
  roofSurfaceMaterial?: string | null;
  /** 'roof': the roof area is given; 'floor': the living area and the stories. */
  areaMode?: 'roof' | 'floor' | null;
  roofAreaSqFt?: string | null;
  floorAreaSqFt?: string | null;
  stories?: string | null;
}

const PARAMS = {
  zip: 'zip',
  material: 'material',
  roofArea: 'roofArea',
  livingArea: 'livingArea',
  stories: 'stories',
} as const;
export const QUOTE_PREFILL_PARAMS: readonly string[] = Object.values(PARAMS);

const ZIP5 = /^\d{5}$/;

/** "2,400" -> 2400 when it is a whole-ish number inside the limits, else null. */
export function sqFtWithin(text: string | null | undefined, limits: { min: number; max: number }) {
  const clean = String(text ?? '')
    .trim()
    .replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(clean)) return null;
  const n = Math.round(Number(clean));
  return n >= limits.min && n <= limits.max ? n : null;
}

function isMaterial(value: string | null | undefined): value is (typeof roofSurfaceMaterials)[number] {
  return !!value && (roofSurfaceMaterials as readonly string[]).includes(value);
}

function isStories(value: string | null | undefined): value is (typeof QUOTE_STORIES)[number] {
  return !!value && (QUOTE_STORIES as readonly string[]).includes(value);
}

/** The query string (without '?') for /quote; empty when nothing valid is known. */
export function estimateToQuoteSearch(carry: EstimateCarry): string {
  const params = new URLSearchParams();
  const zip = carry.zipCode?.trim();
  if (zip && ZIP5.test(zip)) params.set(PARAMS.zip, zip);
  if (isMaterial(carry.roofSurfaceMaterial)) params.set(PARAMS.material, carry.roofSurfaceMaterial);
  if (carry.areaMode === 'floor') {
    const living = sqFtWithin(carry.floorAreaSqFt, QUOTE_SIZE_LIMITS.livingAreaSqFt);
    if (living !== null) {
      params.set(PARAMS.livingArea, String(living));
      if (isStories(carry.stories)) params.set(PARAMS.stories, carry.stories);
    }
  } else {
    const roof = sqFtWithin(carry.roofAreaSqFt, QUOTE_SIZE_LIMITS.roofAreaSqFt);
    if (roof !== null) params.set(PARAMS.roofArea, String(roof));
  }
  return params.toString();
}

/** The quote form values a /quote?zip=...&material=... link fills in (invalid values are ignored). */
export function quotePrefillFromSearch(search: string): Partial<QuoteDataInput> {
  const params = new URLSearchParams(search);
  const out: Partial<QuoteDataInput> = {};
  const zip = params.get(PARAMS.zip)?.trim();
  if (zip && ZIP5.test(zip)) out.zipCode = zip;
  const material = params.get(PARAMS.material);
  if (isMaterial(material)) out.roofSurfaceMaterial = material;
  const roof = sqFtWithin(params.get(PARAMS.roofArea), QUOTE_SIZE_LIMITS.roofAreaSqFt);
  const living = sqFtWithin(params.get(PARAMS.livingArea), QUOTE_SIZE_LIMITS.livingAreaSqFt);
  if (roof !== null) out.roofAreaSqFt = roof.toLocaleString('en-US');
  else if (living !== null) {
    out.livingAreaSqFt = living.toLocaleString('en-US');
    const stories = params.get(PARAMS.stories);
    if (isStories(stories)) out.stories = stories;
  }
  return out;
}

/** The search without the prefill parameters (the address bar is cleaned once they are read). */
export function withoutPrefillParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of QUOTE_PREFILL_PARAMS) params.delete(name);
  return params.toString();
}
