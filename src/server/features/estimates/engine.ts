import {
  computeEstimate,
  lookupZone,
  measurementFromArea,
  preliminaryMeasurement,
} from '../../../domain/estimates/index';
import { parsePool } from './parse-pool';
import type { EstimateEngine } from './report-pipeline';

/** The estimate engine of src/domain/estimates, as the report pipeline uses it; files are parsed in a worker. */
export const estimateEngine: EstimateEngine = {
  parse: (source, fileName, text) => parsePool().parse(source, fileName, text),
  price: (input) => computeEstimate(input),
  zoneIdOf: (zipCode) => lookupZone(zipCode).id,
  fromArea: (totalAreaSqFt, pitch) => measurementFromArea(totalAreaSqFt, pitch, 'Manual entry'),
  preliminary: (size) => preliminaryMeasurement(size),
};
