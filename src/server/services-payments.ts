/**
 * Part of the composition root (services.ts calls it first among the money services): the card
 * payments of the payments feature, built once per process. The provider is Stripe with keys, the
 * built-in sandbox without; its states (crash recovery, settling) are heard by the quotes feature
 * (a quote's payment submits it) and the job payments (a job's part received).
 */
import { createDiscountCodesService } from './features/payments/discount-codes.service';
import { choosePaymentProvider, createPaymentStates } from './features/payments/payment-states';
import { createPaymentsRepo } from './features/payments/payments.repo';
import { createPaymentsService } from './features/payments/payments.service';
import { createSandboxCheckoutService } from './features/payments/sandbox-checkout.service';
import { createStripeWebhookService } from './features/payments/stripe-webhook.service';
import type { Platform } from './platform/platform';

export function createCardPayments(
  platform: Pick<Platform, 'db' | 'config' | 'logger' | 'exclusive' | 'readCache'>,
  hooks: Pick<Parameters<typeof createStripeWebhookService>[0], 'onAccountUpdated'> = {},
) {
  const { db, config, logger, exclusive } = platform;
  const paymentsRepo = createPaymentsRepo(db);
  const { provider, sandbox } = choosePaymentProvider({ repo: paymentsRepo, config });
  // a payment's states as the provider reports them, and who is told
  const paymentStates = createPaymentStates({ repo: paymentsRepo, provider, exclusive, logger });
  const payments = createPaymentsService({
    config,
    logger,
    exclusive,
    repo: paymentsRepo,
    provider,
    sandbox,
    states: paymentStates,
  });
  const sandboxCheckout = createSandboxCheckoutService({
    repo: paymentsRepo,
    provider,
    sandbox,
    exclusive,
    states: paymentStates,
  });
  const stripeWebhook = createStripeWebhookService({
    repo: paymentsRepo,
    config,
    logger,
    states: paymentStates,
    onAccountUpdated: hooks.onAccountUpdated,
  });
  const discountCodes = createDiscountCodesService({
    db,
    repo: paymentsRepo,
    logger,
    payments,
    readCache: platform.readCache,
  });
  return { paymentsRepo, provider, paymentStates, payments, sandboxCheckout, stripeWebhook, discountCodes };
}
