import type { StripeConfigResponse } from '@domain/payments/schemas';
import { Spinner } from '@web/components/ui/spinner';
import { lazy, type Ref, Suspense } from 'react';
import type { PaymentFormStatus, PaymentHandle } from './payment-types';
import { SandboxCardForm } from './sandbox-card-form';

const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

interface PaymentPanelProps {
  config: StripeConfigResponse;
  amountCents: number;
  /** Where a payment method that needs a redirect comes back to (the quote page by default). */
  returnPath?: string;
  ref?: Ref<PaymentHandle>;
  onStatusChange: (status: PaymentFormStatus) => void;
  disabled?: boolean;
}

/** The card payment form: Stripe's Payment Element with keys, the test-mode sandbox without. */
export function PaymentPanel({
  config,
  amountCents,
  returnPath,
  ref,
  onStatusChange,
  disabled,
}: PaymentPanelProps) {
  if (config.mode === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<Spinner label="Loading the payment form..." />}>
        <StripePaymentForm
          ref={ref}
          publishableKey={config.publishableKey}
          amountCents={amountCents}
          returnPath={returnPath}
          onStatusChange={onStatusChange}
          disabled={disabled}
        />
      </Suspense>
    );
  }
  return <SandboxCardForm ref={ref} onStatusChange={onStatusChange} disabled={disabled} />;
}
