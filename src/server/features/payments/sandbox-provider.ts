import { timingSafeEqual } from 'node:crypto';
import { sign } from '../../platform/crypto';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider';
import type { PaymentsRepo } from './payments.repo';

/**
 * The built-in payment sandbox (no Stripe keys): PaymentIntents with Stripe's id and
 * client-secret shapes, whose ledger is the payments table and its charge events. No money
 * moves; cards are judged by Stripe's test-card rules when the browser confirms
 * (payments.service). Like Stripe, it honours idempotency keys: the same key names the same intent.
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  clientSecretValid(intentId: string, clientSecret: string): boolean;
}

const SECRET_LABEL = 'sandbox-client-secret:';
const ID_LABEL = 'sandbox-intent-id:';

export function createSandboxProvider(deps: { repo: PaymentsRepo; secret: string }): SandboxProvider {
  const clientSecretOf = (id: string) => `${id}_secret_${sign(deps.secret, SECRET_LABEL + id).slice(0, 24)}`;
  const idOf = (idempotencyKey: string) =>
    `pi_sbx_${sign(deps.secret, ID_LABEL + idempotencyKey)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 24)}`;

  async function retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = await deps.repo.findPaymentByProviderId(id);
    if (row?.provider !== 'sandbox') return null;
    let status: ProviderIntent['status'] =
      row.status === 'succeeded' || row.status === 'failed' ? row.status : 'requires_payment';
    let failureMessage = row.failureMessage;
    let card: ProviderIntent['card'];
    if (row.cancelledAt) status = 'canceled';
    if (row.status === 'processing') {
      // the sandbox's charge is its event: recorded means charged (or declined), none means not yet
      const event = await deps.repo.unfinishedSandboxEvent(id);
      const recorded = event?.payload.card as { brand?: unknown; last4?: unknown } | undefined;
      if (typeof recorded?.brand === 'string' && typeof recorded.last4 === 'string') {
        card = { brand: recorded.brand, last4: recorded.last4 };
      }
      if (event?.type === 'payment_intent.succeeded') status = 'succeeded';
      else if (event?.type === 'payment_intent.payment_failed') {
        status = 'failed';
        failureMessage = typeof event.payload.message === 'string' ? event.payload.message : failureMessage;
      } else status = 'requires_payment';
    }
    return {
      id,
      clientSecret: clientSecretOf(id),
      status,
      amount: row.amountCents,
      amountReceived: status === 'succeeded' ? row.amountCents : 0,
      currency: row.currency,
      metadata: row.quoteId ? { quoteId: row.quoteId } : {},
      failureMessage,
      ...(card ? { card } : {}),
    };
  }

  return {
    name: 'sandbox',

    async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
      const id = idOf(input.idempotencyKey);
      return {
        id,
        clientSecret: clientSecretOf(id),
        status: 'requires_payment',
        amount: input.amountCents,
        amountReceived: 0,
        currency: 'usd',
        metadata: {
          ...(input.quoteId ? { quoteId: input.quoteId } : {}),
          ...(input.reference ? { reference: input.reference } : {}),
        },
        failureMessage: null,
      };
    },

    retrieveIntent,

    /** The payments row is the sandbox's ledger: the service's cancelPayment is the cancellation. */
    cancelIntent: retrieveIntent,

    /** No money moved, none to give back: the refund is the row the job payments keep. */
    async refund() {
      return { id: null };
    },

    clientSecretValid(intentId: string, clientSecret: string): boolean {
      const expected = Buffer.from(clientSecretOf(intentId));
      const given = Buffer.from(clientSecret);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
