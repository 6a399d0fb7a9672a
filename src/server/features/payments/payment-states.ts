import type { Logger } from 'pino';
import {
  type DiscountEvaluation,
  discountMessages,
  evaluateDiscount,
  normalizeCode,
  type StoredDiscountCode,
  VIP_CODE,
} from '../../../domain/payments/discount';
import { type PaymentMode, paymentMessages } from '../../../domain/payments/schemas';
import type { Config } from '../../platform/config';
import type { Exclusive } from '../../platform/db/exclusive';
import type { PaymentProvider, ProviderIntent } from './payment-provider';
import type { DiscountCodeRow, PaymentRow, PaymentsRepo } from './payments.repo';
import {
  type PaymentChange,
  type PaymentListener,
  paymentAttemptKey,
  SETTLE_WAIT_MS,
} from './payments.service';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider';
import { createStripeProvider } from './stripe-provider';

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

/** The payment provider of the configuration: Stripe with keys, else the sandbox (or the one given, in tests). */
export function choosePaymentProvider(deps: {
  repo: PaymentsRepo;
  config: Config;
  provider?: PaymentProvider;
}) {
  const { repo, config } = deps;
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
  return { provider, sandbox, mode };
}

/**
 * The state machine of a payment as the provider reports it (succeeded, failed, cancelled,
 * processing, released), the listeners told of each change, and the discount codes' rules as
 * stored: shared by the payments services (built once in services.ts).
 */
export function createPaymentStates(deps: {
  repo: PaymentsRepo;
  provider: PaymentProvider;
  exclusive: Exclusive;
  logger: Logger;
}) {
  const { repo, provider, exclusive } = deps;
  const log = deps.logger.child({ module: 'payments' });
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

  return {
    onPaymentChange(listener: PaymentListener): void {
      listeners.push(listener);
    },
    notify,
    paymentSucceeded,
    paymentFailed,
    resolveDiscount,
    codeWithdrawn,
    settle,
    cancelled,
    cancelIntent,
    settleProcessing,
  };
}

export type PaymentStates = ReturnType<typeof createPaymentStates>;
