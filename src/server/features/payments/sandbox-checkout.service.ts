import { randomBytes } from 'node:crypto';
import { paymentMessages, type SandboxConfirmRequest } from '../../../domain/payments/schemas';
import { checkCard, sandboxOutcome } from '../../../domain/payments/test-cards';
import type { Exclusive } from '../../platform/db/exclusive';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { PaymentProvider } from './payment-provider';
import type { PaymentStates } from './payment-states';
import type { PaymentRow, PaymentsRepo } from './payments.repo';
import { paymentAttemptKey, type SandboxConfirmResult, SETTLE_WAIT_MS } from './payments.service';
import type { SandboxProvider } from './sandbox-provider';

/** The sandbox's card confirmation (no Stripe keys): Stripe's test cards and state machine. */
export function createSandboxCheckoutService(deps: {
  repo: PaymentsRepo;
  provider: PaymentProvider;
  sandbox: SandboxProvider | undefined;
  exclusive: Exclusive;
  states: PaymentStates;
}) {
  const { repo, provider, sandbox, exclusive, states } = deps;
  const { notify, paymentSucceeded, paymentFailed, codeWithdrawn, settle, cancelIntent, settleProcessing } =
    states;
  const attemptKey = paymentAttemptKey;

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
      // a code disabled or expired since the intent was made yields no discounted charge, and the
      // customer is told why, also when the recovery job cancelled the intent for it first
      const withdrawn = payment.discountCode ? await codeWithdrawn(payment.discountCode) : null;
      if (withdrawn) {
        if (!payment.cancelledAt) await cancelIntent(payment.providerPaymentId, withdrawn);
        throw new ValidationError(withdrawn, { discountCode: [withdrawn] });
      }
      if (payment.cancelledAt) throw new ConflictError(paymentMessages.intentCancelled);
      const card = { brand: check.brand, last4: check.last4 };
      // the attempt holds its payment until it ends: no other request settles or charges it meanwhile.
      // Another holder (a live attempt, or the recovery settling one a crash cut) is waited for; when it
      // ended with nothing charged (released, or declined) and lets go, this attempt charges (bounded).
      const deadline = Date.now() + SETTLE_WAIT_MS;
      let pause = 20;
      for (;;) {
        const attempt = await exclusive.tryRun(attemptKey(input.paymentIntentId), () =>
          chargeSandbox(input.paymentIntentId, check.digits, card),
        );
        if (attempt.ran) return attempt.value;
        const after = await settleProcessing(input.paymentIntentId);
        if (after?.status === 'succeeded') return succeededAnswer(after);
        const chargeable = after !== undefined && !after.cancelledAt && after.status !== 'processing';
        if (!chargeable || Date.now() >= deadline) {
          throw new ConflictError(
            after?.cancelledAt ? paymentMessages.intentCancelled : paymentMessages.alreadyProcessing,
          );
        }
        // the holder is letting go (this process's own is awaited, another process's looked at shortly)
        const local = exclusive.localWork(attemptKey(input.paymentIntentId));
        await (local ?? new Promise((resolve) => setTimeout(resolve, pause)));
        pause = Math.min(pause * 2, 400);
      }
    },
  };
}

export type SandboxCheckoutService = ReturnType<typeof createSandboxCheckoutService>;
