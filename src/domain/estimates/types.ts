/**
 * Shared shapes of the estimate engine (measurement parsers, pricing model, learning).
 * Pure TypeScript: imported by the server (pipeline, PDF report, admin queue) and the browser
 * (/estimate ballpark, quote upload check). Keep this file stable. The shapes of a priced estimate
 * (line items, zone, range, Estimate) are in estimate-types.ts.
 */

/** Measurement file sources of spec 1 §3 (word for word), without the no-file option. */
export const MEASUREMENT_SOURCES = [
  'HOVER .json',
  'Eagleview .xml',
  'Roofr .csv',
  'GAF QuickSquare .xml',
] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

/**
 * Where a measurement came from: a parsed file, an admin typing area and pitch, the ballpark form,
 * or a preliminary order without a file (a size the customer gave, or the typical size for the
 * building height when they gave none).
 */
export type MeasurementOrigin = MeasurementSource | 'Manual entry' | 'Ballpark' | 'Preliminary';

/** roofSurfaceMaterial values of spec 1 §3 (word for word). */
export const ROOF_SURFACE_MATERIALS = [
  '25 YEAR 3-TAB SHINGLE',
  '30 YEAR LAMINATE SHINGLE',
  '40 YEAR LAMINATE SHINGLE',
  '50 YEAR LAMINATE SHINGLE',
  'PRESIDENTIAL SHAKE SHINGLE',
  'WOOD SHAKE',
  'TILE - CLAY',
  'TILE - CONCRETE',
  'METAL',
  'SLATE',
] as const;
export type RoofSurfaceMaterial = (typeof ROOF_SURFACE_MATERIALS)[number];

/** buildingHeight values of spec 1 §3. */
export const BUILDING_HEIGHTS = ['1-Story', '2-Story', 'Mix of 1 and 2'] as const;
export type BuildingHeight = (typeof BUILDING_HEIGHTS)[number];

/** roofLayers values of spec 1 §3. */
export const ROOF_LAYERS = ['1 Layer', '1 Layer over shake', '2 Layers over shake'] as const;
export type RoofLayers = (typeof ROOF_LAYERS)[number];

/** plywoodNeeded values of spec 1 §3. */
export const PLYWOOD_NEEDED = ['Yes', 'No'] as const;
export type PlywoodNeeded = (typeof PLYWOOD_NEEDED)[number];

/** A point of a facet outline: [x, y] or [x, y, z], feet in the file's local frame. */
export type MeasurementPoint = [number, number] | [number, number, number];

export interface RoofFacet {
  /** The file's own id (e.g. EagleView "F3"), when it has one. */
  id?: string;
  /** Sloped (true) area in sq ft. */
  areaSqFt: number;
  /** Rise in inches per 12 in of run (6 means 6/12). */
  pitch: number;
  /** Outline when the file carries geometry (EagleView, GAF); absent otherwise. */
  polygon?: MeasurementPoint[];
}

/** Lengths in decimal feet. */
export interface RoofLengths {
  ridges: number;
  hips: number;
  valleys: number;
  rakes: number;
  eaves: number;
  /** Headwall / apron / wall flashing. */
  flashing: number;
  /** Sloped roof-to-wall step flashing. */
  stepFlashing: number;
}

export interface WasteRow {
  percent: number;
  areaSqFt: number;
  squares: number;
}

/** A roof line with its end points, when the file carries geometry (for drawings). */
export interface RoofLine {
  type: 'ridge' | 'hip' | 'valley' | 'rake' | 'eave' | 'flashing' | 'stepFlashing' | 'parapet';
  from: [number, number, number];
  to: [number, number, number];
}

export interface RoofMeasurement {
  source: MeasurementOrigin;
  /** One entry per roof facet. Files without per-facet data (HOVER, Roofr) give one entry per pitch bucket. */
  facets: RoofFacet[];
  /** Number of roof facets stated by the file; null when the format does not carry it (Roofr). */
  facetCount: number | null;
  /** Sloped roof area in sq ft, waste not included. */
  totalAreaSqFt: number;
  /** totalAreaSqFt / 100, rounded to 2 decimals. */
  squares: number;
  /** Rise per 12 of the pitch with the largest area. */
  predominantPitch: number;
  /** Area (sq ft) by pitch label "n/12". */
  areaByPitch: Record<string, number>;
  /** Area at pitch 2/12 or lower (needs low-slope treatment). */
  lowSlopeAreaSqFt: number;
  lengths: RoofLengths;
  /**
   * True when the format reports ridges and hips as one combined length (HOVER);
   * lengths.ridges then holds the combined length and lengths.hips is 0.
   */
  ridgesAndHipsCombined: boolean;
  /** Lines with 3D end points, when the file has geometry. */
  lines?: RoofLine[];
  /** Waste table from the file (HOVER) when given. */
  wasteTable?: WasteRow[];
  /** Vendor's suggested waste percentage (EagleView summary) when given. */
  suggestedWastePercent?: number;
  /** Stories stated by the file ("1" or ">1", EagleView) when given. */
  stories?: string;
  address?: string;
  /** Non-fatal remarks found while reading the file (shown to admins / in the report). */
  warnings: string[];
}

/**
 * A completed job: final cost paid vs what the model expected (both integer cents), with where
 * and by which model version it was priced (the learning pools zone, state and nation, and
 * discounts older model versions).
 */
export interface MarketObservation {
  finalCostCents: number;
  modelExpectedCents: number;
  /** Price zone of the job (lookupZone(zip).id); absent: the zone being priced. */
  zoneId?: string;
  /**
   * USPS state of the job's zone. Absent on a job of the zone being priced: that zone's state;
   * absent on a job of another zone: the job informs the national level only.
   */
  state?: string;
  /** modelVersion of the estimate modelExpectedCents comes from; absent: the current version. */
  modelVersion?: string;
  /** When the project was completed (ISO 8601), when known. */
  completedAt?: string;
  /** The contractor who did the job: one contractor weighs one job at most in the learning. */
  contractorId?: string;
}

export interface EstimateInput {
  measurement: RoofMeasurement;
  /** 5-digit US ZIP. */
  zipCode: string;
  roofSurfaceMaterial: RoofSurfaceMaterial;
  roofLayers: RoofLayers;
  buildingHeight: BuildingHeight;
  plywoodNeeded: PlywoodNeeded;
  /**
   * The order's "Ridge vent" answer (issue 24 #7; measurement files never say): true for 'Yes', a
   * ridge vent priced in place of the box-vent allowance (never both); false for 'No' and absent
   * for 'Not sure' or no answer, the existing vents replaced like for like (the assumption says
   * which).
   */
  ridgeVent?: boolean;
  /**
   * Completed jobs that teach the price (the learning step): the zone's own, its state's and the
   * nation's, each with its zoneId and state (see MarketObservation); empty or absent when none.
   */
  localObservations?: MarketObservation[];
}

/** Where in a file a problem was found (shown to the user). */
export interface MeasurementParseLocation {
  /** e.g. 'line 42', 'column "Total roof area (Sqft)"', 'roof.pitch[2]', '<LINES> in ROOF R1' */
  where: string;
}

/**
 * A measurement file that cannot be read. `message` is user-facing: it says what is wrong and
 * where in the file, in plain words.
 */
export class MeasurementParseError extends Error {
  readonly fileName: string;
  readonly source: MeasurementSource;
  /** Part of the file the problem is in (e.g. 'line 12', 'roof.pitch'), when known. */
  readonly where: string | undefined;
  constructor(message: string, opts: { fileName: string; source: MeasurementSource; where?: string }) {
    super(message);
    this.name = 'MeasurementParseError';
    this.fileName = opts.fileName;
    this.source = opts.source;
    this.where = opts.where;
  }
}
