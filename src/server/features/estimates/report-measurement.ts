import {
  BUILDING_HEIGHTS,
  type BuildingHeight,
  MeasurementParseError,
  type RoofMeasurement,
} from '../../../domain/estimates/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { EstimateEngine } from './engine';
import type { EstimatesRepo, QuoteRow } from './estimates.repo';
import type { MeasurementPlan } from './measurement-plan';
import { errorText, oneOf, PermanentReportError } from './report-errors';

/**
 * A report's roof measurement, as its plan says: the admin's entry, the uploaded file parsed, or
 * the preliminary one from the order's size fields. A problem another attempt cannot fix is a
 * PermanentReportError; a storage failure is not (it may pass).
 */
export function createMeasurementReader(deps: {
  repo: EstimatesRepo;
  storage: FileStorage;
  engine: EstimateEngine;
}) {
  const { repo, storage, engine } = deps;
  return async function readMeasurement(
    q: QuoteRow,
    plan: MeasurementPlan,
  ): Promise<{ measurement: RoofMeasurement; fileName: string | null }> {
    if (plan.kind === 'manual') return { measurement: plan.measurement, fileName: null };
    if (plan.kind === 'none') {
      // no measurements yet: the preliminary report, from the order's size fields or a typical roof
      const stories = q.stories === '1' || q.stories === '2' || q.stories === '3' ? q.stories : null;
      try {
        return {
          measurement: engine.preliminary({
            roofAreaSqFt: q.roofAreaSqFt,
            livingAreaSqFt: q.livingAreaSqFt,
            stories,
            buildingHeight: oneOf<BuildingHeight>(BUILDING_HEIGHTS, q.buildingHeight, 'building height'),
          }),
          fileName: null,
        };
      } catch (err) {
        if (err instanceof PermanentReportError) throw err;
        throw new PermanentReportError(`The preliminary measurement could not be made: ${errorText(err)}`);
      }
    }
    const upload = await repo.findUpload(plan.uploadId);
    if (!upload)
      throw new PermanentReportError(
        'The uploaded measurement file of this quote is missing from the database.',
      );
    let bytes: Buffer;
    try {
      bytes = await storage.get(upload.storageKey);
    } catch (err) {
      // may be a storage outage: worth another attempt
      throw new Error(
        `The measurement file "${upload.fileName}" could not be read from storage: ${errorText(err)}`,
      );
    }
    const text = bytes.toString('utf8');
    try {
      return {
        measurement: await engine.parse(plan.source, upload.fileName, text),
        fileName: upload.fileName,
      };
    } catch (err) {
      if (err instanceof MeasurementParseError) throw new PermanentReportError(err.message);
      throw new PermanentReportError(
        `The measurement file "${upload.fileName}" could not be read as ${plan.source}: ${errorText(err)}`,
      );
    }
  };
}
