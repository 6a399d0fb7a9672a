import { formatCents } from '@domain/payments/money';
import { paymentMessages } from '@domain/payments/schemas';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { PaymentPanel } from '@web/features/payments';
import { AlertCircle, Lock, ShieldCheck } from 'lucide-react';
import type { QuoteCheckout } from '../../hooks/use-quote-checkout';
import { DiscountCodeBox } from '../discount-code-box';
import { OrderSummary } from '../order-summary';

/** The order (price, discount code) and the payment card with the pay or submit button. */
export function OrderSection({ checkout }: { checkout: QuoteCheckout }) {
  const { config, discount, free, totalCents, stage, busy, setupFailed, paymentError, paymentNotice } =
    checkout;
  return (
    <aside
      className="grid content-start gap-6 lg:sticky lg:top-24 lg:self-start"
      aria-label="Order and payment"
    >
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your Order</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <OrderSummary discount={discount} totalCents={totalCents} />
          <DiscountCodeBox applied={discount} onApplied={checkout.setDiscount} disabled={busy} />
        </CardContent>
      </Card>

      <Card ref={checkout.paymentCardRef} id="quote-payment" className="scroll-mt-20">
        <CardHeader>
          <CardTitle className="text-lg">{free ? 'Submit Your Request' : 'Payment'}</CardTitle>
          {free ? (
            <CardDescription>No payment required: your submission is processed for free.</CardDescription>
          ) : (
            <CardDescription className="flex items-center gap-1.5">
              <Lock aria-hidden="true" className="size-3.5" /> Secure card payment
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {free ? null : config.isError ? null : config.data ? (
            <PaymentPanel
              ref={checkout.paymentRef}
              config={config.data}
              amountCents={totalCents}
              onStatusChange={checkout.setPaymentStatus}
              disabled={busy}
            />
          ) : (
            <Spinner label="Loading the payment form..." />
          )}
          {!free && setupFailed ? (
            <Alert variant="destructive" className="flex items-start gap-2">
              <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>{paymentMessages.setupFailedInline}</span>
            </Alert>
          ) : null}
          {paymentError ? (
            <Alert variant="destructive" className="flex items-start gap-2" data-testid="payment-error">
              <AlertCircle aria-hidden="true" className="mt-0.5 shrink-0" />
              <span>{paymentError}</span>
            </Alert>
          ) : null}
          {paymentNotice ? <Alert>{paymentNotice}</Alert> : null}
          {free ? (
            <Button type="button" size="lg" className="w-full" onClick={checkout.submit} disabled={busy}>
              {stage === 'submitting' ? 'Submitting...' : 'Submit Quote Request'}
            </Button>
          ) : (
            <Button
              type="button"
              size="lg"
              variant="accent"
              className="w-full"
              onClick={checkout.submit}
              disabled={busy}
            >
              {stage === 'paying'
                ? 'Processing...'
                : stage === 'submitting'
                  ? 'Submitting...'
                  : `Pay ${formatCents(totalCents)}`}
            </Button>
          )}
          <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
            Your report is emailed as a PDF within 5-10 minutes of submission.
          </p>
        </CardContent>
      </Card>
    </aside>
  );
}
