import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from '@domain/quotes/quote-calls';
import { apiJson } from '@web/lib/api-client';

/**
 * POST /api/quotes/create-payment-intent: saves the quote on the server and prepares its payment.
 * The server computes the amount; finalAmount is sent as the spec's browser does, and ignored.
 */
export function createPaymentIntent(input: CreatePaymentIntentRequest): Promise<CreatePaymentIntentResponse> {
  return apiJson<CreatePaymentIntentResponse>('POST', '/api/quotes/create-payment-intent', input);
}
