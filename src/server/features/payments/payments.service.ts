import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import { z } from 'zod';
import {
  appliedMessage,
  type DiscountEvaluation,
  discountMessages,
  evaluateDiscount,
  normalizeCode,
  type StoredDiscountCode,
  VIP_CODE,
} from '../../../domain/payments/discount';
import {
  type AdminDiscountCode,
  type CreateDiscountCodeInput,
  discountCodeMessages,
  type PaymentMode,
  paymentMessages,
  type SandboxConfirmRequest,
  type SandboxConfirmResponse,
  type StripeConfigResponse,
  type ValidateDiscountResponse,
} from '../../../domain/payments/schemas';
import { checkCard, sandboxOutcome } from '../../../domain/payments/test-cards';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Exclusive } from '../../platform/db/exclusive';
import type { Db } from '../../platform/db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { PaymentProvider, ProviderIntent } from './payment-provider';
import {
  countUseWithoutReservation,
  createPaymentsRepo,
  type DiscountCodeRow,
  type PaymentRow,
  ReservationRefused,
  type Tx,
} from './payments.repo';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';
import { createStripeProvider, verifyStripeWebhook } from './stripe-provider';

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
  db: Db;
  config: Config;
  logger: Logger;
  /** One live attempt per payment across processes; a crashed one holds nothing (platform.exclusive). */
  exclusive: Exclusive;
  /** Another provider (tests); by default Stripe with keys, the sandbox without. */
  provider?: PaymentProvider;
}

const uuid = z.uuid();

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

/** VIP works out of the box; a stored VIP row (for example a disabled one) takes precedence. */
const BUILT_IN_VIP: StoredDiscountCode = {
  code: VIP_CODE,
  type: 'free',
  value: 0,
  isActive: true,
  expiresAt: null,
  maxUses: null,
  usedCount: 0,
};

function toStored(row: DiscountCodeRow): StoredDiscountCode {
  return {
    code: row.code,
    type: row.type,
    value: row.value,
    isActive: row.isActive,
    expiresAt: row.expiresAt,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    reservedCount: row.reservedCount,
  };
}

export function toAdminDiscountCode(row: DiscountCodeRow): AdminDiscountCode {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    value: row.value,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, config, exclusive } = deps;
  const log = deps.logger.child({ module: 'payments' });
  const repo = createPaymentsRepo(db);
  const sandbox: SandboxProvider | undefined =
    deps.provider || config.stripe.secretKey
      ? undefined
      : createSandboxProvider({ repo, secret: config.sessionSecret });
  const provider: PaymentProvider =
    deps.provider ??
    (config.stripe.secretKey
      ? createStripeProvider({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase })
      : (sandbox as SandboxProvider));
  const mode: PaymentMode = provider.name;
  const listeners: PaymentListener[] = [];

  async function notify(change: PaymentChange): Promise<void> {
    for (const listener of listeners) await listener(change);
  }

  /** The one path every success takes (Stripe webhook, sync at submit, sandbox confirm). */
  async function paymentSucceeded(
    providerPaymentId: string,
    amountReceived: number,
    card?: { brand: string; last4: string },
  ): Promise<PaymentRow | undefined> {
    const row =
      (await repo.markSucceeded(providerPaymentId, amountReceived, card)) ??
      (await repo.findPaymentByProviderId(providerPaymentId));
    if (row?.status !== 'succeeded') return row;
    await notify({
      type: 'succeeded',
      quoteId: row.quoteId,
      providerPaymentId,
      amountCents: row.amountCents,
    });
    await repo.finishSandboxEvents(providerPaymentId);
    return row;
  }

  async function paymentFailed(
    providerPaymentId: string,
    message: string,
    card?: { brand: string; last4: string },
  ) {
    const row = await repo.markFailed(providerPaymentId, message, card);
    if (row) {
      await notify({ type: 'failed', quoteId: row.quoteId, providerPaymentId, amountCents: row.amountCents });
    }
  }

  async function resolveDiscount(code: string, now = new Date()): Promise<DiscountEvaluation> {
    const normalized = normalizeCode(code);
    const row = await repo.findDiscountCode(normalized);
    const stored = row ? toStored(row) : normalized === VIP_CODE ? BUILT_IN_VIP : null;
    return evaluateDiscount(stored, now);
  }

  /**
   * Why an intent's code may no longer be used (disabled or expired since the intent was made),
   * or null. Its own reserved use does not count against it.
   */
  async function codeWithdrawn(code: string, now = new Date()): Promise<string | null> {
    const row = await repo.findDiscountCode(code);
    if (!row) return discountMessages.notFound;
    const result = evaluateDiscount({ ...toStored(row), maxUses: null }, now);
    return result.ok ? null : result.message;
  }

  /** Applies what the provider says of an intent to our row. */
  async function settle(row: PaymentRow, intent: ProviderIntent | null): Promise<PaymentRow | undefined> {
    const id = row.providerPaymentId;
    if (!intent) return row;
    switch (intent.status) {
      case 'succeeded':
        return paymentSucceeded(id, intent.amountReceived, intent.card);
      case 'failed':
        await paymentFailed(id, intent.failureMessage ?? paymentMessages.failedFallback, intent.card);
        break;
      case 'canceled':
        await cancelled(id, intent.failureMessage ?? paymentMessages.intentCancelled);
        break;
      case 'requires_payment': {
        const released = await repo.releaseProcessing(id);
        if (released) {
          await notify({
            type: 'requires_payment',
            quoteId: released.quoteId,
            providerPaymentId: id,
            amountCents: released.amountCents,
          });
        }
        break;
      }
      case 'processing':
        await repo.markProcessing(id);
        break;
    }
    return repo.findPaymentByProviderId(id);
  }

  async function cancelled(providerPaymentId: string, reason: string): Promise<void> {
    const row = await repo.cancelPayment(providerPaymentId, reason);
    if (row) {
      await notify({ type: 'failed', quoteId: row.quoteId, providerPaymentId, amountCents: row.amountCents });
    }
  }

  /**
   * Cancels an unpaid intent at the provider and here, releasing its discount use. When it was
   * too late (it succeeded meanwhile), it is finished instead.
   */
  async function cancelIntent(providerPaymentId: string, reason: string): Promise<PaymentRow | undefined> {
    const row = await repo.findPaymentByProviderId(providerPaymentId);
    if (!row || row.status === 'succeeded' || row.cancelledAt) return row;
    const intent = await provider.cancelIntent(providerPaymentId);
    if (intent?.status === 'succeeded' || intent?.status === 'processing') return settle(row, intent);
    await cancelled(providerPaymentId, reason);
    return repo.findPaymentByProviderId(providerPaymentId);
  }

  const attemptKey = paymentAttemptKey;

  /** The provider's state of an intent, or null when it does not answer within `ms`. */
  async function retrieveWithin(providerPaymentId: string, ms: number): Promise<ProviderIntent | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(ms, 1));
    });
    try {
      const intent = await Promise.race([provider.retrieveIntent(providerPaymentId), timeout]);
      if (intent === null) log.warn({ providerPaymentId }, 'the provider did not answer in time');
      return intent;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A payment met in `processing` by a request: settled now from the provider's state (finished,
   * or released when nothing was charged) when no live attempt holds it, which after a crash is the
   * case at once; a live attempt (here or in another process) is waited for. Bounded by
   * SETTLE_WAIT_MS: answers the row as it then stands (still `processing` when the provider says
   * so or did not answer). Concurrent callers take turns: one settles, the others read its result.
   */
  async function settleProcessing(providerPaymentId: string): Promise<PaymentRow | undefined> {
    const deadline = Date.now() + SETTLE_WAIT_MS;
    let pause = 20;
    for (;;) {
      const row = await repo.findPaymentByProviderId(providerPaymentId);
      if (row?.status !== 'processing') return row;
      const attempt = await exclusive.tryRun(attemptKey(providerPaymentId), async () => {
        const fresh = await repo.findPaymentByProviderId(providerPaymentId);
        if (fresh?.status !== 'processing') return fresh;
        try {
          return await settle(fresh, await retrieveWithin(providerPaymentId, deadline - Date.now()));
        } catch (err) {
          log.error({ err, providerPaymentId }, 'could not settle a processing payment');
          return fresh;
        }
      });
      if (attempt.ran) return attempt.value;
      const left = deadline - Date.now();
      if (left <= 0) return row;
      // a live attempt: this process's own is awaited, another process's is looked at again shortly
      const local = exclusive.localWork(attemptKey(providerPaymentId));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, local ? left : Math.min(pause, left));
        void local?.then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      pause = Math.min(pause * 2, 400);
    }
  }

  function succeededAnswer(payment: PaymentRow): SandboxConfirmResult {
    return {
      ok: true,
      response: {
        id: payment.providerPaymentId,
        status: 'succeeded',
        amount: payment.amountCents,
        card: { brand: payment.cardBrand ?? 'unknown', last4: payment.cardLast4 ?? '' },
      },
    };
  }

  /**
   * One sandbox charge attempt, run while holding the payment's attempt key. An attempt that a
   * crash left `processing` (no live one holds it: this one does) is settled first from the
   * sandbox's ledger: finished when its charge was recorded, else released and charged now.
   */
  async function chargeSandbox(
    providerPaymentId: string,
    digits: string,
    card: { brand: string; last4: string },
  ): Promise<SandboxConfirmResult> {
    let claimed = await repo.claimForProcessing(providerPaymentId);
    if (!claimed) {
      let now = await repo.findPaymentByProviderId(providerPaymentId);
      if (now?.status === 'processing') {
        now = await settle(now, await provider.retrieveIntent(providerPaymentId));
        if (now?.status === 'succeeded') return succeededAnswer(now);
        if (now && !now.cancelledAt) claimed = await repo.claimForProcessing(providerPaymentId);
      } else if (now?.status === 'succeeded') return succeededAnswer(now);
      if (!claimed) {
        throw new ConflictError(
          now?.cancelledAt ? paymentMessages.intentCancelled : paymentMessages.alreadyProcessing,
        );
      }
    }
    await notify({
      type: 'processing',
      quoteId: claimed.quoteId,
      providerPaymentId: claimed.providerPaymentId,
      amountCents: claimed.amountCents,
    });

    const outcome = sandboxOutcome(digits);
    const eventId = `evt_sbx_${randomBytes(12).toString('hex')}`;
    if (outcome.outcome === 'declined') {
      await repo.beginEvent({
        id: eventId,
        provider: 'sandbox',
        type: 'payment_intent.payment_failed',
        payload: {
          paymentIntentId: claimed.providerPaymentId,
          declineCode: outcome.declineCode,
          message: outcome.message,
          card,
        },
      });
      await paymentFailed(claimed.providerPaymentId, outcome.message, card);
      await repo.finishEvent(eventId);
      return { ok: false, message: outcome.message, code: outcome.code, declineCode: outcome.declineCode };
    }
    await repo.beginEvent({
      id: eventId,
      provider: 'sandbox',
      type: 'payment_intent.succeeded',
      payload: { paymentIntentId: claimed.providerPaymentId, amount: claimed.amountCents, card },
    });
    await paymentSucceeded(claimed.providerPaymentId, claimed.amountCents, card);
    await repo.finishEvent(eventId);
    return {
      ok: true,
      response: { id: claimed.providerPaymentId, status: 'succeeded', amount: claimed.amountCents, card },
    };
  }

  return {
    repo,
    provider,
    mode,
    sandbox,
    settleProcessing,

    onPaymentChange(listener: PaymentListener): void {
      listeners.push(listener);
    },

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
     * The sandbox's confirmation of a card payment, with Stripe's test-card semantics and the
     * same state machine as Stripe: requires_payment -> processing -> succeeded or failed.
     * The card number is used here and dropped: only brand and last four digits are kept.
     */
    async confirmSandbox(input: SandboxConfirmRequest): Promise<SandboxConfirmResult> {
      if (!sandbox) throw new NotFoundError(paymentMessages.notSandbox);
      const payment = await repo.findPaymentByProviderId(input.paymentIntentId);
      if (payment?.provider !== 'sandbox') throw new NotFoundError(paymentMessages.unknownIntent);
      if (!sandbox.clientSecretValid(input.paymentIntentId, input.clientSecret)) {
        throw new ValidationError(paymentMessages.badClientSecret);
      }
      if (payment.status === 'succeeded') return succeededAnswer(payment);
      const check = checkCard(input.card, new Date());
      if (!check.ok) {
        const fieldErrors: Record<string, string[]> = {};
        for (const [field, message] of Object.entries(check.errors)) fieldErrors[`card.${field}`] = [message];
        const first = Object.values(check.errors)[0] ?? paymentMessages.failedFallback;
        throw new ValidationError(first, fieldErrors);
      }
      if (payment.cancelledAt) throw new ConflictError(paymentMessages.intentCancelled);
      // a code disabled or expired since the intent was made yields no discounted charge
      const withdrawn = payment.discountCode ? await codeWithdrawn(payment.discountCode) : null;
      if (withdrawn) {
        await cancelIntent(payment.providerPaymentId, withdrawn);
        throw new ValidationError(withdrawn, { discountCode: [withdrawn] });
      }
      const card = { brand: check.brand, last4: check.last4 };
      // the attempt holds its payment until it ends: no other request settles or charges it meanwhile
      const attempt = await exclusive.tryRun(attemptKey(input.paymentIntentId), () =>
        chargeSandbox(input.paymentIntentId, check.digits, card),
      );
      if (attempt.ran) return attempt.value;
      // another live attempt on this intent: its outcome, once it ends (bounded)
      const after = await settleProcessing(input.paymentIntentId);
      if (after?.status === 'succeeded') return succeededAnswer(after);
      throw new ConflictError(
        after?.cancelledAt ? paymentMessages.intentCancelled : paymentMessages.alreadyProcessing,
      );
    },

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
        default:
          log.debug({ type: event.type }, 'stripe event ignored');
      }
      await repo.finishEvent(event.id);
    },

    // ------------------------------------------------------------ admin

    async listDiscountCodes(): Promise<AdminDiscountCode[]> {
      return (await repo.listDiscountCodes()).map(toAdminDiscountCode);
    },

    async createDiscountCode(input: CreateDiscountCodeInput, actorId: string): Promise<AdminDiscountCode> {
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw new ValidationError(discountCodeMessages.expiresPast, {
          expiresAt: [discountCodeMessages.expiresPast],
        });
      }
      const row = await repo.insertDiscountCode({
        code: input.code,
        type: input.type,
        value: input.type === 'free' ? 0 : input.value,
        expiresAt,
        maxUses: input.maxUses ?? null,
        isActive: true,
        createdBy: actorId,
      });
      if (!row) throw new ConflictError(discountCodeMessages.duplicate);
      await audit(db, {
        actorId,
        action: 'discount_code.create',
        entityType: 'discount_code',
        entityId: row.id,
        data: { code: row.code, type: row.type, value: row.value },
      });
      return toAdminDiscountCode(row);
    },

    /**
     * Counts one use of a code for a submission that reserved none (a free one), inside the
     * submitting transaction of the quotes feature: see countUseWithoutReservation.
     */
    countDiscountUse(tx: Tx, code: string) {
      return countUseWithoutReservation(tx, code);
    },

    async disableDiscountCode(id: string, actorId: string): Promise<AdminDiscountCode> {
      if (!uuid.safeParse(id).success) throw new NotFoundError(discountCodeMessages.notFound);
      const row = await repo.disableDiscountCode(id);
      if (!row) throw new NotFoundError(discountCodeMessages.notFound);
      // open intents priced with it are cancelled now rather than at the next recovery run
      await this.recover().catch((err) =>
        log.error({ err }, 'could not release the holds of a disabled code'),
      );
      await audit(db, {
        actorId,
        action: 'discount_code.disable',
        entityType: 'discount_code',
        entityId: row.id,
        data: { code: row.code },
      });
      return toAdminDiscountCode(row);
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
