import {
  MEASUREMENT_SOURCES,
  type MeasurementSource,
  type RoofMeasurement,
} from '../../../domain/estimates/types';
import type { QuoteRow } from './estimates.repo';

export const MANUAL_SOURCE = 'Manual entry';

function isMeasurement(value: unknown): value is RoofMeasurement {
  const m = value as Partial<RoofMeasurement> | null;
  return !!m && typeof m === 'object' && typeof m.totalAreaSqFt === 'number' && Array.isArray(m.facets);
}

export type MeasurementPlan =
  | { kind: 'manual'; measurement: RoofMeasurement }
  | { kind: 'file'; uploadId: string; source: MeasurementSource }
  | { kind: 'none' };

/** Where a quote's measurements come from: an admin's typed figures win over a file, a file over nothing. */
export function measurementPlan(q: QuoteRow): MeasurementPlan {
  if (isMeasurement(q.measurement) && q.measurement.source === MANUAL_SOURCE) {
    return { kind: 'manual', measurement: q.measurement };
  }
  if (q.sketchUploadId && (MEASUREMENT_SOURCES as readonly string[]).includes(q.measurementFileSource)) {
    return { kind: 'file', uploadId: q.sketchUploadId, source: q.measurementFileSource as MeasurementSource };
  }
  return { kind: 'none' };
}
