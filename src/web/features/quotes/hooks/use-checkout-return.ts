import { centsToDollars } from '@domain/payments/money';
import { paymentMessages } from '@domain/payments/schemas';
import { submissionMessages } from '@domain/quotes/quote-calls';
import { quoteDataSchema } from '@domain/quotes/quote-form';
import { toast } from '@web/lib/use-toast';
import { useEffect, useRef } from 'react';
import { submitQuote } from '../api/submit-quote';
import { type CheckoutStage, readCheckoutReturn } from '../lib/quote-checkout';
import { orderPayload } from '../lib/quote-draft';
import type { FinishQuote } from './use-finish-quote';
import type { QuoteDraft } from './use-quote-draft';

/**
 * A return from a checkout redirect (payment=success&session_id=... or payment=cancelled): the
 * address is cleaned, a paid order is submitted once.
 */
export function useCheckoutReturn(
  { form, draftId, initialPending }: QuoteDraft,
  finish: FinishQuote,
  setStage: (stage: CheckoutStage) => void,
) {
  const handledReturn = useRef(false);
  useEffect(() => {
    if (handledReturn.current) return;
    handledReturn.current = true;
    const back = readCheckoutReturn(window.location.search, initialPending);
    if (back.kind === 'none') return;
    window.history.replaceState(null, '', '/quote');
    if (back.kind === 'cancelled') {
      toast({ title: paymentMessages.cancelledTitle, description: paymentMessages.cancelledBody });
      return;
    }
    if (back.kind !== 'success') return;
    toast({ title: paymentMessages.successTitle, description: paymentMessages.successBody });
    setStage('submitting');
    const parsed = quoteDataSchema.safeParse(form.getValues());
    submitQuote({
      quoteData: parsed.success ? orderPayload(parsed.data) : undefined,
      paymentIntentId: back.paymentIntentId,
      draftId,
    })
      .then((res) =>
        finish(res.projectId, {
          vip: false,
          amountDollars: back.paidCents ? centsToDollars(back.paidCents) : null,
        }),
      )
      .catch(() =>
        toast({
          title: submissionMessages.errorTitle,
          description: submissionMessages.paidButFailed,
          variant: 'destructive',
        }),
      )
      .finally(() => setStage('idle'));
  }, [draftId, finish, form, initialPending, setStage]);
}
