import type { Logger } from 'pino';
import type { Estimate } from '../../../domain/estimates/estimate-types';
import {
  BUILDING_HEIGHTS,
  type BuildingHeight,
  type EstimateInput,
  PLYWOOD_NEEDED,
  type PlywoodNeeded,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofLayers,
  type RoofMeasurement,
  type RoofSurfaceMaterial,
} from '../../../domain/estimates/types';
import { ridgeVentOf } from '../../../domain/quotes/options';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { JobInfo } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { EstimateEngine } from './engine';
import type { EstimatesRepo, QuoteRow, ReportBasis } from './estimates.repo';
import { FILE_NOT_PRICED_CODE, fileNotPricedMessage } from './file-not-priced';
import { marketObservations, type SalesSource } from './market-observations';
import { type MeasurementPlan, measurementPlan } from './measurement-plan';
import { reportDataOf } from './report-data';
import { errorText, oneOf, PermanentReportError } from './report-errors';
import { reportDownloadLink } from './report-link';
import { reportMail, reportRecipients } from './report-mail';
import { createMeasurementReader } from './report-measurement';
import { renderReportPdf } from './report-pdf';

export interface ReportPipelineDeps {
  repo: EstimatesRepo;
  /** Completed projects sold on our estimates: the model's learning data (the projects feature's). */
  projects: SalesSource;
  storage: FileStorage;
  mailer: Mailer;
  bus: EventBus;
  config: Config;
  logger: Logger;
  engine: EstimateEngine;
}

/** Where version `version` of a quote's report is stored (reports made before versions: no suffix). */
export const reportStorageKey = (quoteId: string, version?: number) =>
  version === undefined ? `reports/${quoteId}.pdf` : `reports/${quoteId}-v${version}.pdf`;

/**
 * The report pipeline of one quote: measurements (file or admin entry), price with the zone's
 * completed jobs, PDF, storage, mail to requester / homeowner / adjuster, then `report_ready`.
 */
export function createReportPipeline(deps: ReportPipelineDeps) {
  const { repo, projects, storage, mailer, bus, config, engine } = deps;
  const log = deps.logger.child({ module: 'report' });
  const baseUrl = config.publicUrl;

  const readMeasurement = createMeasurementReader(deps);

  async function priced(
    q: QuoteRow,
    plan: MeasurementPlan,
  ): Promise<{ measurement: RoofMeasurement; fileName: string | null; estimate: Estimate }> {
    const { measurement, fileName } = await readMeasurement(q, plan);
    let input: EstimateInput;
    try {
      input = {
        measurement,
        zipCode: q.zipCode,
        roofSurfaceMaterial: oneOf<RoofSurfaceMaterial>(
          ROOF_SURFACE_MATERIALS,
          q.roofSurfaceMaterial,
          'roof surface material',
        ),
        roofLayers: oneOf<RoofLayers>(ROOF_LAYERS, q.roofLayers, 'roof layers'),
        buildingHeight: oneOf<BuildingHeight>(BUILDING_HEIGHTS, q.buildingHeight, 'building height'),
        plywoodNeeded: oneOf<PlywoodNeeded>(PLYWOOD_NEEDED, q.plywoodNeeded, 'plywood answer'),
        // only the order's 'Yes' prices a ridge vent (in place of the box vents); 'No', 'Not sure'
        // and no answer keep the like-for-like vent allowance ('No' is said so in the assumption)
        ridgeVent: ridgeVentOf(q.ridgeVent),
        localObservations: await marketObservations(projects, q.zipCode),
      };
    } catch (err) {
      if (err instanceof RangeError)
        throw new PermanentReportError(`The quote's ZIP code "${q.zipCode}": ${err.message}`);
      throw err;
    }
    try {
      return { measurement, fileName, estimate: engine.price(input) };
    } catch (err) {
      // the model is pure: the same input fails the same way next time
      throw new PermanentReportError(`The estimate could not be priced: ${errorText(err)}`);
    }
  }

  /**
   * The measured report of a file plan; when the file cannot be priced (issue 24 #1: a paid order
   * always gets a report) the preliminary one from the form, naming the file's problem, which
   * also stays on the quote (report_error) so the admin queue says why it waits.
   */
  async function pricedOrPreliminary(q: QuoteRow, plan: MeasurementPlan) {
    try {
      return { ...(await priced(q, plan)), plan, fileProblem: null };
    } catch (err) {
      if (plan.kind !== 'file' || !(err instanceof PermanentReportError)) throw err;
      const problem = errorText(err);
      log.warn({ quoteId: q.id, reason: problem }, 'measurement file not priced: preliminary report instead');
      const fallback = await priced(q, { kind: 'none' });
      fallback.estimate.warnings.unshift({
        code: FILE_NOT_PRICED_CODE,
        message: fileNotPricedMessage(q.sketchFileName, problem),
      });
      return { ...fallback, plan: { kind: 'none' } as const, fileProblem: problem };
    }
  }

  async function generate(q: QuoteRow, run: number, requested: MeasurementPlan): Promise<void> {
    const { measurement, fileName, estimate, plan, fileProblem } = await pricedOrPreliminary(q, requested);
    const basis: ReportBasis = plan.kind === 'none' ? 'preliminary' : 'measured';

    // a new version after the last one mailed; a crash before it is recorded makes the same number again
    const version = await repo.nextReportVersion(q.id);
    const pdf = await renderReportPdf({
      ...reportDataOf(q, measurement, estimate, fileName, config),
      version,
    });
    const storageKey = reportStorageKey(q.id, version);
    await storage.put(storageKey, pdf);

    const link = reportDownloadLink({
      secret: config.sessionSecret,
      baseUrl,
      reference: q.reference,
      version,
    });
    // mail before marking ready: a crash in between repeats a mail, it never loses one
    for (const recipient of reportRecipients(q)) {
      await mailer.send(
        reportMail({
          brandName: config.brandName,
          supportEmail: config.supportEmail,
          quote: q,
          recipient,
          measurement,
          estimate,
          link,
          pdf,
          version,
        }),
      );
    }
    const marked = await repo.markReady(q.id, run, {
      version,
      basis,
      storageKey,
      measurement: measurement as unknown as Record<string, unknown>,
      estimate: estimate as unknown as Record<string, unknown>,
      note: fileProblem,
    });
    if (!marked) {
      log.warn({ quoteId: q.id, run }, 'report made for a run that a newer one replaced; status left alone');
      return;
    }
    const userIds = await repo.recipientUserIds(q);
    await publishToUsers(bus, userIds, { type: 'report_ready', quoteId: q.id, reference: q.reference });
    log.info(
      { quoteId: q.id, reference: q.reference, version, basis, totalCents: estimate.totalCents },
      'report ready',
    );
  }

  /** Marks run `run` failed and tells the quote's people; nothing when a newer run (or its end) came since. */
  async function fail(
    q: QuoteRow,
    run: number,
    reason: string,
    opts: { onlyIfProcessing?: boolean } = {},
  ): Promise<void> {
    if (!(await repo.markFailed(q.id, run, reason, opts))) {
      log.info({ quoteId: q.id, run }, 'failure of a run that is no longer current; status left alone');
      return;
    }
    const userIds = await repo.recipientUserIds(q).catch(() => []);
    await publishToUsers(bus, userIds, {
      type: 'report_failed',
      quoteId: q.id,
      reference: q.reference,
    }).catch((err) => log.error({ err, quoteId: q.id }, 'report_failed event not published'));
  }

  return {
    /** The `report.generate` job. Throws (so the queue retries) only for problems another attempt may fix. */
    async run(quoteId: string, job?: JobInfo, queuedRun?: number): Promise<void> {
      const quote = await repo.findQuote(quoteId);
      if (!quote) {
        log.warn({ quoteId }, 'report job for a quote that does not exist');
        return;
      }
      if (quote.status !== 'submitted') {
        log.warn({ quoteId, status: quote.status }, 'report job for a quote that is not submitted');
        return;
      }
      // every status change below is conditional on this run: a newer run queued since wins
      const run = queuedRun ?? quote.reportRun;
      if (run !== quote.reportRun) {
        log.info({ quoteId, run, current: quote.reportRun }, 'report job of a run that a newer one replaced');
        return;
      }
      // without measurements the preliminary report is made at once; the quote stays in the admin queue
      const plan = measurementPlan(quote);
      const current = await repo.markProcessing(quote.id, run);
      if (!current) return; // gone, or replaced by a newer run in between
      try {
        await generate(current, run, plan);
      } catch (err) {
        if (err instanceof PermanentReportError) {
          log.warn({ quoteId, reason: err.message }, 'report failed');
          await fail(current, run, err.message);
          return;
        }
        const last = !job || job.retryCount >= job.retryLimit;
        if (last) await fail(current, run, reasonAfterRetries(err, current.reportAttempts));
        throw err;
      }
    },

    /**
     * Called by the queue when the job of run `run` ran out of retries (also after a crash or a
     * time-out), possibly long after: it marks that run failed only if it is still the current
     * run and still 'processing' (a run that never finished). An admin's newer run is left alone.
     */
    async onFinalFailure(quoteId: string, error: string, run?: number): Promise<void> {
      const quote = await repo.findQuote(quoteId);
      if (!quote) return;
      // jobs queued before runs existed carry none: they can only belong to the current run
      await fail(quote, run ?? quote.reportRun, reasonAfterRetries(error, quote.reportAttempts), {
        onlyIfProcessing: true,
      });
    },
  };
}

function reasonAfterRetries(err: unknown, attempts: number): string {
  return errorText(
    `The report could not be made after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}: ${errorText(err)}`,
  );
}

export type ReportPipeline = ReturnType<typeof createReportPipeline>;
