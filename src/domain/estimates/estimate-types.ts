/**
 * Shapes of a priced estimate (the pricing model's output): line items, price zone, range,
 * warnings, reconciliations, the preliminary basis and the Estimate itself. Pure TypeScript:
 * imported by the server (pipeline, PDF report) and the browser (/estimate ballpark); the inputs
 * (measurement, order answers, completed jobs) are in types.ts.
 */

/**
 * Line item groups. 'adjustment' is the local market adjustment learned from completed jobs.
 * Overhead and profit is not a line item: it is Estimate.overheadAndProfitCents.
 */
export type LineItemCategory = 'tear-off' | 'materials' | 'labor' | 'fees' | 'adjustment' | 'overhead-profit';

export interface LineItem {
  code: string;
  description: string;
  /** Quantity in `unit` (may be fractional, e.g. 18.5 SQ). */
  quantity: number;
  /** e.g. 'SQ' (100 sq ft), 'LF', 'SHEET', 'ROLL', 'EA', 'JOB'. */
  unit: string;
  unitPriceCents: number;
  totalCents: number;
  category: LineItemCategory;
}

export interface PriceZone {
  /** e.g. "Z-752" (ZIP3 zone) */
  id: string;
  name: string;
  /** Labor cost index, national = 1. */
  laborIndex: number;
  /** Material cost index, national = 1. */
  materialIndex: number;
  /** Completed local jobs that informed the price (0 when none). */
  localJobs: number;
  /** USPS state code of the zone ('US' national fallback, 'MIL' military mail). */
  state: string;
  /** How much the regional figures can be trusted for this zone. */
  confidence: 'high' | 'medium' | 'low';
  /**
   * The local price level used for this ZIP: its metro's (BEA RPP 2023 by metro, via ZIP5 -> CBSA),
   * or its state's nonmetropolitan level (`nonmetropolitan: true`, cbsaCode ''); null where BEA has
   * no figure (the state level is used).
   */
  metro: {
    cbsaCode: string;
    name: string;
    rpp: number;
    factorVsState: number;
    nonmetropolitan?: boolean;
  } | null;
}

export interface EstimateRange {
  lowCents: number;
  expectedCents: number;
  highCents: number;
}

/** 'preliminary': priced without a measured roof (no file, no admin entry). */
export type EstimateBasis = 'measured' | 'preliminary';

/** A doubtful input printed in the report instead of being priced silently. */
export interface EstimateWarning {
  /** Stable code, e.g. 'pitch-table-short', 'area-per-facet-large'. */
  code: string;
  /** Plain words for the report reader. */
  message: string;
}

/** Two sources disagree (file vs order, file's waste vs applied): which was used and why. */
export interface Reconciliation {
  topic: 'stories' | 'waste' | 'area' | 'pitch' | 'plywood' | 'size';
  /** e.g. 'Measurement file: 1 storey'. */
  fileSays: string;
  /** e.g. 'Order: 2-Story'. */
  orderSays: string;
  /** What the price uses, e.g. '2-Story'. */
  used: string;
  reason: string;
}

/** What a preliminary (not measured) estimate assumed. */
export interface PreliminaryBasis {
  /** Roof area priced (sq ft) and how it was obtained. */
  assumedAreaSqFt: number;
  assumedPitch: number;
  /** 'roof-area' (customer's roof area), 'living-area' (from living area and stories), 'typical' (nothing given). */
  sizeFrom: 'roof-area' | 'living-area' | 'typical';
  /** One sentence: what was assumed. */
  assumption: string;
  /** One sentence: what happens next (measured report after our team measures). */
  nextSteps: string;
}

export interface Estimate {
  basis: EstimateBasis;
  /** Present when basis is 'preliminary'. */
  preliminary: PreliminaryBasis | null;
  lineItems: LineItem[];
  /** Sum of line items before overhead and profit (the work, the sales tax, the market adjustment). */
  subtotalCents: number;
  overheadAndProfitCents: number;
  /**
   * What overhead and profit is charged on: the work lines, without SALES-TAX and MARKET. Absent on
   * estimates priced before fmv-2025.4 (overhead and profit was then on the whole subtotal).
   */
  overheadAndProfitBaseCents?: number;
  /** Overhead and profit rate (0.2 = 20 %), shown as its own line with the rate. */
  overheadAndProfitRate: number;
  /** e.g. 'Insurance carriers may treat overhead and profit separately ...'. */
  overheadAndProfitNote: string;
  /** Sales tax on materials: whether the prices include it, at what rate, by state. */
  salesTax: { state: string; ratePercent: number; included: boolean; cents: number; text: string };
  /** Expected total (= range.expectedCents). */
  totalCents: number;
  range: EstimateRange;
  /** Why the range is as wide as it is (measurement source, complexity, data confidence, local jobs). */
  rangeReasons: string[];
  /** What the range covers, e.g. 'About 8 of 10 fair bids for this roof fall inside this range.' */
  rangeCoverage: string;
  /** Doubtful inputs (printed in the report as warnings). */
  warnings: EstimateWarning[];
  /** Conflicts between the file and the order, and how each was settled. */
  reconciliations: Reconciliation[];
  zone: PriceZone;
  assumptions: string[];
  /** Waste percentage applied to field material. */
  wastePercent: number;
  /** Local market factor applied (1 when no completed local jobs). */
  marketFactor: number;
  /**
   * Expected total of the model before the local market adjustment. Store it with the project:
   * when the project completes, finalCost / modelExpectedCents is the observation that teaches the zone.
   */
  modelExpectedCents: number;
  modelVersion: string;
}
