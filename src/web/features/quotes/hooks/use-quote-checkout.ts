import { centsToDollars } from '@domain/payments/money';
import { paymentMessages } from '@domain/payments/schemas';
import { FREE_SUBMISSION, submissionMessages } from '@domain/quotes/quote-calls';
import type { QuoteData, QuoteDataInput } from '@domain/quotes/quote-form';
import type { PaymentFormStatus, PaymentHandle } from '@web/features/payments';
import { useStripeConfig } from '@web/features/payments';
import { errorMessage, parseApiError } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { createPaymentIntent } from '../api/create-payment-intent';
import { submitQuote } from '../api/submit-quote';
import { focusField } from '../components/quote-fields';
import {
  type CheckoutStage,
  firstErrorField,
  orderTotalCents,
  quoteFieldErrors,
} from '../lib/quote-checkout';
import { orderPayload } from '../lib/quote-draft';
import { useCheckoutDiscount } from './use-checkout-discount';
import { useCheckoutReturn } from './use-checkout-return';
import { useFinishQuote } from './use-finish-quote';
import type { QuoteDraft } from './use-quote-draft';

/** On a phone the payment card is brought back into view after a refusal (the notice sits at the bottom). */
function showPaymentCard(card: HTMLElement | null) {
  if (!card || typeof window === 'undefined') return;
  if (window.matchMedia('(max-width: 1023.98px)').matches) card.scrollIntoView({ block: 'start' });
}

/**
 * Paying for the quote: the discount, the payment form's state, the PaymentIntent, the free
 * (VIP or 100 %) submission, a return from a checkout redirect, and the server's refusals.
 * The discount (useCheckoutDiscount), the redirect's return (useCheckoutReturn) and the way to
 * /thank-you (useFinishQuote) are hooks of their own.
 */
export function useQuoteCheckout(draft: QuoteDraft) {
  const { form, draftId, persist, setSubmitted } = draft;
  const { discount, setDiscount } = useCheckoutDiscount(draft);
  const [stage, setStage] = useState<CheckoutStage>('idle');
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [paymentNotice, setPaymentNotice] = useState<string | null>(null);
  const [paymentStatus, setPaymentStatus] = useState<PaymentFormStatus>('loading');
  const paymentRef = useRef<PaymentHandle>(null);
  const paymentCardRef = useRef<HTMLDivElement>(null);
  const config = useStripeConfig();

  const free = Boolean(discount?.free);
  const totalCents = orderTotalCents(discount);
  const busy = stage !== 'idle';

  const setupFailed = config.isError || paymentStatus === 'failed';
  useEffect(() => {
    if (setupFailed && !free) {
      toast({
        title: paymentMessages.setupFailedTitle,
        description: paymentMessages.setupFailedBody,
        variant: 'destructive',
      });
    }
  }, [setupFailed, free]);

  const finish = useFinishQuote(setSubmitted);

  /** Server field errors (quoteData.x, sketchFile) shown on their fields. */
  const showServerErrors = useCallback(
    (error: unknown) => {
      const errors = quoteFieldErrors(parseApiError(error).fieldErrors);
      for (const { name, message } of errors) form.setError(name as keyof QuoteDataInput, { message });
      if (errors[0]) focusField(errors[0].name);
    },
    [form],
  );

  const failPayment = useCallback((message: string) => {
    setPaymentError(message);
    toast({ title: paymentMessages.failedTitle, description: message, variant: 'destructive' });
    showPaymentCard(paymentCardRef.current);
  }, []);

  useCheckoutReturn(draft, finish, setStage);

  const onInvalid = (errors: FieldErrors<QuoteDataInput>) => {
    toast({ title: paymentMessages.fillRequiredFirst, variant: 'destructive' });
    const first = firstErrorField(errors);
    if (first) focusField(first);
  };

  const submitFreeOrder = async (data: QuoteData, code: { vip: boolean; code: string | null }) => {
    const res = await submitQuote({
      quoteData: data,
      paymentIntentId: FREE_SUBMISSION,
      isVipSubmission: code.vip,
      discountCode: code.code,
      draftId,
    });
    finish(res.projectId, { vip: code.vip, freeDiscountCode: code.vip ? null : code.code });
  };

  const pay = form.handleSubmit(async (formData) => {
    const data = orderPayload(formData);
    if (setupFailed) {
      toast({
        title: paymentMessages.setupFailedTitle,
        description: paymentMessages.setupFailedBody,
        variant: 'destructive',
      });
      return;
    }
    const handle = paymentRef.current;
    if (paymentStatus !== 'ready' || !handle) {
      toast({ title: paymentMessages.notReadyTitle, description: paymentMessages.notReadyBody });
      return;
    }
    setPaymentError(null);
    setPaymentNotice(null);
    setStage('paying');
    try {
      const prepared = await handle.prepare();
      if (!prepared.ok) {
        if (prepared.notLoaded) {
          toast({
            title: paymentMessages.failedTitle,
            description: paymentMessages.stripeNotLoaded,
            variant: 'destructive',
          });
        } else if (prepared.message) setPaymentError(prepared.message);
        showPaymentCard(paymentCardRef.current);
        return;
      }
      persist();
      let intent: Awaited<ReturnType<typeof createPaymentIntent>>;
      try {
        intent = await createPaymentIntent({
          quoteData: data,
          finalAmount: totalCents,
          discountCode: discount?.code ?? null,
          draftId,
        });
      } catch (error) {
        showServerErrors(error);
        failPayment(errorMessage(error, paymentMessages.failedFallback));
        return;
      }
      // the same order was already paid (a crash hid the answer, another tab): its Project ID, no new charge
      if (intent.projectId) {
        finish(
          intent.projectId,
          { vip: false, amountDollars: intent.amount > 0 ? centsToDollars(intent.amount) : null },
          intent.message,
        );
        return;
      }
      if (intent.freeSubmission || !intent.clientSecret) {
        setStage('submitting');
        await submitFreeOrder(data, { vip: discount?.vip ?? false, code: discount?.code ?? null });
        return;
      }
      persist({ paymentIntentId: intent.paymentIntentId, amountCents: intent.amount });
      const outcome = await handle.confirm({
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.paymentIntentId,
      });
      if (outcome.status === 'failed') {
        failPayment(outcome.message);
        return;
      }
      if (outcome.status === 'processing') {
        setPaymentNotice(paymentMessages.processing);
        return;
      }
      toast({ title: paymentMessages.successTitle, description: paymentMessages.successBody });
      setStage('submitting');
      try {
        const res = await submitQuote({ quoteData: data, paymentIntentId: intent.paymentIntentId, draftId });
        finish(res.projectId, { vip: false, amountDollars: centsToDollars(intent.amount) });
      } catch {
        toast({
          title: submissionMessages.errorTitle,
          description: submissionMessages.paidButFailed,
          variant: 'destructive',
        });
      }
    } catch (error) {
      toast({ title: paymentMessages.failedTitle, description: errorMessage(error), variant: 'destructive' });
    } finally {
      setStage('idle');
    }
  }, onInvalid);

  const submitFree = form.handleSubmit(async (formData) => {
    if (!discount) return;
    setStage('submitting');
    try {
      await submitFreeOrder(orderPayload(formData), discount);
    } catch (error) {
      showServerErrors(error);
      const parsed = parseApiError(error);
      toast({
        title: submissionMessages.failedTitle,
        description:
          parsed.status && parsed.status < 500 && parsed.message
            ? parsed.message
            : submissionMessages.failedBody,
        variant: 'destructive',
      });
    } finally {
      setStage('idle');
    }
  }, onInvalid);

  /** The form's submit: free orders are submitted, others paid. */
  const submit = () => void (free ? submitFree() : pay());

  /** Forgets the code and the payment messages ('Submit Another Quote'). */
  const reset = () => {
    setDiscount(null);
    setPaymentError(null);
    setPaymentNotice(null);
  };

  return {
    config,
    discount,
    setDiscount,
    free,
    totalCents,
    stage,
    busy,
    setupFailed,
    paymentError,
    paymentNotice,
    paymentRef,
    paymentCardRef,
    setPaymentStatus,
    submit,
    reset,
  };
}

export type QuoteCheckout = ReturnType<typeof useQuoteCheckout>;
