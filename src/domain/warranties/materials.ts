import { ROOF_SURFACE_MATERIALS, type RoofSurfaceMaterial } from '../estimates/types';

/**
 * The material warranty of the installed product (issue 25 #6: "up to 50 years, as the
 * manufacturer states it"). These figures are the manufacturers' own limited warranties for the
 * product class, not a warranty of ours: the certificate says so, and the product's warranty
 * document (from its manufacturer) governs its terms, proration and transfer. Each figure names
 * where it comes from. A "limited lifetime" warranty is shown as 50 years, the marketplace's
 * stated ceiling (spec: "material warranties up to 50 years").
 */
export interface MaterialWarranty {
  /** The spec's material option (contractor-project-admin §9). */
  material: RoofSurfaceMaterial;
  /** Years shown on the certificate. */
  years: number;
  /** How the manufacturer states it, as printed on the certificate. */
  stated: string;
  /** Where the figure comes from (shown in small print). */
  source: string;
}

export const MATERIAL_WARRANTY_CAP_YEARS = 50;

export const materialWarranties: Record<RoofSurfaceMaterial, MaterialWarranty> = {
  // GAF Royal Sovereign and CertainTeed XT 25: 3-tab strip shingles sold with a 25-year limited warranty
  '25 YEAR 3-TAB SHINGLE': {
    material: '25 YEAR 3-TAB SHINGLE',
    years: 25,
    stated: '25-year limited warranty',
    source:
      'Manufacturers of 3-tab shingles (e.g. GAF Royal Sovereign, CertainTeed XT 25) state a 25-year limited warranty.',
  },
  // the product class is sold by the term in its name (the manufacturer's warranty period)
  '30 YEAR LAMINATE SHINGLE': {
    material: '30 YEAR LAMINATE SHINGLE',
    years: 30,
    stated: '30-year limited warranty',
    source:
      'Laminate (architectural) shingles of this class are sold with the 30-year limited warranty their name states.',
  },
  '40 YEAR LAMINATE SHINGLE': {
    material: '40 YEAR LAMINATE SHINGLE',
    years: 40,
    stated: '40-year limited warranty',
    source:
      'Laminate (architectural) shingles of this class are sold with the 40-year limited warranty their name states.',
  },
  // GAF Timberline HDZ, Owens Corning Duration, CertainTeed Landmark: "limited lifetime" warranties
  '50 YEAR LAMINATE SHINGLE': {
    material: '50 YEAR LAMINATE SHINGLE',
    years: 50,
    stated: 'Limited lifetime warranty (shown as 50 years)',
    source:
      'GAF (Timberline HDZ), Owens Corning (Duration) and CertainTeed (Landmark) state a limited lifetime warranty for their premium laminate shingles; shown as 50 years.',
  },
  // CertainTeed Presidential Shake: limited lifetime warranty
  'PRESIDENTIAL SHAKE SHINGLE': {
    material: 'PRESIDENTIAL SHAKE SHINGLE',
    years: 50,
    stated: 'Limited lifetime warranty (shown as 50 years)',
    source:
      'CertainTeed states a limited lifetime warranty for Presidential Shake shingles; shown as 50 years.',
  },
  // Cedar Shake & Shingle Bureau members' treated shakes (Certi-Last): commonly a 30-year limited warranty
  'WOOD SHAKE': {
    material: 'WOOD SHAKE',
    years: 30,
    stated: '30-year limited warranty (treated cedar shakes)',
    source:
      'Pressure-treated cedar shakes (e.g. Certi-Last, Cedar Shake & Shingle Bureau) are commonly sold with a 30-year limited warranty.',
  },
  // clay tile makers commonly state 50 years or more (e.g. Westlake Royal, Ludowici); capped at 50
  'TILE - CLAY': {
    material: 'TILE - CLAY',
    years: 50,
    stated: '50-year limited warranty or longer',
    source:
      'Clay tile manufacturers (e.g. Westlake Royal, Ludowici) commonly state 50 years or more; shown as 50 years.',
  },
  // concrete tile: Eagle Roofing and Westlake Royal state limited lifetime / 50-year warranties
  'TILE - CONCRETE': {
    material: 'TILE - CONCRETE',
    years: 50,
    stated: '50-year limited warranty',
    source:
      'Concrete tile manufacturers (e.g. Eagle Roofing, Westlake Royal) commonly state a 50-year or limited lifetime warranty; shown as 50 years.',
  },
  // standing-seam and panel steel: the PVDF (Kynar 500) paint finish warranty is commonly 40 years
  METAL: {
    material: 'METAL',
    years: 40,
    stated: '40-year paint finish warranty',
    source:
      'Steel roofing panel makers commonly state a 40-year warranty on PVDF (Kynar 500) paint finishes.',
  },
  // natural slate is commonly stated to last 50 to 100 years by its quarries; capped at 50
  SLATE: {
    material: 'SLATE',
    years: 50,
    stated: '50-year limited warranty or longer',
    source:
      'Slate quarries (e.g. Greenstone Slate, Vermont) commonly state 50 to 100 years for natural slate; shown as 50 years.',
  },
};

/** Words of a free-text material (a roof type, a typed preference) and the option they mean. */
const keywords: [RegExp, RoofSurfaceMaterial][] = [
  [/3[\s-]?tab/i, '25 YEAR 3-TAB SHINGLE'],
  [/presidential/i, 'PRESIDENTIAL SHAKE SHINGLE'],
  [/\bslate\b/i, 'SLATE'],
  [/\bclay\b/i, 'TILE - CLAY'],
  [/\btile\b|concrete/i, 'TILE - CONCRETE'],
  [/\bmetal\b|steel|alumin/i, 'METAL'],
  [/\bshake\b|cedar|wood/i, 'WOOD SHAKE'],
  [/\b50\b|lifetime/i, '50 YEAR LAMINATE SHINGLE'],
  [/\b40\b/i, '40 YEAR LAMINATE SHINGLE'],
  [/laminate|architectural|dimensional|asphalt|shingle|\b30\b/i, '30 YEAR LAMINATE SHINGLE'],
];

/**
 * The manufacturer's warranty of the first material named (the contractor's selected material,
 * then the homeowner's preference, then the quote's roof type): an exact spec option first, else
 * the option its words name; null when none says what was installed.
 */
export function materialWarrantyOf(...candidates: (string | null | undefined)[]): MaterialWarranty | null {
  for (const raw of candidates) {
    const text = raw?.trim();
    if (!text) continue;
    // a spec option, alone or followed by the product ("30 YEAR LAMINATE SHINGLE - CertainTeed ...")
    const exact = ROOF_SURFACE_MATERIALS.find((m) => text.toUpperCase().startsWith(m));
    if (exact) return materialWarranties[exact];
    const match = keywords.find(([re]) => re.test(text));
    if (match) return materialWarranties[match[1]];
  }
  return null;
}
