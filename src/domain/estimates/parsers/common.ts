import {
  type MeasurementOrigin,
  MeasurementParseError,
  type MeasurementSource,
  type RoofFacet,
  type RoofLengths,
  type RoofLine,
  type RoofMeasurement,
  type WasteRow,
} from '../types';
import { MEASUREMENT_LIMITS } from './limits';

export interface ParseContext {
  source: MeasurementSource;
  fileName: string;
}

/** Pitches at or below this rise (per 12) are low-slope: shingles need special treatment. */
export const LOW_SLOPE_MAX_PITCH = 2;

export function fail(ctx: ParseContext, message: string, where?: string): never {
  throw new MeasurementParseError(message, { ...ctx, where });
}

/** "6/12", "6.5/12", " 6 / 12 " -> 6, 6.5; "flat" -> 0; anything else -> null. */
export function parsePitchLabel(label: string): number | null {
  const s = label.trim().toLowerCase();
  if (s === 'flat') return 0;
  const m = /^(\d+(?:\.\d+)?)\s*(?:\/\s*12|:12|in 12)?$/.exec(s);
  if (!m) return null;
  const n = Number(m[1]);
  return Number.isFinite(n) && n <= 48 ? n : null;
}

/** 6 -> "6/12", 6.5 -> "6.5/12". */
export function formatPitch(pitch: number): string {
  const r = Math.round(pitch * 100) / 100;
  return `${r}/12`;
}

/** Parses "2,345.5" / " 12 " / "" into a number; null when empty; NaN when not a number. */
export function parseNumberText(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const s = String(value).trim().replace(/,/g, '');
  if (s === '') return null;
  // no measurement needs more characters; the pattern is unambiguous (no backtracking blow-up)
  if (s.length > MEASUREMENT_LIMITS.numberChars) return Number.NaN;
  return /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i.test(s) ? Number(s) : Number.NaN;
}

/** A value from the file as quoted in a message: at most 40 characters, so a hostile value cannot flood it. */
export function shown(value: unknown): string {
  const s = String(value ?? '').trim();
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function emptyLengths(): RoofLengths {
  return { ridges: 0, hips: 0, valleys: 0, rakes: 0, eaves: 0, flashing: 0, stepFlashing: 0 };
}

export interface MeasurementParts {
  source: MeasurementOrigin;
  facets: RoofFacet[];
  facetCount: number | null;
  /** When omitted, the sum of facet areas. */
  totalAreaSqFt?: number;
  /** When omitted, derived from the facets. */
  areaByPitch?: Record<string, number>;
  lowSlopeAreaSqFt?: number;
  lengths: RoofLengths;
  ridgesAndHipsCombined?: boolean;
  lines?: RoofLine[];
  wasteTable?: WasteRow[];
  suggestedWastePercent?: number;
  stories?: string;
  address?: string;
  warnings?: string[];
}

/**
 * Assembles a RoofMeasurement and derives what the parts leave out: area by pitch, predominant
 * pitch (largest area; on a tie the steeper pitch), squares, low-slope area. Rounds lengths to
 * 0.01 ft and areas to 0.01 sq ft.
 */
export function buildMeasurement(parts: MeasurementParts): RoofMeasurement {
  const facets = parts.facets.map((f) => ({ ...f, areaSqFt: round(f.areaSqFt, 2) }));
  const byPitch: Record<string, number> = {};
  if (parts.areaByPitch && Object.keys(parts.areaByPitch).length > 0) {
    for (const [k, v] of Object.entries(parts.areaByPitch)) byPitch[k] = round(v, 2);
  } else {
    for (const f of facets) {
      const k = formatPitch(f.pitch);
      byPitch[k] = round((byPitch[k] ?? 0) + f.areaSqFt, 2);
    }
  }
  const facetSum = facets.reduce((s, f) => s + f.areaSqFt, 0);
  const total = round(parts.totalAreaSqFt ?? facetSum, 2);
  let predominant = 0;
  let best = -1;
  for (const [label, area] of Object.entries(byPitch)) {
    const p = parsePitchLabel(label) ?? 0;
    if (area > best || (area === best && p > predominant)) {
      best = area;
      predominant = p;
    }
  }
  const lowSlope =
    parts.lowSlopeAreaSqFt ??
    Object.entries(byPitch).reduce(
      (s, [label, a]) => ((parsePitchLabel(label) ?? 99) <= LOW_SLOPE_MAX_PITCH ? s + a : s),
      0,
    );
  const lengths = Object.fromEntries(
    Object.entries(parts.lengths).map(([k, v]) => [k, round(v, 2)]),
  ) as unknown as RoofLengths;
  const m: RoofMeasurement = {
    source: parts.source,
    facets,
    facetCount: parts.facetCount,
    totalAreaSqFt: total,
    squares: round(total / 100, 2),
    predominantPitch: predominant,
    areaByPitch: byPitch,
    lowSlopeAreaSqFt: round(lowSlope, 2),
    lengths,
    ridgesAndHipsCombined: parts.ridgesAndHipsCombined ?? false,
    warnings: parts.warnings ?? [],
  };
  if (parts.lines) m.lines = parts.lines;
  if (parts.wasteTable) m.wasteTable = parts.wasteTable;
  if (parts.suggestedWastePercent !== undefined) m.suggestedWastePercent = parts.suggestedWastePercent;
  if (parts.stories !== undefined) m.stories = parts.stories;
  if (parts.address) m.address = parts.address;
  return m;
}

/** Checks a measurement's plausibility; throws a user-facing error when it cannot be a roof. */
export function assertPlausibleRoof(ctx: ParseContext, m: RoofMeasurement, where: string): void {
  if (!(m.totalAreaSqFt > 0)) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has no roof area (${where} is 0 or missing). Export the measurements again from the provider.`,
      where,
    );
  }
  // the upper bound (and every other bound of a house's roof) is checkPlausibility's
}
