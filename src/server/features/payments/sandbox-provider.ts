import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sign } from '../../platform/crypto';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider';
import type { PaymentsRepo } from './payments.repo';

/**
 * The built-in payment sandbox (no Stripe keys): PaymentIntents with Stripe's id and
 * client-secret shapes, whose ledger is the payments table. No money moves; cards are
 * judged by Stripe's test-card rules when the browser confirms (payments.service).
 */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  clientSecretValid(intentId: string, clientSecret: string): boolean;
}

const SECRET_LABEL = 'sandbox-client-secret:';

export function createSandboxProvider(deps: { repo: PaymentsRepo; secret: string }): SandboxProvider {
  const clientSecretOf = (id: string) => `${id}_secret_${sign(deps.secret, SECRET_LABEL + id).slice(0, 24)}`;

  return {
    name: 'sandbox',

    async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
      const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
      return {
        id,
        clientSecret: clientSecretOf(id),
        status: 'requires_payment',
        amount: input.amountCents,
        amountReceived: 0,
        currency: 'usd',
        metadata: { quoteId: input.quoteId, reference: input.reference },
        failureMessage: null,
      };
    },

    async retrieveIntent(id: string): Promise<ProviderIntent | null> {
      const row = await deps.repo.findPaymentByProviderId(id);
      if (row?.provider !== 'sandbox') return null;
      const status =
        row.status === 'succeeded' || row.status === 'processing' || row.status === 'failed'
          ? row.status
          : 'requires_payment';
      return {
        id,
        clientSecret: clientSecretOf(id),
        status,
        amount: row.amountCents,
        amountReceived: row.status === 'succeeded' ? row.amountCents : 0,
        currency: row.currency,
        metadata: { quoteId: row.quoteId },
        failureMessage: row.failureMessage,
      };
    },

    clientSecretValid(intentId: string, clientSecret: string): boolean {
      const expected = Buffer.from(clientSecretOf(intentId));
      const given = Buffer.from(clientSecret);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
