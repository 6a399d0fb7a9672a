import type { SubmitQuoteRequest, SubmitQuoteResponse } from '@domain/quotes/quote-calls';
import { apiJson } from '@web/lib/api-client';

/** POST /api/quotes/submit: {projectId, message}; idempotent (the same projectId again). */
export function submitQuote(input: SubmitQuoteRequest): Promise<SubmitQuoteResponse> {
  return apiJson<SubmitQuoteResponse>('POST', '/api/quotes/submit', input);
}
