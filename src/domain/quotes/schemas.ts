/**
 * The quote schemas the server's quotes feature and the browser specs import in one place: the
 * form (quote-form.ts), the calls (quote-calls.ts), the admin's list (admin-quotes.ts).
 */
export {
  type AdminQuote,
  type AdminQuoteList,
  type AdminQuotesQuery,
  adminQuoteListSchema,
  adminQuotesQuerySchema,
} from './admin-quotes';
export {
  type CreatePaymentIntentResponse,
  createPaymentIntentRequestSchema,
  createPaymentIntentResponseSchema,
  FREE_SUBMISSION,
  type MeasurementSummary,
  type QuoteStatusResponse,
  quoteStatusParamsSchema,
  quoteStatusResponseSchema,
  REFERENCE_ALPHABET,
  REFERENCE_PATTERN,
  type ReportVersion,
  type SketchUploadResponse,
  type SubmitQuoteResponse,
  sketchUploadResponseSchema,
  submissionMessages,
  submitQuoteRequestSchema,
  submitQuoteResponseSchema,
} from './quote-calls';
export { type QuoteData, quoteDataSchema } from './quote-form';
