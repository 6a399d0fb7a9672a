import { z } from 'zod';
import {
  type ManualMeasurement,
  type ReportJobAccepted,
  type ReportQueue,
  type ReportQueueQuery,
  reportMessages,
} from '../../../domain/estimates/report/schemas';
import { MeasurementParseError, type MeasurementSource } from '../../../domain/estimates/types';
import { checkSketchFile, checkSketchMatchesSource } from '../../../domain/quotes/sketch-file';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { quotes } from '../../platform/db/schema';
import {
  AppError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import { cachedByQuery, type ReadCache } from '../../platform/read-cache';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { QuoteUploadsService } from '../quotes';
import type { EstimateEngine } from './engine';
import { createEstimatesRepo, type QuoteRow } from './estimates.repo';
import { fileNotPricedReason } from './file-not-priced';
import { measurementPlan } from './measurement-plan';
import { checkReportLink, linkVersion } from './report-link';
import { propertyLine, reportFileName } from './report-mail';

const uuid = z.uuid();

export type QueuedReportStatus = 'queued' | 'processing' | 'ready';

/** The admin queue's reason for a quote whose preliminary report was mailed and that still waits for measurements. */
export const PRELIMINARY_SENT_REASON =
  'A preliminary report (not measured) was mailed: enter the total area and predominant pitch, or attach the measurement file, to send the measured report.';

/** quotes.report_basis as the API names it: null before the first report. */
function reportBasisOf(basis: string | null): 'preliminary' | 'measured' | null {
  return basis === 'preliminary' || basis === 'measured' ? basis : null;
}

export interface EstimatesServiceDeps {
  db: Db;
  jobs: JobQueue;
  storage: FileStorage;
  config: Config;
  engine: EstimateEngine;
  /** The quotes feature, which stores an admin's measurement file as the quote's sketch file. */
  sketches: Pick<QuoteUploadsService, 'attachMeasurementFile'>;
  readCache: ReadCache;
}

export interface Actor {
  /** Null for an organisation's API key (no user). */
  userId: string | null;
  ip?: string;
}

export interface ReportDownload {
  filename: string;
  bytes: Buffer;
}

/** A file name safe to show and store: no path separators or control characters, at most 255 characters. */
function cleanFileName(name: string): string {
  const kept = [...name.replace(/[\\/]/g, '_')].filter((c) => c.charCodeAt(0) >= 0x20).join('');
  return kept.slice(-255) || 'measurements';
}

export function createEstimatesService(deps: EstimatesServiceDeps) {
  const { db, jobs, storage, config, engine } = deps;
  const repo = createEstimatesRepo(db);
  // the admins' report queue: its pages kept until a quote changes (decision 005)
  const queuePage = cachedByQuery(
    deps.readCache.define<Awaited<ReturnType<typeof repo.listQueue>>>('estimates.reportQueue', [quotes]),
    repo.listQueue,
  );

  async function submittedQuote(quoteId: string): Promise<QuoteRow> {
    if (!uuid.safeParse(quoteId).success) throw new NotFoundError(reportMessages.quoteNotFound);
    const quote = await repo.findQuote(quoteId);
    if (!quote) throw new NotFoundError(reportMessages.quoteNotFound);
    if (quote.status !== 'submitted') throw new ConflictError(reportMessages.notSubmitted);
    if (quote.reportStatus === 'processing') throw new ConflictError(reportMessages.alreadyRunning);
    return quote;
  }

  /**
   * Queues the report of a submitted quote: `queued` and a `report.generate` job. With a
   * measurement file or typed measurements the job makes the measured report; without them it
   * makes the preliminary one at once (the quote then stays in the admin queue until an admin
   * gives measurements, which makes the measured report as a new version).
   * Idempotent: a quote already queued, in progress or ready is left alone unless `force` (admin
   * actions), and the queue holds one waiting job per quote at most (singletonKey = quote id).
   * A quote whose preliminary report is out and that still has no measurements gets no second
   * preliminary one, even forced.
   */
  async function queueReport(quote: QuoteRow, opts: { force?: boolean } = {}): Promise<QueuedReportStatus> {
    const s = quote.reportStatus;
    // a second submission hook for the same quote changes nothing; admins force a new run
    if (!opts.force && (s === 'queued' || s === 'processing' || s === 'ready')) return s;
    if (measurementPlan(quote).kind === 'none' && s === 'ready' && quote.reportBasis === 'preliminary') {
      return s;
    }
    const run = await repo.markQueued(quote.id);
    await jobs.send('report.generate', { quoteId: quote.id, run }, { singletonKey: quote.id });
    return 'queued';
  }

  async function requeue(quoteId: string): Promise<ReportJobAccepted> {
    const quote = await repo.findQuote(quoteId);
    if (!quote) throw new NotFoundError(reportMessages.quoteNotFound);
    const reportStatus = await queueReport(quote, { force: true });
    return { quoteId: quote.id, reference: quote.reference, reportStatus };
  }

  return {
    /**
     * The hook for quote submission (services.ts gives it to the quotes feature): call it once
     * the quote is committed as `submitted` (again after a retried submission is harmless). Null
     * when the quote does not exist.
     */
    async enqueueReport(quoteId: string): Promise<QueuedReportStatus | null> {
      const quote = await repo.findQuote(quoteId);
      if (!quote) return null;
      return queueReport(quote);
    },

    async queue(query: ReportQueueQuery): Promise<ReportQueue> {
      const { rows, nextCursor } = await queuePage(query);
      return {
        nextCursor,
        items: rows.map((q) => ({
          quoteId: q.id,
          reference: q.reference,
          reportStatus:
            q.reportStatus === 'failed' ? ('failed' as const) : ('awaiting_measurements' as const),
          reason:
            q.reportStatus === 'failed'
              ? (q.reportError ?? 'The report failed for an unknown reason.')
              : q.reportBasis === 'preliminary'
                ? q.reportError
                  ? fileNotPricedReason(q.reportError)
                  : PRELIMINARY_SENT_REASON
                : reportMessages.noFileReason,
          reportAttempts: q.reportAttempts,
          requesterName: `${q.requesterFirstName} ${q.requesterLastName}`.trim(),
          requesterEmail: q.requesterEmail,
          propertyAddress: propertyLine(q),
          measurementFileSource: q.measurementFileSource,
          sketchFileName: q.sketchFileName,
          insuranceInvolved: q.insuranceInvolved.trim().toLowerCase() === 'yes',
          submittedAt: q.submittedAt?.toISOString() ?? null,
          updatedAt: q.updatedAt.toISOString(),
          orderReportStatus: q.reportStatus,
          latestReportBasis: reportBasisOf(q.reportBasis),
          roofAreaSqFt: q.roofAreaSqFt,
          livingAreaSqFt: q.livingAreaSqFt,
          stories: q.stories,
        })),
      };
    },

    async enterManualMeasurement(
      quoteId: string,
      input: ManualMeasurement,
      actor: Actor,
    ): Promise<ReportJobAccepted> {
      const quote = await submittedQuote(quoteId);
      const measurement = engine.fromArea(input.totalAreaSqFt, input.predominantPitch);
      await repo.saveManualMeasurement(quote.id, measurement as unknown as Record<string, unknown>);
      await audit(db, {
        actorId: actor.userId,
        action: 'report.measurements_entered',
        entityType: 'quote',
        entityId: quote.id,
        data: { totalAreaSqFt: input.totalAreaSqFt, predominantPitch: input.predominantPitch },
        ip: actor.ip,
      });
      return requeue(quote.id);
    },

    /** Checks the file with the parser first: a file that cannot be read is refused here, not in the job. */
    async attachMeasurementFile(
      quoteId: string,
      file: { source: MeasurementSource; fileName: string; bytes: Buffer },
      actor: Actor,
    ): Promise<ReportJobAccepted> {
      const quote = await submittedQuote(quoteId);
      // the quote form's rules for sketch files: type, size, and a file that fits the source
      const check = checkSketchFile(file.fileName, file.bytes.length);
      if (!check.ok) {
        if (check.kind === 'type') throw new UnsupportedMediaTypeError(check.message);
        if (check.kind === 'size') throw new PayloadTooLargeError(check.message);
        throw new ValidationError(check.message, { file: [check.message] });
      }
      const mismatch = checkSketchMatchesSource(file.source, file.fileName);
      if (mismatch) throw new ValidationError(mismatch, { file: [mismatch] });
      try {
        await engine.parse(file.source, file.fileName, file.bytes.toString('utf8'));
      } catch (err) {
        if (err instanceof MeasurementParseError)
          throw new ValidationError(err.message, { file: [err.message] });
        throw err;
      }
      await deps.sketches.attachMeasurementFile(quote.id, {
        source: file.source,
        fileName: cleanFileName(file.fileName),
        extension: check.extension,
        bytes: file.bytes,
        uploadedBy: actor.userId,
      });
      await audit(db, {
        actorId: actor.userId,
        action: 'report.measurement_file_attached',
        entityType: 'quote',
        entityId: quote.id,
        data: { source: file.source, fileName: file.fileName, size: file.bytes.length },
        ip: actor.ip,
      });
      return requeue(quote.id);
    },

    async retry(quoteId: string, actor: Actor): Promise<ReportJobAccepted> {
      const quote = await submittedQuote(quoteId);
      await audit(db, {
        actorId: actor.userId,
        action: 'report.retry',
        entityType: 'quote',
        entityId: quote.id,
        data: { previousStatus: quote.reportStatus, previousError: quote.reportError },
        ip: actor.ip,
      });
      return requeue(quote.id);
    },

    /**
     * The latest report of a quote, for the project made from it (issue 23 #7: the projects
     * feature checks who may open the project first); undefined while there is none.
     */
    async latestReportOf(quoteId: string): Promise<(ReportDownload & { size: number }) | undefined> {
      if (!uuid.safeParse(quoteId).success) return undefined;
      const quote = await repo.findQuote(quoteId);
      if (!quote?.reportStorageKey || !(await storage.exists(quote.reportStorageKey))) return undefined;
      const bytes = await storage.get(quote.reportStorageKey);
      return { filename: reportFileName(config.brandName, quote.reference), bytes, size: bytes.length };
    },

    /**
     * The PDF of a signed link: version `v` when the link names one (signed with it), else the
     * latest report (links mailed before versions existed).
     */
    async download(
      reference: string,
      expires: string | undefined,
      sig: string | undefined,
      v?: string,
    ): Promise<ReportDownload> {
      const check = checkReportLink(config.sessionSecret, reference, expires, sig, new Date(), v);
      if (check === 'invalid') throw new ForbiddenError(reportMessages.linkInvalid);
      if (check === 'expired') throw new AppError(410, reportMessages.linkExpired);
      const quote = await repo.findQuoteByReference(reference);
      if (!quote) throw new NotFoundError(reportMessages.quoteNotFound);
      const version = linkVersion(v);
      let storageKey = quote.reportStorageKey;
      let filename = reportFileName(config.brandName, quote.reference);
      if (typeof version === 'number') {
        const row = await repo.reportVersion(quote.id, version);
        storageKey = row?.storageKey ?? null;
        // the first version keeps the report's usual name; later ones say which they are
        filename = reportFileName(config.brandName, quote.reference, version);
      }
      if (!storageKey || !(await storage.exists(storageKey))) {
        throw new NotFoundError(reportMessages.reportNotReady);
      }
      return { filename, bytes: await storage.get(storageKey) };
    },
  };
}

export type EstimatesService = ReturnType<typeof createEstimatesService>;
