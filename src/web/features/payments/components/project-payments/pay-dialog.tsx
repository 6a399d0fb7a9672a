import type { JobPayment } from '@domain/payments/job-payment-schemas';
import { jobPaymentPartLabels } from '@domain/payments/job-payments';
import { formatCents } from '@domain/payments/money';
import { paymentMessages } from '@domain/payments/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { FormError } from '@web/components/form-error';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useRef, useState } from 'react';
import { useStripeConfig } from '../../api/get-stripe-config';
import { createJobPaymentIntent } from '../../api/job-payments';
import { paymentKeys } from '../../api/payment-keys';
import { PaymentPanel } from '../card/payment-panel';
import type { PaymentFormStatus, PaymentHandle } from '../card/payment-types';

/**
 * The homeowner pays a due part by card: the same card form as the quote order (Stripe's Payment
 * Element, or the test-mode sandbox). The intent is asked when they press Pay (the same one on a
 * retry); the part turns Paid when the server records the payment.
 */
export function PayDialog({
  projectId,
  part,
  onClose,
}: {
  projectId: string;
  part: JobPayment | null;
  onClose: () => void;
}) {
  const config = useStripeConfig();
  const queryClient = useQueryClient();
  const form = useRef<PaymentHandle>(null);
  const [status, setStatus] = useState<PaymentFormStatus>('loading');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  function close() {
    if (busy) return;
    setProblem(null);
    onClose();
  }

  async function pay() {
    if (!part || !form.current || busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const ready = await form.current.prepare();
      if (!ready.ok) {
        setProblem(ready.notLoaded ? paymentMessages.notReadyBody : ready.message);
        return;
      }
      const intent = await createJobPaymentIntent(projectId, part.part);
      const outcome = await form.current.confirm(intent);
      await queryClient.invalidateQueries({ queryKey: paymentKeys.ofProject(projectId) });
      if (outcome.status === 'failed') {
        setProblem(outcome.message);
        return;
      }
      toast({
        title: paymentMessages.successTitle,
        description:
          outcome.status === 'processing' ? paymentMessages.processing : 'Thank you: the receipt is ready.',
      });
      setBusy(false);
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, paymentMessages.failedFallback));
    } finally {
      setBusy(false);
    }
  }

  const amount = part?.amountCents ?? 0;
  return (
    <Dialog open={part !== null} onOpenChange={(open) => (open ? null : close())}>
      <DialogContent className="max-h-[90vh] max-w-lg grid-cols-[minmax(0,1fr)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Pay {formatCents(amount)}</DialogTitle>
          <DialogDescription>{part ? jobPaymentPartLabels[part.part] : null}</DialogDescription>
        </DialogHeader>
        {config.isPending ? (
          <Spinner label="Loading the payment form..." />
        ) : config.isError || !config.data ? (
          <FormError message={errorMessage(config.error)} />
        ) : (
          <PaymentPanel
            ref={form}
            config={config.data}
            amountCents={amount}
            returnPath={`/projects/${projectId}`}
            onStatusChange={setStatus}
            disabled={busy}
          />
        )}
        {problem ? <FormError message={problem} /> : null}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void pay()} disabled={busy || status !== 'ready'}>
            {busy ? 'Paying...' : `Pay ${formatCents(amount)}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
