import type { Logger } from 'pino';
import { appliedMessage, discountMessages, normalizeCode } from '../../../domain/payments/discount';
import {
  type PaymentMode,
  paymentMessages,
  type SandboxConfirmResponse,
  type StripeConfigResponse,
  type ValidateDiscountResponse,
} from '../../../domain/payments/schemas';
import type { Config } from '../../platform/config';
import type { Exclusive } from '../../platform/db/exclusive';
import { ValidationError } from '../../platform/errors';
import { countUseWithoutReservation } from './discount-codes.repo';
import type { PaymentProvider } from './payment-provider';
import type { PaymentStates } from './payment-states';
import { type PaymentRow, type PaymentsRepo, ReservationRefused, type Tx } from './payments.repo';
import type { SandboxProvider } from './sandbox-provider';

export type { PaymentRow };

/** What the rest of the product hears about a payment; the quotes feature listens. */
export interface PaymentChange {
  type: 'succeeded' | 'failed' | 'processing' | 'requires_payment';
  /** Null for an intent not tied to a quote yet (it is tied at submit). */
  quoteId: string | null;
  providerPaymentId: string;
  /** Cents received (succeeded) or asked for. */
  amountCents: number;
}

export type PaymentListener = (change: PaymentChange) => Promise<void>;

export type SandboxConfirmResult =
  | { ok: true; response: SandboxConfirmResponse }
  | { ok: false; message: string; code: string; declineCode: string };

export interface PaymentsServiceDeps {
  config: Config;
  logger: Logger;
  /** One live attempt per payment across processes; a crashed one holds nothing (platform.exclusive). */
  exclusive: Exclusive;
  repo: PaymentsRepo;
  provider: PaymentProvider;
  sandbox: SandboxProvider | undefined;
  states: PaymentStates;
}

/**
 * A processing attempt not settled after this long is asked about (sandbox: its recorded charge;
 * Stripe: the PaymentIntent) and finished or released. A sandbox confirm takes milliseconds.
 */
export const PROCESSING_GRACE_MS = 10_000;
/**
 * How long a request that meets a payment in `processing` waits for it to be settled (a live
 * attempt finishing, or the provider answering) before it answers "already being processed".
 */
export const SETTLE_WAIT_MS = 5_000;
/** An unpaid intent holds its discount use this long, then it is cancelled and the use released. */
export const RESERVATION_HOLD_MS = 30 * 60_000;

/** The exclusive key of a payment's one live attempt (a sandbox confirm, or the settling of a processing one). */
export const paymentAttemptKey = (providerPaymentId: string) => `payment-attempt:${providerPaymentId}`;

/**
 * Payments of the orders: the intents (with one reserved use of their discount code), their state
 * as the provider has it, the discount check, and the recovery job. The quotes feature calls it
 * and listens to it; the sandbox's card confirmation, the Stripe webhook and the admins' discount
 * codes are services of their own (sandbox-checkout, stripe-webhook, discount-codes).
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { config, exclusive, repo, provider, sandbox, states } = deps;
  const {
    paymentSucceeded,
    paymentFailed,
    resolveDiscount,
    settle,
    cancelled,
    cancelIntent,
    settleProcessing,
  } = states;
  const log = deps.logger.child({ module: 'payments' });
  const mode: PaymentMode = provider.name;
  const attemptKey = paymentAttemptKey;

  return {
    repo,
    provider,
    mode,
    sandbox,
    settleProcessing,
    onPaymentChange: states.onPaymentChange,

    stripeConfig(): StripeConfigResponse {
      return mode === 'stripe'
        ? { publishableKey: config.stripe.publishableKey ?? null, mode: 'stripe' }
        : { publishableKey: null, mode: 'sandbox' };
    },

    resolveDiscount,
    cancelIntent,

    async validateDiscount(rawCode: string): Promise<ValidateDiscountResponse> {
      const code = normalizeCode(rawCode);
      if (code === '') {
        throw new ValidationError(discountMessages.enterBody, { code: [discountMessages.enterBody] });
      }
      const result = await resolveDiscount(code);
      if (!result.ok) return { valid: false, discount: null, message: result.message, freeSubmission: false };
      return {
        valid: true,
        discount: {
          code: result.code,
          type: result.rule.type,
          value: result.rule.value,
          originalAmount: result.breakdown.originalAmount,
          finalAmount: result.breakdown.finalAmount,
        },
        message: appliedMessage(result.code, result.rule, result.breakdown),
        freeSubmission: result.free,
      };
    },

    /**
     * Records a new PaymentIntent (of a quote, or of none yet) with one reserved use of its
     * discount code. When no use is left, the intent is cancelled and the code's message thrown:
     * of concurrent orders on a one-use code, exactly one gets the discounted intent.
     */
    async recordIntent(
      quoteId: string | null,
      intent: { id: string; amount: number; currency: string },
      discountCode: string | null,
    ): Promise<PaymentRow> {
      try {
        return await repo.insertPayment({
          quoteId,
          provider: provider.name,
          providerPaymentId: intent.id,
          amountCents: intent.amount,
          currency: intent.currency,
          discountCode,
        });
      } catch (err) {
        if (!(err instanceof ReservationRefused)) throw err;
        await provider
          .cancelIntent(intent.id)
          .catch((e) =>
            log.warn({ err: e, id: intent.id }, 'could not cancel an intent refused its discount'),
          );
        const result = await resolveDiscount(err.code);
        const message = result.ok ? discountMessages.usedUp : result.message;
        throw new ValidationError(message, { discountCode: [message] });
      }
    },

    /**
     * Recovery, at start and by the periodic job: attempts left processing longer than the grace
     * (a crash mid-confirm) are settled from the provider's own state; unpaid intents that held a
     * discount use too long, or whose code was withdrawn, are cancelled and the use released.
     */
    async recover(
      opts: { now?: Date; atStart?: boolean } = {},
    ): Promise<{ settled: number; released: number }> {
      const now = opts.now ?? new Date();
      // a live attempt holds its payment (platform.exclusive) and is skipped; one that a crash cut
      // holds nothing: at start every processing attempt not held is settled at once
      const grace = opts.atStart ? 0 : PROCESSING_GRACE_MS;
      let settled = 0;
      let released = 0;
      for (const row of await repo.findStaleProcessing(new Date(now.getTime() - grace))) {
        try {
          const attempt = await exclusive.tryRun(attemptKey(row.providerPaymentId), async () => {
            const fresh = await repo.findPaymentByProviderId(row.providerPaymentId);
            if (fresh?.status !== 'processing') return fresh;
            return settle(fresh, await provider.retrieveIntent(row.providerPaymentId));
          });
          if (attempt.ran && attempt.value?.status !== 'processing') settled++;
        } catch (err) {
          log.error({ err, id: row.providerPaymentId }, 'could not recover a processing payment');
        }
      }
      for (const row of await repo.findHoldsToRelease(new Date(now.getTime() - RESERVATION_HOLD_MS))) {
        try {
          const after = await cancelIntent(row.providerPaymentId, paymentMessages.intentCancelled);
          if (after?.cancelledAt) released++;
        } catch (err) {
          log.error({ err, id: row.providerPaymentId }, 'could not release a discount hold');
        }
      }
      if (settled || released) log.warn({ settled, released }, 'payments recovered');
      return { settled, released };
    },

    /**
     * Asks the provider for the intent's state and records it (a browser that paid may come back
     * before the webhook); a payment in `processing` is settled (settleProcessing). Returns the
     * payment row as it now stands.
     */
    async syncFromProvider(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const row = await repo.findPaymentByProviderId(providerPaymentId);
      // one left processing (a crash, or a provider still working) is settled before the answer
      if (row?.status === 'processing') return settleProcessing(providerPaymentId);
      if (!row || row.status === 'succeeded' || provider.name === 'sandbox') return row;
      const intent = await provider.retrieveIntent(providerPaymentId);
      if (!intent) return row;
      if (intent.metadata.quoteId && intent.metadata.quoteId !== row.quoteId) {
        log.error({ providerPaymentId }, 'payment intent metadata names another quote; not trusted');
        return row;
      }
      if (intent.status === 'succeeded') return paymentSucceeded(providerPaymentId, intent.amountReceived);
      if (intent.status === 'processing') await repo.markProcessing(providerPaymentId);
      if (intent.status === 'failed' && intent.failureMessage) {
        await paymentFailed(providerPaymentId, intent.failureMessage);
      }
      if (intent.status === 'canceled') await cancelled(providerPaymentId, paymentMessages.intentCancelled);
      return repo.findPaymentByProviderId(providerPaymentId);
    },

    /**
     * Counts one use of a code for a submission that reserved none (a free one), inside the
     * submitting transaction of the quotes feature: see countUseWithoutReservation.
     */
    countDiscountUse(tx: Tx, code: string) {
      return countUseWithoutReservation(tx, code);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
