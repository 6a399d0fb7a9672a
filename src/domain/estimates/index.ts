/**
 * Estimate engine: measurement parsers, regional zones, pricing model, learning.
 * Pure TypeScript, no I/O: used by the server (pipeline, PDF, admin queue, quote upload check)
 * and by the browser (/estimate ballpark).
 */

export * from './estimate-types';
export { measurementFromArea, OVERHANG_FACTOR, roofAreaFromFloorArea, slopeFactor } from './model/ballpark';
export { climateClass } from './model/climate';
export {
  computeEstimate,
  computeEstimateInZone,
  type EstimateOptions,
  pitchAreas,
  SOURCE_UNCERTAINTY,
} from './model/estimate';
export { CREDIBILITY_K, learnZoneFactor, type ZoneFactorUpdate } from './model/learning';
export { MATERIALS } from './model/material-specs';
export {
  PRELIMINARY_PITCH,
  type PreliminarySize,
  preliminaryBasis,
  preliminaryMeasurement,
  TYPICAL_LIVING_AREA,
  typicalRoofArea,
} from './model/preliminary';
export { MODEL_VERSION, OVERHEAD_AND_PROFIT, OVERHEAD_AND_PROFIT_NOTE } from './model/price-book';
export { assertPriceableZip, unpriceableZipReason } from './model/priceable-zip';
export { allowanceCounts } from './model/roofing-items';
export { STATE_SALES_TAX_PERCENT, salesTaxOnMaterials } from './model/sales-tax';
export { measurementWarnings, SANITY } from './model/sanity';
export { complexityWaste } from './model/waste';
export { detectMeasurementSource, MAX_MEASUREMENT_FILE_CHARS, parseMeasurementFile } from './parsers';
export { formatPitch } from './parsers/common';
export { isValidZip, lookupZone, ZONE_COUNT, type ZoneInfo } from './regional/zones';
export * from './types';
