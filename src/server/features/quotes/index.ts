/**
 * The quotes feature's public surface: what other features may use of it (scripts/check-feature-
 * boundaries.mjs refuses any other way in). It owns the orders of a report (quotes) and their
 * files (uploads): the form's uploads, checkout, submission, status and the homeowner's list. Its
 * services are built in src/server/services.ts; the estimates feature stores an admin's measurement
 * file through QuoteUploadsService, and its parse workers check a file's content as the upload does.
 */

export type { AccountOrdersService } from './account-orders.service';
export { checkSketchContent, type SketchContentCheck } from './sketch-content';
export type { QuoteUploadsService } from './uploads.service';
