import { z } from 'zod';
import { cursorParam, limitParam } from '../../lists';
import { reportBases, reportStatuses } from '../../quotes/quote-calls';
import { MEASUREMENT_SOURCES } from '../types';

/**
 * Calls of the Fair Market Value report pipeline: the admin queue of quotes waiting for
 * measurements or whose report failed, admin measurement entry and retry, and the signed
 * download link mailed with the report.
 */

/** A mailed download link works this long without an account. */
export const REPORT_LINK_TTL_DAYS = 30;

/** The report job is tried this many times after its first failure before it is shown to admins. */
export const REPORT_RETRY_LIMIT = 3;

/** Admin-typed measurements: bounds that catch a slipped digit without refusing real roofs. */
export const MANUAL_AREA_MIN_SQ_FT = 100;
export const MANUAL_AREA_MAX_SQ_FT = 100_000;
export const MANUAL_PITCH_MAX = 24;

export const reportMessages = {
  noFileReason:
    "No measurement file was uploaded (I don't have a sketch file available): enter the total area and predominant pitch, or attach the file.",
  quoteNotFound: 'This quote does not exist.',
  reportNotReady: 'This report is not ready yet.',
  linkInvalid: 'This download link is not valid. Use the link from your report e-mail.',
  linkExpired:
    'This download link has expired. Contact support with your Project ID and we will send a new one.',
  notSubmitted: 'This quote has not been submitted yet, so there is no report to make.',
  alreadyRunning: 'The report of this quote is being made right now. Wait for it to finish.',
  areaRequired: 'Enter the total roof area in square feet.',
  areaRange: `Enter a total roof area between ${MANUAL_AREA_MIN_SQ_FT.toLocaleString('en-US')} and ${MANUAL_AREA_MAX_SQ_FT.toLocaleString('en-US')} sq ft.`,
  pitchRequired: 'Enter the predominant pitch, for example 6/12.',
  pitchFormat: `Enter the predominant pitch as rise per 12 in of run, from 0/12 to ${MANUAL_PITCH_MAX}/12 (for example 6/12).`,
  fileRequired: 'Attach the measurement file.',
  sourceRequired: `Choose the measurement file source: ${MEASUREMENT_SOURCES.join(', ')}.`,
  multipartFields:
    'Send the measurement file with its source, or JSON with totalAreaSqFt and predominantPitch.',
} as const;

/** "6/12", "6", "6.5/12" or a number: the rise per 12 in of run, 0 to 24, in half steps at most. */
export function parsePitchInput(value: unknown): number | null {
  let rise: number;
  if (typeof value === 'number') rise = value;
  else if (typeof value === 'string') {
    const m = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*12)?\s*$/.exec(value);
    if (!m?.[1]) return null;
    rise = Number(m[1]);
  } else return null;
  if (!Number.isFinite(rise) || rise < 0 || rise > MANUAL_PITCH_MAX) return null;
  return Math.round(rise * 2) / 2;
}

export const manualMeasurementSchema = z
  .object({
    totalAreaSqFt: z.coerce
      .number({ error: reportMessages.areaRequired })
      .refine(Number.isFinite, reportMessages.areaRequired)
      .refine((v) => v >= MANUAL_AREA_MIN_SQ_FT && v <= MANUAL_AREA_MAX_SQ_FT, reportMessages.areaRange),
    predominantPitch: z
      .union([z.string(), z.number()], { error: reportMessages.pitchRequired })
      .refine((v) => !(typeof v === 'string' && v.trim() === ''), reportMessages.pitchRequired)
      .refine((v) => parsePitchInput(v) !== null, reportMessages.pitchFormat)
      .transform((v) => parsePitchInput(v) as number),
  })
  .meta({ id: 'ManualMeasurement' });

export type ManualMeasurementInput = z.input<typeof manualMeasurementSchema>;
export type ManualMeasurement = z.output<typeof manualMeasurementSchema>;

export const measurementSourceSchema = z.enum(MEASUREMENT_SOURCES, { error: reportMessages.sourceRequired });

export const reportStatusSchema = z.enum(reportStatuses);

export const reportQueueItemSchema = z
  .object({
    quoteId: z.string(),
    /** The Project ID shown to the requester. */
    reference: z.string(),
    reportStatus: z.enum(['awaiting_measurements', 'failed']),
    /** Why the quote is in the queue: no file, or the last failure's message. */
    reason: z.string(),
    reportAttempts: z.number().int(),
    requesterName: z.string(),
    requesterEmail: z.string(),
    propertyAddress: z.string(),
    measurementFileSource: z.string(),
    sketchFileName: z.string().nullable(),
    insuranceInvolved: z.boolean(),
    submittedAt: z.string().nullable(),
    updatedAt: z.string(),
    /** The order's own report status, which the customer's page follows ('ready' once a preliminary report went out). */
    orderReportStatus: z.enum(reportStatuses),
    /** What the latest report in the customer's hands was made from; null before the first. */
    latestReportBasis: z.enum(reportBases).nullable(),
    /** The size the customer typed on the order, if any (prefills the admin's measurement). */
    roofAreaSqFt: z.number().int().nullable(),
    livingAreaSqFt: z.number().int().nullable(),
    stories: z.string().nullable(),
  })
  .meta({ id: 'ReportQueueItem' });
export type ReportQueueItem = z.infer<typeof reportQueueItemSchema>;

export const reportQueueSchema = z
  .object({
    items: z.array(reportQueueItemSchema),
    /** Give it back as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ReportQueue' });

/** `GET /api/admin/reports/queue`: oldest first, a page after `cursor`. */
export const reportQueueQuerySchema = z.object({
  cursor: cursorParam,
  limit: limitParam(),
});
export type ReportQueueQuery = z.infer<typeof reportQueueQuerySchema>;
export type ReportQueue = z.infer<typeof reportQueueSchema>;

export const reportJobAcceptedSchema = z
  .object({
    quoteId: z.string(),
    reference: z.string(),
    reportStatus: reportStatusSchema,
  })
  .meta({ id: 'ReportJobAccepted' });
export type ReportJobAccepted = z.infer<typeof reportJobAcceptedSchema>;

export const quoteIdParamsSchema = z.object({ quoteId: z.string() });

export const reportDownloadParamsSchema = z.object({ reference: z.string().max(64) });
/** Left as text: a link with a mangled expiry is an invalid link (403), not a malformed request. */
export const reportDownloadQuerySchema = z.object({
  /** The report version the link was signed for; without it the latest report. */
  v: z.string().max(10).optional(),
  expires: z.string().max(20).optional(),
  sig: z.string().max(128).optional(),
});
