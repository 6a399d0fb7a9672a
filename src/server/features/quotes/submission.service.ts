import type { Logger } from 'pino';
import { z } from 'zod';
import {
  BASE_PRICE_CENTS,
  discountMessages,
  normalizeCode,
  VIP_CODE,
} from '../../../domain/payments/discount';
import { type CardBrand, cardBrandLabels } from '../../../domain/payments/test-cards';
import {
  FREE_SUBMISSION,
  type SubmitQuoteResponse,
  submissionMessages,
} from '../../../domain/quotes/quote-calls';
import type { QuoteData } from '../../../domain/quotes/quote-form';
import type { Config } from '../../platform/config';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { EstimatesService } from '../estimates';
import type { PaymentChange, PaymentRow, PaymentsService } from '../payments';
import { confirmationMail } from './confirmation-mail';
import { isPermanent, PaymentRequiredError, withProvider } from './order-errors';
import { orderKey } from './order-key';
import type { Price, QuoteDrafts, RequestContext } from './quote-drafts';
import type { QuoteRow, QuotesRepo } from './quotes.repo';

export interface QuoteSubmissionServiceDeps {
  repo: QuotesRepo;
  drafts: QuoteDrafts;
  config: Config;
  logger: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  payments: PaymentsService;
  /** The estimates feature: a submitted quote's report is queued there. */
  reports: Pick<EstimatesService, 'enqueueReport'>;
}

const uuid = z.uuid();

/**
 * Submitting an order once paid (or free): at the customer's submit, when its payment succeeds
 * (the payments feature tells), and in the background (`quotes.finalize`) when neither could.
 */
export function createQuoteSubmissionService(deps: QuoteSubmissionServiceDeps) {
  const { repo, drafts, config, jobs, mailer, reports, payments: paymentsService } = deps;
  const { quoteFields, priceFor, saveQuote, draftKey } = drafts;
  const log = deps.logger.child({ module: 'quotes' });

  /**
   * Submits a quote once it is paid (or free): in one transaction (the repo's) the quote becomes
   * submitted, the discount use is counted (never above its limit) and the confirmation mail is
   * stored in the outbox, so a retried or concurrent call finds it submitted and answers the same
   * reference, and the mail exists exactly once.
   */
  async function finalize(quoteId: string): Promise<{ quote: QuoteRow; newlySubmitted: boolean }> {
    let card: { brand: string | null; last4: string | null } | undefined;
    const outcome = await repo.submit(quoteId, {
      async check(tx, quote, payment) {
        card = undefined;
        // a paid intent counted its code's use when it succeeded (its reservation became a use)
        let useCounted = false;
        if (payment) {
          const { paid } = payment;
          if (!paid) {
            throw new PaymentRequiredError(
              payment.short ? submissionMessages.underpaid : submissionMessages.notPaid,
            );
          }
          card = { brand: paid.cardBrand, last4: paid.cardLast4 };
          useCounted = paid.discountCode !== null;
        }
        if (quote.discountCode && !useCounted) {
          const use = await paymentsService.countDiscountUse(tx, quote.discountCode);
          // a stored code at its limit refuses a free submission; the built-in VIP has no row
          if (use === 'used_up' && quote.amountCents === 0) {
            throw new ValidationError(discountMessages.usedUp, { discountCode: [discountMessages.usedUp] });
          }
        }
      },
      async stored(tx, submitted) {
        const brand = card?.brand as CardBrand | null | undefined;
        const mail = confirmationMail(submitted, {
          brandName: config.brandName,
          supportEmail: config.supportEmail,
          publicUrl: config.publicUrl,
          cardText:
            brand && card?.last4 ? `${cardBrandLabels[brand] ?? 'Card'} ending in ${card.last4}` : null,
        });
        // stored in the same transaction as the status change: exactly one mail per submitted quote
        const { id } = await mailer.storeIn(tx, { to: mail.to, subject: mail.subject, text: mail.text });
        return id;
      },
    });
    if (!outcome) throw new NotFoundError(submissionMessages.quoteNotFound);

    if (outcome.newlySubmitted) {
      log.info({ quoteId, reference: outcome.quote.reference }, 'quote submitted');
      await afterSubmit(outcome.quote, outcome.outboxId);
    }
    return { quote: outcome.quote, newlySubmitted: outcome.newlySubmitted };
  }

  /** Work that follows a submission outside its transaction: SMTP delivery and the report job. */
  async function afterSubmit(quote: QuoteRow, outboxId: string | null): Promise<void> {
    if (outboxId) {
      // on failure the mail worker's start-up sweep sends it (pending, never tried)
      await mailer
        .queue(outboxId)
        .catch((err) => log.error({ err, outboxId }, 'could not enqueue the confirmation mail'));
    }
    try {
      // the estimate pipeline's hook: queued with a job, or awaiting measurements without a file
      await reports.enqueueReport(quote.id);
    } catch (err) {
      log.error({ err, quoteId: quote.id }, 'could not enqueue the report job');
    }
  }

  /** Submits in the background: used when the request that noticed the payment could not. */
  async function finalizeLater(quoteId: string, err: unknown): Promise<void> {
    log.warn({ err, quoteId }, 'quote submission after payment failed; retrying in the background');
    await jobs.send('quotes.finalize', { quoteId }, { singletonKey: quoteId });
  }

  paymentsService.onPaymentChange(async (change: PaymentChange) => {
    // an intent made without quote data is tied to its quote at submit, which finishes it
    if (change.quoteId === null) return;
    if (change.type !== 'succeeded') {
      await repo.setPaymentStatus(change.quoteId, change.type);
      return;
    }
    const quoteId = change.quoteId;
    try {
      await finalize(quoteId);
    } catch (err) {
      if (isPermanent(err)) {
        log.error({ err, quoteId }, 'a payment succeeded but the quote cannot be submitted');
        return;
      }
      await finalizeLater(quoteId, err);
    }
  });

  function submittedAnswer(quote: QuoteRow): SubmitQuoteResponse {
    return { projectId: quote.reference, message: submissionMessages.submitted(quote.reference) };
  }

  /**
   * The quote of an intent made without quote data, saved from the data sent at submit and
   * priced as the intent was (its code's use is the intent's own). From here the quote is
   * never lost: the payment's success submits it.
   */
  async function tieQuote(payment: PaymentRow, data: QuoteData, ctx: RequestContext): Promise<QuoteRow> {
    const fields = await quoteFields(data);
    const original = BASE_PRICE_CENTS;
    const finalAmount = Math.min(payment.amountCents, original);
    const price: Price = {
      code: payment.discountCode,
      breakdown: { originalAmount: original, discountCents: original - finalAmount, finalAmount },
      isVip: false,
    };
    const quote = await saveQuote(
      `p_${payment.providerPaymentId}`,
      orderKey(data, payment.discountCode),
      fields,
      price,
      ctx,
    );
    await paymentsService.repo.tieToQuote(payment.providerPaymentId, quote.id);
    await repo.setPaymentIntent(quote.id, payment.providerPaymentId);
    return (await repo.findById(quote.id)) ?? quote;
  }

  return {
    finalize,

    /**
     * Submits a quote: a paid one by its PaymentIntent (checked with the provider: succeeded,
     * for at least the amount due), a free one by the server's own price of its code.
     * Submitting again answers the same Project ID.
     */
    async submit(
      input: {
        quoteData?: QuoteData;
        paymentIntentId: string;
        isVipSubmission?: boolean | null;
        discountCode?: string | null;
        draftId?: string;
      },
      ctx: RequestContext,
    ): Promise<SubmitQuoteResponse> {
      if (input.paymentIntentId === FREE_SUBMISSION) {
        const rawCode = input.discountCode || (input.isVipSubmission ? VIP_CODE : '');
        if (normalizeCode(rawCode) === '') throw new PaymentRequiredError(submissionMessages.notFree);
        const price = await priceFor(rawCode);
        if (price.breakdown.finalAmount !== 0) throw new PaymentRequiredError(submissionMessages.notFree);
        if (!input.quoteData) {
          throw new ValidationError(submissionMessages.quoteDataRequired, {
            quoteData: [submissionMessages.quoteDataRequired],
          });
        }
        const fields = await quoteFields(input.quoteData);
        const quote = await saveQuote(
          draftKey(input.draftId, input.quoteData, price.code),
          orderKey(input.quoteData, price.code),
          fields,
          price,
          ctx,
        );
        if (quote.status === 'submitted') return submittedAnswer(quote);
        const { quote: done } = await finalize(quote.id);
        return submittedAnswer(done);
      }

      let payment = await withProvider(log, () => paymentsService.syncFromProvider(input.paymentIntentId));
      if (!payment) throw new NotFoundError(submissionMessages.unknownPayment);
      if (!payment.quoteId) {
        if (!input.quoteData) {
          throw new ValidationError(submissionMessages.quoteDataRequired, {
            quoteData: [submissionMessages.quoteDataRequired],
          });
        }
        await tieQuote(payment, input.quoteData, ctx);
        // read again: a success that landed before the tie had no quote to submit
        payment = await paymentsService.repo.findPaymentByProviderId(input.paymentIntentId);
        if (!payment?.quoteId) throw new NotFoundError(submissionMessages.unknownPayment);
      }
      const quote = await repo.findById(payment.quoteId);
      if (!quote) throw new NotFoundError(submissionMessages.quoteNotFound);
      if (quote.status === 'submitted') return submittedAnswer(quote);
      if (payment.status !== 'succeeded') throw new PaymentRequiredError(submissionMessages.notPaid);
      const { quote: done } = await finalize(quote.id);
      return submittedAnswer(done);
    },

    /** Background submission of a paid quote (the `quotes.finalize` job). */
    async finalizeJob(quoteId: string): Promise<void> {
      if (!uuid.safeParse(quoteId).success) return;
      try {
        await finalize(quoteId);
      } catch (err) {
        if (isPermanent(err)) {
          log.error({ err, quoteId }, 'a paid quote cannot be submitted');
          return;
        }
        throw err;
      }
    },

    /** At start: paid quotes that a crash left unsubmitted are submitted by the job. */
    async resumePaidQuotes(): Promise<number> {
      const ids = await repo.paidButNotSubmitted();
      for (const quoteId of ids) await jobs.send('quotes.finalize', { quoteId }, { singletonKey: quoteId });
      return ids.length;
    },
  };
}

export type QuoteSubmissionService = ReturnType<typeof createQuoteSubmissionService>;
