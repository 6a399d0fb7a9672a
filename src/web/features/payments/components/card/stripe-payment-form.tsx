import { paymentMessages } from '@domain/payments/schemas';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { type Ref, useEffect, useImperativeHandle, useMemo } from 'react';
import type { PaymentFormStatus, PaymentHandle } from './payment-types';

interface StripePaymentFormProps {
  publishableKey: string;
  amountCents: number;
  /** The page a payment method that needs a redirect comes back to (the quote page by default). */
  returnPath?: string;
  ref?: Ref<PaymentHandle>;
  onStatusChange?: (status: PaymentFormStatus) => void;
  disabled?: boolean;
}

/** Where a payment method that needs a redirect comes back to: the quote page (which submits) or the caller's page. */
function returnUrl(paymentIntentId: string, returnPath: string): string {
  const url = new URL(returnPath, window.location.origin);
  url.searchParams.set('payment', 'success');
  url.searchParams.set('session_id', paymentIntentId);
  return url.toString();
}

function PaymentElementForm({
  ref,
  onStatusChange,
  disabled,
  returnPath = '/quote',
}: Omit<StripePaymentFormProps, 'publishableKey' | 'amountCents'>) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(
    ref,
    (): PaymentHandle => ({
      async prepare() {
        if (!stripe || !elements) return { ok: false, message: null, notLoaded: true };
        const { error } = await elements.submit();
        return error ? { ok: false, message: error.message ?? paymentMessages.failedFallback } : { ok: true };
      },
      async confirm({ clientSecret, paymentIntentId }) {
        if (!stripe || !elements) return { status: 'failed', message: paymentMessages.stripeNotLoaded };
        const { error, paymentIntent } = await stripe.confirmPayment({
          elements,
          clientSecret,
          confirmParams: { return_url: returnUrl(paymentIntentId, returnPath) },
          redirect: 'if_required',
        });
        if (error) return { status: 'failed', message: error.message ?? paymentMessages.failedFallback };
        if (paymentIntent?.status === 'succeeded') return { status: 'succeeded' };
        if (paymentIntent?.status === 'processing') return { status: 'processing' };
        return { status: 'failed', message: paymentMessages.failedFallback };
      },
    }),
    [stripe, elements, returnPath],
  );

  return (
    <PaymentElement
      options={{ layout: 'tabs', readOnly: disabled }}
      onReady={() => onStatusChange?.('ready')}
      onLoadError={() => onStatusChange?.('failed')}
    />
  );
}

/** Stripe's Payment Element (deferred intent: the PaymentIntent is made when the person pays). */
export default function StripePaymentForm({
  publishableKey,
  amountCents,
  returnPath,
  ref,
  onStatusChange,
  disabled,
}: StripePaymentFormProps) {
  const stripePromise = useMemo<Promise<Stripe | null>>(
    () =>
      loadStripe(publishableKey).catch(() => {
        onStatusChange?.('failed');
        return null;
      }),
    [publishableKey, onStatusChange],
  );

  useEffect(() => {
    let live = true;
    stripePromise.then((stripe) => {
      if (live && !stripe) onStatusChange?.('failed');
    });
    return () => {
      live = false;
    };
  }, [stripePromise, onStatusChange]);

  return (
    <Elements
      stripe={stripePromise}
      options={{
        mode: 'payment',
        amount: amountCents,
        currency: 'usd',
        appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
      }}
    >
      <PaymentElementForm
        ref={ref}
        onStatusChange={onStatusChange}
        disabled={disabled}
        returnPath={returnPath}
      />
    </Elements>
  );
}
