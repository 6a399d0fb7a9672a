/**
 * National base prices of the estimate model (USD, 2025 price level, before regional indices and
 * before overhead and profit). Material prices are what a contractor pays for the product
 * delivered; labor prices are installed-labor rates at the national median roofer wage.
 * Calibrated so that installed totals per sq ft (after 20% overhead and profit) land inside the
 * published ranges of scripts/data/material-cost-ranges.csv; see docs/estimate-model.md. The
 * roofing products' own prices (field material, its labor, starter, ridge) are in material-specs.ts.
 */

/** Every model version released, oldest first; the last is the current one (the learning refuses any other). */
export const MODEL_VERSIONS = ['fmv-2025.1', 'fmv-2025.2', 'fmv-2025.3', 'fmv-2025.4'] as const;
export const MODEL_VERSION: string = MODEL_VERSIONS[MODEL_VERSIONS.length - 1] as string;

/** Per-unit base prices (USD) of the other line items. */
export const PRICES = {
  /** Tear-off labor per square: the top layer of composition shingles. */
  tearOffFirstLayerPerSq: 65,
  /** Each further composition layer under the first. */
  tearOffExtraLayerPerSq: 32,
  /** A wood shake layer under composition (heavier, slower, nails into spaced sheathing). */
  tearOffShakeLayerPerSq: 85,
  /** Synthetic underlayment per square. */
  underlaymentPerSq: 20,
  /** High-temperature / double-layer underlayment for tile, slate and wood. */
  heavyUnderlaymentPerSq: 38,
  /** Self-adhered ice-and-water shield per square. */
  iceWaterPerSq: 70,
  dripEdgePerLf: 2.1,
  /** Metal roofs: eave and rake trim instead of drip edge. */
  metalTrimPerLf: 3.25,
  valleyMetalPerLf: 3.5,
  metalValleyPanPerLf: 7,
  /** Headwall / apron flashing. */
  flashingPerLf: 4.5,
  stepFlashingPerLf: 3.25,
  /** Labor to install headwall and step flashing (cut-in, counter flashing, sealant). */
  flashingLaborPerLf: 5,
  /** 1/2 in. CDX plywood, 4 x 8 ft sheet. */
  plywoodSheet: 32,
  /** Remove damaged decking and install a new sheet. */
  plywoodLaborPerSheet: 28,
  /** 20-yard dumpster with landfill fees. */
  dumpsterLoad: 575,
  /** Squares of one layer of debris a 20-yard dumpster takes (by weight). */
  dumpsterCapacitySq: 25,
  permitBase: 250,
  permitPerSq: 4,
  /** Pipe boot (plumbing vent flashing, neoprene collar on a galvanized base). */
  pipeBoot: 32,
  /** Existing roof vent (box / turtle vent, exhaust cap) replaced like for like. */
  roofVent: 48,
  /** Shingle-over ridge vent (about 18 sq in. of net free area per foot). */
  ridgeVentPerLf: 4,
} as const;

/**
 * Allowances for items no measurement file counts (issue 9, item 6), by roof size in squares:
 * pipe boots 2 + 1 per 15 squares (2 to 8), existing vents 1 + 1 per 20 squares (1 to 6). A typical
 * 20-square house has 3 plumbing vents and 2 roof vents. The count steps by one at 15, 30, 45
 * squares (boots) and 20, 40 squares (vents); the report states the allowance.
 */
export const ALLOWANCES = {
  pipeBootsBase: 2,
  pipeBootsPerSquares: 15,
  pipeBootsMax: 8,
  ventsBase: 1,
  ventsPerSquares: 20,
  ventsMax: 6,
} as const;

/**
 * Ridge vent length: IRC R806.2 asks for 1 sq ft of net free ventilating area per 300 sq ft of
 * attic floor with about half of it at the ridge; a shingle-over ridge vent gives about 18 sq in.
 * per foot. The length is what that needs for the sloped roof area (a little more than the attic
 * floor), at most the ridge length in the file (HOVER's combined ridge + hip length on HOVER files).
 */
export const RIDGE_VENT = { atticAreaPerNfa: 300, ridgeShare: 0.5, nfaSqInPerLf: 18 } as const;

/**
 * Pitch thresholds (4/12 for low-slope underlayment, the steep bands) phase in over the whole
 * pitch just below them (issue 24 #5; 0.5/12 before): area at pitch p counts
 * clamp((p - (t - 1)) / 1, 0, 1) as above threshold t. At whole pitches the price is the banded
 * one; no step of 0.1/12 moves a price by more than 3 %.
 */
export const PITCH_BLEND = 1;

/** Share of the pitch-weighted area at or above threshold t (see PITCH_BLEND). */
export function aboveShare(pitch: number, threshold: number): number {
  if (threshold === Number.POSITIVE_INFINITY) return 0;
  return Math.min(1, Math.max(0, (pitch - (threshold - PITCH_BLEND)) / PITCH_BLEND));
}

/**
 * Steep-slope charges: extra share of the installation labor rate for area in each pitch band
 * (from <= pitch < to); the same share of the tear-off rate for removing it (Xactimate carries
 * "additional charge for steep roof - remove" items beside the install ones).
 */
export const STEEP_BANDS: Array<{ from: number; to: number; factor: number; label: string }> = [
  { from: 7, to: 10, factor: 0.25, label: '7/12 to 9/12' },
  { from: 10, to: 13, factor: 0.45, label: '10/12 to 12/12' },
  { from: 13, to: Number.POSITIVE_INFINITY, factor: 0.65, label: 'steeper than 12/12' },
];

/** High-roof charge: extra share of tear-off and installation labor on two-storey area. */
export const HIGH_ROOF_FACTOR = 0.12;
/** Share of the roof taken as two-storey for "Mix of 1 and 2". */
export const MIXED_HEIGHT_SHARE = 0.5;
/**
 * Overhead 10% + profit 10% of the work: the line items other than the sales tax and the local
 * market adjustment (OP_EXCLUDED_CODES). Policy: included, as a contractor prices a roof
 * replacement; carriers that pay it only on multi-trade claims (three or more trades) may leave it
 * out of a roof-only claim, and the note says so.
 */
export const OVERHEAD_AND_PROFIT = 0.2;
/** Lines overhead and profit is never applied to: a tax passed through, and the market's own level. */
export const OP_EXCLUDED_CODES: readonly string[] = ['SALES-TAX', 'MARKET'];
export const OVERHEAD_AND_PROFIT_NOTE =
  'Overhead and profit: 20% (10% overhead + 10% profit) of the work lines, never of the sales tax or the local market adjustment; shown as its own line. Policy: included here, as a roofing contractor prices a roof replacement (single trade). Insurance carriers often pay overhead and profit only when three or more trades are involved; on a roof-only claim a carrier may leave it out.';
/** Laps of underlayment and ice-and-water shield. */
export const UNDERLAYMENT_LAP = 1.1;
/** Eave ice barrier width (ft): two 3-ft courses reach 24 in. inside the wall line on usual overhangs. */
export const ICE_BARRIER_EAVE_WIDTH_FT = 6;
/** Valley lining width (ft): one 3-ft course centred on the valley. */
export const VALLEY_LINING_WIDTH_FT = 3;
/** Pitch below which (down to the product minimum) the whole area gets ice-and-water shield. */
export const LOW_SLOPE_UNDERLAYMENT_BELOW = 4;
/** 4 x 8 ft sheet. */
export const PLYWOOD_SHEET_SQFT = 32;
/**
 * plywoodNeeded 'Yes' is a partial re-deck allowance stated in sheets: 20 % of the deck in 4 x 8 ft
 * sheets (the damaged sheets found around eaves, valleys and penetrations), priced per sheet; the
 * line states the allowance and the installed price of each sheet beyond it.
 */
export const PLYWOOD_PARTIAL_SHARE = 0.2;
