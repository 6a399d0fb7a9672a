/**
 * Estimate engine: measurement parsers, regional zones, pricing model, learning.
 * Pure TypeScript, no I/O: used by the server (pipeline, PDF, admin queue, quote upload check)
 * and by the browser (/estimate ballpark).
 */

export { measurementFromArea, OVERHANG_FACTOR, roofAreaFromFloorArea, slopeFactor } from './model/ballpark';
export { climateClass } from './model/climate';
export { computeEstimate, type EstimateOptions, pitchAreas, SOURCE_UNCERTAINTY } from './model/estimate';
export { CREDIBILITY_K, learnZoneFactor, type ZoneFactorUpdate } from './model/learning';
export { type PreliminarySize, preliminaryMeasurement } from './model/preliminary';
export { MATERIALS, MODEL_VERSION } from './model/price-book';
export { complexityWaste } from './model/waste';
export { detectMeasurementSource, MAX_MEASUREMENT_FILE_CHARS, parseMeasurementFile } from './parsers';
export { formatPitch } from './parsers/common';
export { isValidZip, lookupZone, ZONE_COUNT, type ZoneInfo } from './regional/zones';
export * from './types';
