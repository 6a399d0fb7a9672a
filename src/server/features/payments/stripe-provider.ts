import type Stripe from 'stripe';
import { lazyModule } from '../../platform/lazy-module';
import {
  type CreateIntentInput,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  ProviderUnavailableError,
} from './payment-provider';

/** The SDK, loaded on the first payment rather than at start-up. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

export interface StripeProviderOptions {
  secretKey: string;
  /** Another API address (a local fake in tests): the SDK's host, port and protocol options. */
  apiBase?: string;
}

/** The SDK options that point it at `apiBase` instead of api.stripe.com. */
export function stripeClientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (!apiBase) return base;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    ...base,
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

function toStatus(intent: Stripe.PaymentIntent): IntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method after a decline carries the decline as last_payment_error
      return intent.last_payment_error ? 'failed' : 'requires_payment';
  }
}

export function fromStripeIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? null,
    status: toStatus(intent),
    amount: intent.amount,
    amountReceived: intent.amount_received ?? 0,
    currency: intent.currency,
    metadata: (intent.metadata ?? {}) as Record<string, string>,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe PaymentIntents through the official SDK, with automatic payment methods and idempotency keys. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new (stripeSdk())(options.secretKey, stripeClientOptions(options.apiBase));

  return {
    name: 'stripe',

    async createIntent(input: CreateIntentInput) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            automatic_payment_methods: { enabled: true },
            description: input.description,
            ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
            metadata: {
              ...(input.quoteId ? { quoteId: input.quoteId } : {}),
              ...(input.reference ? { reference: input.reference } : {}),
            },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return fromStripeIntent(intent);
      } catch (err) {
        throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
      }
    },

    async retrieveIntent(id: string) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError && err.statusCode === 404)
          return null;
        throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
      }
    },

    async cancelIntent(id: string) {
      try {
        return fromStripeIntent(await stripe.paymentIntents.cancel(id));
      } catch (err) {
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError && err.statusCode === 404)
          return null;
        // too late to cancel (succeeded or processing): answer its state, the caller settles it
        if (err instanceof stripeSdk().errors.StripeInvalidRequestError) return this.retrieveIntent(id);
        throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
      }
    },

    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            amount: input.amountCents,
            metadata: { reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { id: refund.id };
      } catch (err) {
        throw new ProviderUnavailableError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}

/** Verifies a webhook's Stripe-Signature over the raw body; throws when it does not match. */
export function verifyStripeWebhook(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return stripeSdk().webhooks.constructEvent(rawBody, signature, secret);
}
