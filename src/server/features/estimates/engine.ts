import {
  computeEstimate,
  lookupZone,
  measurementFromArea,
  parseMeasurementFile,
} from '../../../domain/estimate/index';
import type { EstimateEngine } from './report-pipeline';

/** The estimate engine of src/domain/estimate, as the report pipeline uses it. */
export const estimateEngine: EstimateEngine = {
  parse: parseMeasurementFile,
  price: (input) => computeEstimate(input),
  zoneIdOf: (zipCode) => lookupZone(zipCode).id,
  fromArea: (totalAreaSqFt, pitch) => measurementFromArea(totalAreaSqFt, pitch, 'Manual entry'),
};
