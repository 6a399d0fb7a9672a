/**
 * The card payment provider behind the quote order: Stripe when keys are configured, the
 * built-in test-mode sandbox otherwise. The services only see this interface, so the rest of
 * the product cannot tell the two apart.
 */

export type ProviderName = 'stripe' | 'sandbox';

/** A PaymentIntent's state, reduced to what the order needs. */
export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderIntent {
  id: string;
  /** What the browser confirms with; null when the provider did not return it. */
  clientSecret: string | null;
  status: IntentStatus;
  /** Cents asked for. */
  amount: number;
  /** Cents actually received (0 until it succeeded). */
  amountReceived: number;
  currency: string;
  metadata: Record<string, string>;
  failureMessage: string | null;
  /** The card charged, when the provider tells it here (the sandbox's recorded charge). */
  card?: { brand: string; last4: string };
}

export interface CreateIntentInput {
  amountCents: number;
  /** Null when the intent is made before its quote (spec 1 payloads without quote data). */
  quoteId: string | null;
  reference: string | null;
  description: string;
  receiptEmail?: string;
  /** The same key for the same attempt: a retried call never creates a second PaymentIntent. */
  idempotencyKey: string;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  /** The same key for the same refund: a retried call never refunds twice. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Makes an unpaid intent unpayable; answers the intent as it then stands (still succeeded or
   * processing when it was too late to cancel), null when the provider does not know the id.
   */
  cancelIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Refunds part or all of a succeeded intent (Stripe's refunds API); answers the provider's refund
   * id, or null for the sandbox, whose refund is the record we keep.
   */
  refund(input: RefundInput): Promise<{ id: string | null }>;
}

/** The provider could not be reached or refused the call for a reason of its own. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}
