/**
 * The estimates feature's public surface: what other features may use of it (scripts/check-
 * feature-boundaries.mjs refuses any other way in). It makes the Fair Market Value reports: the
 * report pipeline (report-pipeline.ts, job `report.generate`), the admin queue and downloads
 * (estimates.service.ts), and the parse pool that reads measurement files off the event loop.
 * The quotes feature queues a submitted quote's report through EstimatesService.enqueueReport
 * (given to it in src/server/services.ts) and links to the report it mails.
 */
export type { EstimatesService, QueuedReportStatus } from './estimates.service';
export { type ParsePool, parsePool } from './parse-pool';
export { type ReportLink, reportDownloadLink } from './report-link';
