import { z } from 'zod';
import { unpriceableZipReason } from '../estimate/model/priceable-zip';
import { oneLine } from '../text-safety';
import {
  buildingHeights,
  measurementFileSources,
  NO_SKETCH_FILE,
  roofLayerOptions,
  roofSurfaceMaterials,
  sourceNeedsFile,
  usStates,
  yesNoOptions,
} from './options';
import { checkSketchMatchesSource, MAX_SKETCH_FILE_BYTES, sketchMessages } from './sketch-file';

/**
 * Optional roof size of an order without a measurement file (the preliminary report): the roof
 * area, or the living area and stories, as /estimate asks them. Both may be left empty.
 */
export const QUOTE_SIZE_LIMITS = {
  roofAreaSqFt: { min: 200, max: 50_000 },
  livingAreaSqFt: { min: 300, max: 30_000 },
} as const;
export const quoteSizeMessages = {
  roofAreaSqFt: 'Enter a roof area between 200 and 50,000 sq ft, or leave it empty',
  livingAreaSqFt: 'Enter a living area between 300 and 30,000 sq ft, or leave it empty',
} as const;
export const QUOTE_STORIES = ['1', '2', '3'] as const;

/** A whole number of sq ft typed as "2,400" or sent as 2400; empty means not given (null). */
function optionalSqFt(limits: { min: number; max: number }, message: string) {
  return z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined) return null;
      const text = String(v).trim().replace(/,/g, '');
      if (text === '') return null;
      const n = Number(text);
      if (!/^\d+(\.\d+)?$/.test(text) || n < limits.min || n > limits.max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Math.round(n);
    });
}

/** Field messages of spec 1, section 5, word for word; the others in the same voice. */
export const quoteMessages = {
  requesterFirstName: 'First name is required',
  requesterLastName: 'Last name is required',
  requesterEmail: 'Valid email is required',
  insuranceInvolved: 'Please select if insurance is involved',
  homeownerFirstName: 'Homeowner first name is required',
  homeownerLastName: 'Homeowner last name is required',
  streetAddress: 'Street address is required',
  city: 'City is required',
  state: 'State is required',
  zipCode: 'Valid zip code is required',
  roofSurfaceMaterial: 'Roof surface material is required',
  plywoodNeeded: 'Please select if plywood is needed',
  buildingHeight: 'Building height is required',
  roofLayers: 'Number of roof layers is required',
  measurementFileSource: 'Measurement file source is required',
  adjusterEmail: 'Please enter a valid adjuster email',
  homeownerEmail: 'Please enter a valid homeowner email',
  phone: 'Please enter a valid phone number',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
  /** Shown before any payment is attempted when a required field is missing. */
  fillRequiredFirst: 'Please fill out all required fields first',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^\d{5}(-\d{4})?$/;
const PHONE = /^[+()\-.\s\d]{7,25}$/;

/** Every text of the quote form is one line (names, carrier, claim number, address lines, city...). */
function required(message: string, max = 100) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: quoteMessages.tooLong(max) })
    .check(oneLine());
}

/** An optional one-line text: trimmed, empty becomes null. */
function optional(max = 100) {
  return z
    .string()
    .trim()
    .max(max, { error: quoteMessages.tooLong(max) })
    .check(oneLine())
    .nullish()
    .transform((v) => (v ? v : null));
}

function optionalMatching(pattern: RegExp, message: string, max: number) {
  return optional(max).refine((v) => v === null || pattern.test(v), { error: message });
}

function choice<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/**
 * The quote request (spec 1, section 3): the form fields plus the sketch file's stored address,
 * name and size. The browser's form and POST /api/quotes/* bodies both use it.
 */
export const quoteDataSchema = z
  .object({
    requesterFirstName: required(quoteMessages.requesterFirstName),
    requesterLastName: required(quoteMessages.requesterLastName),
    requesterEmail: z
      .string({ error: quoteMessages.requesterEmail })
      .trim()
      .toLowerCase()
      .max(254, { error: quoteMessages.requesterEmail })
      .regex(EMAIL, { error: quoteMessages.requesterEmail })
      .check(oneLine()),
    insuranceInvolved: choice(yesNoOptions, quoteMessages.insuranceInvolved),
    carrierName: optional(),
    claimNumber: optional(),
    adjusterFirstName: optional(),
    adjusterLastName: optional(),
    adjusterEmail: optionalMatching(EMAIL, quoteMessages.adjusterEmail, 254),
    adjusterPhone: optionalMatching(PHONE, quoteMessages.phone, 25),
    homeownerFirstName: required(quoteMessages.homeownerFirstName),
    homeownerLastName: required(quoteMessages.homeownerLastName),
    homeownerEmail: optionalMatching(EMAIL, quoteMessages.homeownerEmail, 254),
    homeownerPhone: optionalMatching(PHONE, quoteMessages.phone, 25),
    streetAddress: required(quoteMessages.streetAddress, 200),
    streetAddress2: optional(200),
    city: required(quoteMessages.city),
    state: choice(usStates, quoteMessages.state),
    zipCode: z
      .string({ error: quoteMessages.zipCode })
      .trim()
      .min(5, { error: quoteMessages.zipCode, abort: true })
      .regex(ZIP, { error: quoteMessages.zipCode, abort: true })
      // military (APO/FPO/DPO) and unassigned prefixes cannot be priced: say which
      .check((ctx) => {
        const reason = unpriceableZipReason(ctx.value);
        if (reason) ctx.issues.push({ code: 'custom', message: reason, input: ctx.value });
      }),
    roofSurfaceMaterial: choice(roofSurfaceMaterials, quoteMessages.roofSurfaceMaterial),
    plywoodNeeded: choice(yesNoOptions, quoteMessages.plywoodNeeded),
    buildingHeight: choice(buildingHeights, quoteMessages.buildingHeight),
    roofLayers: choice(roofLayerOptions, quoteMessages.roofLayers),
    measurementFileSource: choice(measurementFileSources, quoteMessages.measurementFileSource),
    sketchFileUrl: optional(300),
    sketchFileName: optional(255),
    sketchFileSize: z.number().int().min(0).max(MAX_SKETCH_FILE_BYTES).nullish(),
    /** Only used without a file (preliminary report); ignored when a file is chosen. */
    roofAreaSqFt: optionalSqFt(QUOTE_SIZE_LIMITS.roofAreaSqFt, quoteSizeMessages.roofAreaSqFt),
    livingAreaSqFt: optionalSqFt(QUOTE_SIZE_LIMITS.livingAreaSqFt, quoteSizeMessages.livingAreaSqFt),
    stories: z
      .enum(QUOTE_STORIES)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((q, ctx) => {
    if (!sourceNeedsFile(q.measurementFileSource)) return;
    if (!q.sketchFileUrl || !q.sketchFileName) {
      ctx.addIssue({ code: 'custom', path: ['sketchFile'], message: sketchMessages.missingFile });
      return;
    }
    const mismatch = checkSketchMatchesSource(q.measurementFileSource, q.sketchFileName);
    if (mismatch) ctx.addIssue({ code: 'custom', path: ['sketchFile'], message: mismatch });
  })
  .meta({ id: 'QuoteData' });

export type QuoteDataInput = z.input<typeof quoteDataSchema>;
export type QuoteData = z.output<typeof quoteDataSchema>;

/** Every field of the form, in the order it is shown: first error gets the focus. */
export const quoteFieldOrder = [
  'requesterFirstName',
  'requesterLastName',
  'requesterEmail',
  'insuranceInvolved',
  'carrierName',
  'claimNumber',
  'adjusterFirstName',
  'adjusterLastName',
  'adjusterEmail',
  'adjusterPhone',
  'homeownerFirstName',
  'homeownerLastName',
  'homeownerEmail',
  'homeownerPhone',
  'streetAddress',
  'streetAddress2',
  'city',
  'state',
  'zipCode',
  'roofSurfaceMaterial',
  'plywoodNeeded',
  'buildingHeight',
  'roofLayers',
  'measurementFileSource',
  'sketchFile',
] as const;

/** The empty form (the measurement source defaults to the no-file option). */
export const emptyQuoteForm: QuoteDataInput = {
  requesterFirstName: '',
  requesterLastName: '',
  requesterEmail: '',
  insuranceInvolved: '' as never,
  carrierName: '',
  claimNumber: '',
  adjusterFirstName: '',
  adjusterLastName: '',
  adjusterEmail: '',
  adjusterPhone: '',
  homeownerFirstName: '',
  homeownerLastName: '',
  homeownerEmail: '',
  homeownerPhone: '',
  streetAddress: '',
  streetAddress2: '',
  city: '',
  state: '' as never,
  zipCode: '',
  roofSurfaceMaterial: '' as never,
  plywoodNeeded: '' as never,
  buildingHeight: '' as never,
  roofLayers: '' as never,
  measurementFileSource: NO_SKETCH_FILE,
  sketchFileUrl: null,
  sketchFileName: null,
  sketchFileSize: null,
  roofAreaSqFt: '',
  livingAreaSqFt: '',
  stories: null,
};

// ---------------------------------------------------------------- calls

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

// ---------------------------------------------------------------- admin

export const adminQuotesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminQuotesQuery = z.infer<typeof adminQuotesQuerySchema>;

export const adminQuoteSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(quoteStatuses),
  paymentStatus: z.enum(paymentStatuses),
  reportStatus: z.enum(reportStatuses),
  amountCents: z.number().int(),
  basePriceCents: z.number().int(),
  discountCode: z.string().nullable(),
  discountCents: z.number().int(),
  isVipSubmission: z.boolean(),
  paymentIntentId: z.string().nullable(),
  requester: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  homeowner: z.object({ firstName: z.string(), lastName: z.string() }),
  address: z.object({ city: z.string(), state: z.string(), zipCode: z.string() }),
  measurementFileSource: z.string(),
  sketchFileName: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AdminQuote = z.infer<typeof adminQuoteSchema>;

export const adminQuoteListSchema = z
  .object({
    items: z.array(adminQuoteSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'AdminQuoteList' });
export type AdminQuoteList = z.infer<typeof adminQuoteListSchema>;
