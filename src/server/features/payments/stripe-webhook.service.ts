import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { paymentMessages } from '../../../domain/payments/schemas';
import type { Config } from '../../platform/config';
import { ValidationError } from '../../platform/errors';
import type { PaymentStates } from './payment-states';
import type { PaymentsRepo } from './payments.repo';
import { verifyStripeWebhook } from './stripe-provider';

/** Stripe's webhook: each event verified, recorded once, and applied to its payment. */
export function createStripeWebhookService(deps: {
  repo: PaymentsRepo;
  config: Config;
  logger: Logger;
  states: PaymentStates;
  /**
   * A connected account changed (account.updated): the contractors feature stores its status
   * (wired in services.ts). Runs before the event is marked finished: a failure makes Stripe retry.
   */
  onAccountUpdated?: (account: Stripe.Account) => Promise<void>;
}) {
  const { repo, config, states } = deps;
  const { paymentSucceeded, paymentFailed, cancelled } = states;
  const log = deps.logger.child({ module: 'payments' });

  return {
    /** Verifies and applies one Stripe webhook event; throws ValidationError on a bad signature. */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const secret = config.stripe.webhookSecret;
      if (!secret) throw new ValidationError(paymentMessages.webhookNotConfigured);
      let event: Stripe.Event;
      try {
        event = verifyStripeWebhook(rawBody, signature ?? '', secret);
      } catch {
        throw new ValidationError(paymentMessages.webhookBadSignature);
      }
      const fresh = await repo.beginEvent({
        id: event.id,
        provider: 'stripe',
        type: event.type,
        payload: event as unknown as Record<string, unknown>,
      });
      if (!fresh) return;
      switch (event.type) {
        case 'payment_intent.succeeded': {
          const intent = event.data.object;
          await paymentSucceeded(intent.id, intent.amount_received ?? intent.amount);
          break;
        }
        case 'payment_intent.payment_failed': {
          const intent = event.data.object;
          await paymentFailed(
            intent.id,
            intent.last_payment_error?.message ?? paymentMessages.failedFallback,
          );
          break;
        }
        case 'payment_intent.processing':
          await repo.markProcessing(event.data.object.id);
          break;
        case 'payment_intent.canceled':
          await cancelled(event.data.object.id, paymentMessages.intentCancelled);
          break;
        case 'account.updated':
          await deps.onAccountUpdated?.(event.data.object);
          break;
        default:
          log.debug({ type: event.type }, 'stripe event ignored');
      }
      await repo.finishEvent(event.id);
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
