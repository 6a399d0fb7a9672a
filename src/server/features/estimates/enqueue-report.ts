import type { Db } from '../../platform/db/index';
import type { JobQueue } from '../../platform/jobs/types';
import type { Platform } from '../../platform/platform';
import { createEstimatesRepo, type QuoteRow } from './estimates.repo';
import { measurementPlan } from './measurement-plan';

export type QueuedReportStatus = 'queued' | 'processing' | 'ready';

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
export async function queueReport(
  deps: { db: Db; jobs: JobQueue },
  quote: QuoteRow,
  opts: { force?: boolean } = {},
): Promise<QueuedReportStatus> {
  const repo = createEstimatesRepo(deps.db);
  const s = quote.reportStatus;
  // a second submission hook for the same quote changes nothing; admins force a new run
  if (!opts.force && (s === 'queued' || s === 'processing' || s === 'ready')) return s;
  if (measurementPlan(quote).kind === 'none' && s === 'ready' && quote.reportBasis === 'preliminary') {
    return s;
  }
  const run = await repo.markQueued(quote.id);
  await deps.jobs.send('report.generate', { quoteId: quote.id, run }, { singletonKey: quote.id });
  return 'queued';
}

/**
 * The hook for quote submission: call it once the quote is committed as `submitted`
 * (again after a retried submission is harmless). Null when the quote does not exist.
 */
export async function enqueueReport(
  platform: Pick<Platform, 'db' | 'jobs'>,
  quoteId: string,
): Promise<QueuedReportStatus | null> {
  const quote = await createEstimatesRepo(platform.db).findQuote(quoteId);
  if (!quote) return null;
  return queueReport(platform, quote);
}
