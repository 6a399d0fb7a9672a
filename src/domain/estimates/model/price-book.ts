/**
 * National base prices of the estimate model (USD, 2025 price level, before regional indices and
 * before overhead and profit). Material prices are what a contractor pays for the product
 * delivered; labor prices are installed-labor rates at the national median roofer wage.
 * Calibrated so that installed totals per sq ft (after 20% overhead and profit) land inside the
 * published ranges of scripts/data/material-cost-ranges.csv; see docs/estimate-model.md.
 */
import type { RoofSurfaceMaterial } from '../types';

/** Every model version released, oldest first; the last is the current one (the learning refuses any other). */
export const MODEL_VERSIONS = ['fmv-2025.1', 'fmv-2025.2', 'fmv-2025.3', 'fmv-2025.4'] as const;
export const MODEL_VERSION: string = MODEL_VERSIONS[MODEL_VERSIONS.length - 1] as string;

export type MaterialFamily = 'asphalt' | 'premium-asphalt' | 'wood' | 'tile' | 'metal' | 'slate';

export interface MaterialSpec {
  family: MaterialFamily;
  /** Field material description on the line item. */
  fieldDescription: string;
  /** Field material, USD per square (100 sq ft) of roof, incl. fasteners. */
  materialPerSq: number;
  /** Installation labor, USD per square (field, underlayment, starter, ridge, drip edge, valleys). */
  laborPerSq: number;
  /** Lowest pitch (rise per 12) the product may be installed at; flatter areas are priced as the product over low-slope underlayment, with a warning. */
  minPitch: number;
  /** Extra waste points for breakage / cutting of the product. */
  wasteAdd: number;
  /** True when the product needs the heavier (high-temperature or double) underlayment. */
  heavyUnderlayment: boolean;
  starterDescription: string;
  starterPerLf: number;
  /**
   * Starter runs along the rakes too, not only the eaves: only where the manufacturer requires it
   * (laminate and designer shingles: starter at eaves and rakes for the wind warranty); see
   * STARTER_SOURCE.
   */
  starterAtRakes: boolean;
  /**
   * Valley: 'closed-cut' (shingles cut over the valley lining, no valley metal: the asphalt
   * shingle manufacturers' closed-cut valley) or 'metal' (open metal valley, which tile, slate,
   * wood shakes and metal panels need); see VALLEY_SOURCE.
   */
  valley: 'closed-cut' | 'metal';
  ridgeDescription: string;
  ridgePerLf: number;
  /** Spread of product prices within this material (half-width fraction) for the range. */
  priceSpread: number;
}

export const MATERIALS: Record<RoofSurfaceMaterial, MaterialSpec> = {
  '25 YEAR 3-TAB SHINGLE': {
    family: 'asphalt',
    fieldDescription: '25-year 3-tab asphalt shingles',
    materialPerSq: 100,
    laborPerSq: 105,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves)',
    starterPerLf: 0.55,
    starterAtRakes: false,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 2.4,
    priceSpread: 0.02,
  },
  '30 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '30-year laminate (architectural) asphalt shingles',
    materialPerSq: 140,
    laborPerSq: 120,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.6,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 3.2,
    priceSpread: 0.02,
  },
  '40 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '40-year laminate (architectural) asphalt shingles',
    materialPerSq: 160,
    laborPerSq: 125,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.6,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Hip and ridge cap shingles',
    ridgePerLf: 3.5,
    priceSpread: 0.03,
  },
  '50 YEAR LAMINATE SHINGLE': {
    family: 'asphalt',
    fieldDescription: '50-year laminate (premium architectural) asphalt shingles',
    materialPerSq: 190,
    laborPerSq: 135,
    minPitch: 2,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.65,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Premium hip and ridge cap shingles',
    ridgePerLf: 3.9,
    priceSpread: 0.03,
  },
  'PRESIDENTIAL SHAKE SHINGLE': {
    family: 'premium-asphalt',
    fieldDescription: 'Presidential shake (designer laminate) shingles',
    materialPerSq: 300,
    laborPerSq: 175,
    minPitch: 4,
    wasteAdd: 2,
    heavyUnderlayment: false,
    starterDescription: 'Starter strip shingles (eaves and rakes)',
    starterPerLf: 0.65,
    starterAtRakes: true,
    valley: 'closed-cut',
    ridgeDescription: 'Designer hip and ridge cap',
    ridgePerLf: 4.5,
    priceSpread: 0.04,
  },
  'WOOD SHAKE': {
    family: 'wood',
    fieldDescription: 'Cedar shakes (medium, taper-sawn)',
    materialPerSq: 330,
    laborPerSq: 215,
    minPitch: 4,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Starter course, cedar (eaves)',
    starterPerLf: 1.2,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Cedar hip and ridge units',
    ridgePerLf: 5,
    priceSpread: 0.06,
  },
  'TILE - CLAY': {
    family: 'tile',
    fieldDescription: 'Clay roof tile',
    materialPerSq: 650,
    laborPerSq: 460,
    minPitch: 3,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Eave closure / bird stop',
    starterPerLf: 2.75,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Clay hip and ridge tiles with ridge nailer',
    ridgePerLf: 9.5,
    priceSpread: 0.07,
  },
  'TILE - CONCRETE': {
    family: 'tile',
    fieldDescription: 'Concrete roof tile',
    materialPerSq: 270,
    laborPerSq: 390,
    minPitch: 3,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Eave closure / bird stop',
    starterPerLf: 2.25,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Concrete hip and ridge tiles with ridge nailer',
    ridgePerLf: 7,
    priceSpread: 0.05,
  },
  METAL: {
    family: 'metal',
    fieldDescription: 'Standing seam steel panels (24 ga, painted), clips and fasteners',
    materialPerSq: 460,
    laborPerSq: 420,
    minPitch: 0,
    wasteAdd: 0,
    heavyUnderlayment: false,
    starterDescription: 'Eave cleat and starter trim (eaves; the rakes have the rake trim)',
    starterPerLf: 2.5,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Metal hip and ridge cap with closures',
    ridgePerLf: 6.5,
    priceSpread: 0.07,
  },
  SLATE: {
    family: 'slate',
    fieldDescription: 'Natural slate',
    materialPerSq: 950,
    laborPerSq: 800,
    minPitch: 4,
    wasteAdd: 3,
    heavyUnderlayment: true,
    starterDescription: 'Starter slate course (eaves)',
    starterPerLf: 4.5,
    starterAtRakes: false,
    valley: 'metal',
    ridgeDescription: 'Slate hip and ridge (saddle) with nailer',
    ridgePerLf: 14,
    priceSpread: 0.08,
  },
};

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

/**
 * Where the starter rule comes from: GAF's limited warranty ("Special Installation") covers its
 * shingles to their maximum wind speed only with starter strip at the eaves and rakes; laminate and
 * designer shingles are sold on that coverage, 3-tab on the standard installation (eaves only);
 * wood shakes and slate start at the eaves; metal and tile have rake trim instead.
 */
export const STARTER_SOURCE =
  "starter at the rakes only where the manufacturer requires it: laminate and designer shingles, sold on their enhanced wind coverage (GAF's limited warranty asks for starter strip at the eaves and rakes for it); 3-tab shingles (standard installation), wood shakes and slate start at the eaves only; tile and metal have closures or rake trim instead";

/**
 * Valleys: asphalt shingles get a closed-cut valley over the valley lining (IRC R905.2.8.2 allows
 * closed valleys lined with underlayment or self-adhered membrane; the shingle manufacturers'
 * instructions give the closed-cut method, and laminate shingles are not woven), no valley metal;
 * tile, slate, wood shakes and metal panels need an open metal valley (IRC R905.3.8, R905.6.5,
 * R905.8.8, R905.10).
 */
export const VALLEY_SOURCE =
  'closed-cut valleys over the ice-and-water valley lining for asphalt shingles (IRC R905.2.8.2 closed valleys; the closed-cut method of the shingle manufacturers, no valley metal); open metal valleys for tile, slate, wood shakes and metal panels (IRC R905.3.8, R905.6.5, R905.8.8)';
