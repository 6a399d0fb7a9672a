import type { SandboxConfirmRequest, SandboxConfirmResponse } from '@domain/payments/schemas';
import { apiJson } from '@web/lib/api-client';

/**
 * POST /api/payments/sandbox/confirm: the test-mode sandbox confirms a PaymentIntent with a card.
 * 402 with the decline message when the card is declined; 400 with field errors for a bad card.
 */
export function confirmSandboxPayment(input: SandboxConfirmRequest): Promise<SandboxConfirmResponse> {
  return apiJson<SandboxConfirmResponse>('POST', '/api/payments/sandbox/confirm', input);
}
