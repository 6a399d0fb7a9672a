import type { Estimate } from '../../../domain/estimates/estimate-types';
import {
  computeEstimate,
  lookupZone,
  measurementFromArea,
  preliminaryMeasurement,
} from '../../../domain/estimates/index';
import type { PreliminarySize } from '../../../domain/estimates/model/preliminary';
import type { EstimateInput, MeasurementSource, RoofMeasurement } from '../../../domain/estimates/types';
import { parsePool } from './parse-pool';

/** What the pipeline needs from the estimate engine (src/domain/estimates). */
export interface EstimateEngine {
  /** Off the main thread, within a time budget; MeasurementParseError for a file that cannot be read. */
  parse(source: MeasurementSource, fileName: string, text: string): Promise<RoofMeasurement>;
  price(input: EstimateInput): Estimate;
  /** The price zone id of a ZIP code (every 5-digit ZIP has one). */
  zoneIdOf(zipCode: string): string;
  /** A measurement from an admin's typed total area (sq ft) and predominant pitch (rise per 12). */
  fromArea(totalAreaSqFt: number, pitch: number): RoofMeasurement;
  /** The measurement of an order without a file (preliminary report): a given size or a typical one. */
  preliminary(size: PreliminarySize): RoofMeasurement;
}

/** The estimate engine of src/domain/estimates, as the report pipeline uses it; files are parsed in a worker. */
export const estimateEngine: EstimateEngine = {
  parse: (source, fileName, text) => parsePool().parse(source, fileName, text),
  // completed jobs are aged to now (a job dated later is refused)
  price: (input) => computeEstimate(input, { asOf: new Date().toISOString() }),
  zoneIdOf: (zipCode) => lookupZone(zipCode).id,
  fromArea: (totalAreaSqFt, pitch) => measurementFromArea(totalAreaSqFt, pitch, 'Manual entry'),
  preliminary: (size) => preliminaryMeasurement(size),
};
