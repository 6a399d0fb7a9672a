import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { normalizeCode } from '../../../domain/payments/discount';
import { paymentMessages } from '../../../domain/payments/schemas';
import {
  type CreatePaymentIntentResponse,
  FREE_SUBMISSION,
  submissionMessages,
} from '../../../domain/quotes/quote-calls';
import type { QuoteData } from '../../../domain/quotes/quote-form';
import type { Config } from '../../platform/config';
import { ConflictError } from '../../platform/errors';
import type { PaymentRow, PaymentsService } from '../payments';
import { ServiceUnavailableError, withProvider } from './order-errors';
import { orderKey } from './order-key';
import { orderWindowStart, type QuoteDrafts, type RequestContext } from './quote-drafts';
import type { QuoteRow, QuotesRepo } from './quotes.repo';
import type { QuoteSubmissionService } from './submission.service';

export interface QuoteCheckoutServiceDeps {
  repo: QuotesRepo;
  drafts: QuoteDrafts;
  submission: QuoteSubmissionService;
  config: Config;
  logger: Logger;
  payments: PaymentsService;
}

/** The order's payment: the quote saved with the server's price, and its PaymentIntent (or none when free). */
export function createQuoteCheckoutService(deps: QuoteCheckoutServiceDeps) {
  const { repo, drafts, submission, config, payments: paymentsService } = deps;
  const { quoteFields, priceFor, saveQuote, draftKey } = drafts;
  const { finalize } = submission;
  const log = deps.logger.child({ module: 'quotes' });

  /** The answer to an order placed again once paid (or submitted): its Project ID, no new payment. */
  function alreadyOrdered(quote: QuoteRow): CreatePaymentIntentResponse {
    return {
      clientSecret: null,
      paymentIntentId: quote.paymentIntentId ?? FREE_SUBMISSION,
      quoteId: quote.id,
      amount: quote.amountCents,
      freeSubmission: quote.amountCents === 0,
      projectId: quote.reference,
      message:
        quote.amountCents > 0
          ? submissionMessages.alreadyOrdered(quote.reference)
          : submissionMessages.alreadySubmitted(quote.reference),
    };
  }

  /** Spec 1 section 7 payloads: an intent priced by the code alone, tied to its quote at submit. */
  async function intentWithoutQuote(code: string | null): Promise<CreatePaymentIntentResponse> {
    const price = await priceFor(code);
    if (price.breakdown.finalAmount === 0) {
      return {
        clientSecret: null,
        paymentIntentId: FREE_SUBMISSION,
        quoteId: null,
        amount: 0,
        freeSubmission: true,
      };
    }
    // no requester to recognise a retry by: every call is a new order (an unpaid intent charges nothing)
    const intent = await withProvider(log, () =>
      paymentsService.provider.createIntent({
        amountCents: price.breakdown.finalAmount,
        quoteId: null,
        reference: null,
        description: `${config.brandName} roof quote`,
        idempotencyKey: `order_${randomUUID()}`,
      }),
    );
    if (intent.amount !== price.breakdown.finalAmount || !intent.clientSecret) {
      throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
    }
    await withProvider(log, () => paymentsService.recordIntent(null, intent, price.code));
    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      quoteId: null,
      amount: intent.amount,
      freeSubmission: false,
    };
  }

  /** Earlier unpaid intents of a quote that a new price replaced: cancelled, their holds released. */
  async function cancelReplaced(quoteId: string, keep: string | null): Promise<void> {
    for (const old of await paymentsService.repo.openPaymentsOfQuote(quoteId, keep ?? '')) {
      await paymentsService
        .cancelIntent(old.providerPaymentId, paymentMessages.intentCancelled)
        .catch((err) => log.warn({ err, id: old.providerPaymentId }, 'could not cancel a replaced intent'));
    }
  }

  return {
    /**
     * Saves the quote and prepares its payment: the amount comes from the base price and the
     * code alone (a browser's finalAmount is ignored). A free quote gets no PaymentIntent.
     * Without quote data (spec 1 section 7 payloads) the intent is not tied to a quote until
     * submit. A retry of the same order (same draft, or same requester, data and code while
     * unpaid) answers the same intent; a new intent reserves one use of its discount code.
     */
    async createPaymentIntent(
      input: {
        quoteData?: QuoteData;
        vipCode?: string | null;
        discountCode?: string | null;
        draftId?: string;
      },
      ctx: RequestContext,
    ): Promise<CreatePaymentIntentResponse> {
      const code = normalizeCode(input.vipCode || input.discountCode) || null;
      if (!input.quoteData) return intentWithoutQuote(code);

      const fields = await quoteFields(input.quoteData);
      const contentKey = orderKey(input.quoteData, code);
      const key = input.draftId ? draftKey(input.draftId, input.quoteData, code) : null;
      const byDraft = key ? await repo.findByIdempotencyKey(key) : undefined;
      const twins = await repo.recentByContent(contentKey, orderWindowStart());
      // this draft's quote and the same order's of the last 24 hours, each with its payment as the
      // provider now has it: one a crash left processing is settled first (it may have charged)
      const seen = new Map<string, { quote: QuoteRow; payment: PaymentRow | undefined }>();
      for (const quote of [byDraft, ...twins]) {
        if (!quote || seen.has(quote.id)) continue;
        const intentId = quote.status !== 'submitted' ? quote.paymentIntentId : null;
        // unknown is not unpaid: without the provider's answer no new intent is made (503)
        const payment = intentId
          ? await withProvider(log, () => paymentsService.syncFromProvider(intentId))
          : undefined;
        seen.set(quote.id, { quote, payment });
      }
      const earlier = [...seen.values()];
      // paid already (this draft's, or the same paid order): its Project ID, and no new charge
      const paid = earlier.find(
        ({ quote, payment }) =>
          (quote.status === 'submitted' && (quote === byDraft || quote.amountCents > 0)) ||
          (payment?.status === 'succeeded' && payment.quoteId === quote.id),
      );
      if (paid) {
        const done = paid.quote.status === 'submitted' ? paid.quote : (await finalize(paid.quote.id)).quote;
        return alreadyOrdered(done);
      }
      if (earlier.some(({ payment }) => payment?.status === 'processing')) {
        throw new ConflictError(paymentMessages.alreadyProcessing);
      }
      const open =
        (byDraft ? seen.get(byDraft.id) : undefined) ??
        earlier.find(({ quote }) => quote.status !== 'submitted');
      const existing = open?.quote;
      const current = open?.payment;

      // the same order again: its open intent, priced with the same code, already holds the use
      if (
        existing &&
        current &&
        !current.cancelledAt &&
        current.discountCode === code &&
        (current.status === 'requires_payment' || current.status === 'failed')
      ) {
        const intent = await withProvider(log, () =>
          paymentsService.provider.retrieveIntent(current.providerPaymentId),
        );
        if (intent?.clientSecret && (intent.status === 'requires_payment' || intent.status === 'failed')) {
          await repo.updateOpenQuote(existing.id, { ...fields, contentKey });
          return {
            clientSecret: intent.clientSecret,
            paymentIntentId: intent.id,
            quoteId: existing.id,
            amount: intent.amount,
            freeSubmission: false,
          };
        }
      }

      const price = await priceFor(code);
      const quote = await saveQuote(key, contentKey, fields, price, ctx);
      if (quote.status === 'submitted') return alreadyOrdered(quote);

      if (quote.amountCents === 0) {
        await repo.setPaymentStatus(quote.id, 'free');
        await cancelReplaced(quote.id, null);
        return {
          clientSecret: null,
          paymentIntentId: FREE_SUBMISSION,
          quoteId: quote.id,
          amount: 0,
          freeSubmission: true,
        };
      }

      // concurrent calls for one quote compute the same key, so the provider answers one intent
      const cancelledBefore = await paymentsService.repo.countCancelledPaymentsOfQuote(quote.id);
      const intent = await withProvider(log, () =>
        paymentsService.provider.createIntent({
          amountCents: quote.amountCents,
          quoteId: quote.id,
          reference: quote.reference,
          description: `${config.brandName} roof quote ${quote.reference}`,
          receiptEmail: quote.requesterEmail,
          idempotencyKey: `quote_${quote.id}_amount_${quote.amountCents}_code_${price.code ?? ''}_after_${cancelledBefore}`,
        }),
      );
      if (intent.amount !== quote.amountCents || !intent.clientSecret) {
        throw new ServiceUnavailableError(paymentMessages.providerUnavailable);
      }
      await withProvider(log, () => paymentsService.recordIntent(quote.id, intent, price.code));
      await repo.setPaymentIntent(quote.id, intent.id);
      await cancelReplaced(quote.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        quoteId: quote.id,
        amount: intent.amount,
        freeSubmission: false,
      };
    },
  };
}

export type QuoteCheckoutService = ReturnType<typeof createQuoteCheckoutService>;
