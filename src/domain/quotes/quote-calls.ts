/** The quote calls: payment intent, submission, status, sketch upload; their references and statuses. */
import { z } from 'zod';
import { oneLine } from '../text-safety';
import { quoteDataSchema } from './quote-form';

/** Project IDs: "RL-" and 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const REFERENCE_PATTERN = /^RL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/;
export const FREE_SUBMISSION = 'free_submission';

/** A browser-made key that ties repeated calls for one quote together (retries, a second payment attempt). */
const draftIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'The draft key is not valid.' });

const codeField = z.string().trim().max(40).check(oneLine()).nullish();

/**
 * Spec 1 section 7's payloads as they are ({vipCode} or {finalAmount, discountCode}, nulls when
 * none), or ours with quoteData. Without quoteData the intent is tied to a quote at submit.
 */
export const createPaymentIntentRequestSchema = z
  .object({
    quoteData: quoteDataSchema.optional(),
    /** Either vipCode, or discountCode (nulls when none). */
    vipCode: codeField,
    discountCode: codeField,
    /** Sent by the spec's browser; ignored: the server computes the amount. */
    finalAmount: z.number().nullish(),
    draftId: draftIdSchema.optional(),
  })
  .meta({ id: 'CreatePaymentIntentRequest' });
export type CreatePaymentIntentRequest = z.input<typeof createPaymentIntentRequestSchema>;

export const createPaymentIntentResponseSchema = z
  .object({
    /** Null for a free submission (no card payment). */
    clientSecret: z.string().nullable(),
    /** The provider's PaymentIntent id, or "free_submission". */
    paymentIntentId: z.string(),
    /** Null when the call carried no quoteData: the quote is tied at submit. */
    quoteId: z.string().nullable(),
    /** Cents to be charged. */
    amount: z.number().int(),
    freeSubmission: z.boolean(),
    checkoutUrl: z.string().nullable().optional(),
    /**
     * Set when this order (same requester, form data and code) was already paid in the last 24
     * hours, or this draft already submitted: that order's Project ID. No payment is prepared.
     */
    projectId: z.string().optional(),
    /** Said with projectId: why no payment is asked for. */
    message: z.string().optional(),
  })
  .meta({ id: 'CreatePaymentIntentResponse' });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const submitQuoteRequestSchema = z
  .object({
    /** Required for a free submission; a paid quote was saved with its PaymentIntent. */
    quoteData: quoteDataSchema.optional(),
    /** The PaymentIntent that paid for the quote, or "free_submission". */
    paymentIntentId: z.string().trim().min(1).max(255),
    isVipSubmission: z.boolean().nullish(),
    discountCode: codeField,
    draftId: draftIdSchema.optional(),
  })
  .meta({ id: 'SubmitQuoteRequest' });
export type SubmitQuoteRequest = z.input<typeof submitQuoteRequestSchema>;

export const submitQuoteResponseSchema = z
  .object({
    /** The quote's public reference, e.g. RL-7K3M9Q2X. */
    projectId: z.string(),
    message: z.string(),
  })
  .meta({ id: 'SubmitQuoteResponse' });
export type SubmitQuoteResponse = z.infer<typeof submitQuoteResponseSchema>;

export const quoteStatuses = ['draft', 'awaiting_payment', 'submitted', 'cancelled'] as const;
export const reportStatuses = [
  'not_started',
  'awaiting_measurements',
  'queued',
  'processing',
  'ready',
  'failed',
] as const;
export type ReportStatus = (typeof reportStatuses)[number];
export const paymentStatuses = [
  'none',
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'free',
  /** Billed to an organisation's account (an order through /api/v1): its monthly statement. */
  'account',
] as const;

export const quoteStatusParamsSchema = z.object({ reference: z.string().trim().max(40) });

export const reportBases = ['preliminary', 'measured'] as const;
export type ReportBasis = (typeof reportBases)[number];

/** One mailed version of a quote's report (the first preliminary one stays valid after the measured one). */
export const reportVersionSchema = z
  .object({
    version: z.number().int().min(1),
    basis: z.enum(reportBases),
    createdAt: z.iso.datetime({ offset: true }),
    /** Signed download link; null when the caller has not shown it is the order's own browser or person. */
    downloadUrl: z.string().nullable(),
  })
  .meta({ id: 'ReportVersion' });
export type ReportVersion = z.infer<typeof reportVersionSchema>;

export const submissionTypes = ['vip', 'discount', 'paid'] as const;

export const quoteStatusResponseSchema = z
  .object({
    reference: z.string(),
    status: z.enum(quoteStatuses),
    reportStatus: z.enum(reportStatuses),
    submittedAt: z.iso.datetime({ offset: true }).nullable(),
    /** When the order was created (the quote row). */
    orderedAt: z.iso.datetime({ offset: true }),
    /** How it was paid: a VIP code, a discount that made it free, or a card. Null before submission. */
    submissionType: z.enum(submissionTypes).nullable(),
    discountCode: z.string().nullable(),
    /** Cents charged on the card (null when nothing was charged). */
    amountPaidCents: z.number().int().nullable(),
    /** The one delivery promise, counted from submission (null before it). */
    expectedBy: z.iso.datetime({ offset: true }).nullable(),
    /** Mailed report versions, oldest first. */
    reports: z.array(reportVersionSchema),
  })
  .meta({ id: 'QuoteStatus' });
export type QuoteStatusResponse = z.infer<typeof quoteStatusResponseSchema>;

/** What was read from an uploaded measurement file, so the customer can tell it is the right roof. */
export const measurementSummarySchema = z
  .object({
    source: z.string(),
    totalAreaSqFt: z.number(),
    squares: z.number(),
    /** Rise per 12 of the largest area. */
    predominantPitch: z.number(),
    /** Null when the format does not state it (Roofr). */
    facetCount: z.number().int().nullable(),
    address: z.string().nullable(),
    warnings: z.array(z.string()),
    /**
     * The file's address against the order's street and ZIP code, when the upload gave them
     * (issue 24 #2): a mismatch must be confirmed or the file replaced before payment.
     */
    addressCheck: z
      .object({ kind: z.enum(['match', 'missing', 'mismatch']), message: z.string().nullable() })
      .nullable()
      .optional(),
  })
  .meta({ id: 'MeasurementSummary' });
export type MeasurementSummary = z.infer<typeof measurementSummarySchema>;

export const sketchUploadResponseSchema = z
  .object({
    publicUrl: z.string(),
    fileName: z.string(),
    size: z.number().int(),
    contentType: z.string(),
    /** Null when the file is not a measurement format we read (a PDF or photo sketch) or could not be read. */
    measurement: measurementSummarySchema.nullable().optional(),
  })
  .meta({ id: 'SketchUpload' });
export type SketchUploadResponse = z.infer<typeof sketchUploadResponseSchema>;

export const submissionMessages = {
  submitted: (projectId: string) =>
    `Your quote request has been submitted. Your Project ID is ${projectId}. Your report will be emailed within 5-10 minutes.`,
  /** The same notice once the order's report is in the customer's hands (the 5-10 minute promise is kept until then). */
  delivered: (projectId: string, preliminary: boolean) =>
    `Your quote request has been submitted. Your Project ID is ${projectId}. Your ${preliminary ? 'preliminary ' : ''}report was delivered and emailed to you.`,
  successTitle: 'Quote Submitted Successfully!',
  failedTitle: 'Submission Failed',
  failedBody: 'Please try again or contact us directly.',
  errorTitle: 'Submission Error',
  paidButFailed: 'Payment successful but quote submission failed. Please contact support.',
  notPaid: 'This payment has not been completed. Please complete the payment and try again.',
  underpaid: 'This payment does not cover the price of the quote. Please contact support.',
  unknownPayment: 'We could not find this payment. Please refresh the page and try again.',
  notFree: 'This quote is not free: please pay for it with a card.',
  alreadySubmitted: (projectId: string) => `This quote was already submitted (Project ID ${projectId}).`,
  alreadyOrdered: (projectId: string) =>
    `You already ordered this report: your Project ID is ${projectId}. Your card was not charged again.`,
  alreadyPaid: 'This quote is already paid. It will be submitted in a moment.',
  quoteNotFound: 'We could not find this quote.',
  quoteDataRequired: 'Please fill out the quote form first.',
} as const;
