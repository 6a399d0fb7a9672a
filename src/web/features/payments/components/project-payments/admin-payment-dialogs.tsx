import {
  type JobPayment,
  jobPaymentOutsideSchema,
  jobPaymentPayerSchema,
  jobPaymentRefundSchema,
} from '@domain/payments/job-payment-schemas';
import { jobPaymentMessages, jobPaymentPartLabels, refundableCents } from '@domain/payments/job-payments';
import { formatCents } from '@domain/payments/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '@web/components/field';
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
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { useEffect, useMemo, useState } from 'react';
import { type Control, type FieldPath, type FieldValues, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useRecordOutsidePayment, useRefundJobPayment, useSetPayer } from '../../api/job-payments';

export type AdminAction = 'outside' | 'payer' | 'refund';

/** Dollars as typed ("1,250.50") to cents; the message of the cents field otherwise. */
const dollars = (message: string) =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const clean = text.replace(/[$,\s]/g, '');
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(clean) || Number(clean) <= 0) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Math.round(Number(clean) * 100);
    });

const outsideForm = jobPaymentOutsideSchema
  .omit({ amountCents: true })
  .extend({ amount: dollars(jobPaymentMessages.amountRequired) });
const refundForm = jobPaymentRefundSchema
  .omit({ amountCents: true, requestId: true })
  .extend({ amount: dollars(jobPaymentMessages.refundAmountInvalid) });
const payerForm = z.object({
  payerName: z.string().trim().max(120),
  payerEmail: z.string().trim().max(254),
});

const today = () => new Date().toISOString().slice(0, 10);
const titles: Record<AdminAction, string> = {
  outside: 'Record outside payment',
  payer: 'Set payer',
  refund: 'Refund payment',
};

/** An admin's dialog on a part: an outside payment (an insurer's cheque), the payer, or a refund. */
export function AdminPaymentDialog({
  projectId,
  action,
  part,
  onClose,
}: {
  projectId: string;
  action: AdminAction | null;
  part: JobPayment | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={action !== null && part !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] max-w-lg grid-cols-[minmax(0,1fr)] overflow-y-auto">
        {action && part ? (
          <>
            <DialogHeader>
              <DialogTitle>{titles[action]}</DialogTitle>
              <DialogDescription>
                {jobPaymentPartLabels[part.part]}
                {part.amountCents !== null ? `: ${formatCents(part.amountCents)} asked` : ''}
              </DialogDescription>
            </DialogHeader>
            {action === 'outside' ? <OutsideForm projectId={projectId} part={part} onDone={onClose} /> : null}
            {action === 'payer' ? <PayerForm projectId={projectId} part={part} onDone={onClose} /> : null}
            {action === 'refund' ? <RefundForm projectId={projectId} part={part} onDone={onClose} /> : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Footer({ busy, label, onCancel }: { busy: boolean; label: string; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : label}
      </Button>
    </DialogFooter>
  );
}

function useDone(onDone: () => void) {
  const [problem, setProblem] = useState<string | null>(null);
  return {
    problem,
    clear: () => setProblem(null),
    onSuccess: (data: { message?: string }) => {
      toast({ title: 'Success', description: data.message ?? 'Saved.' });
      onDone();
    },
    onError: (error: unknown) => setProblem(errorMessage(error)),
  };
}

function TextField<T extends FieldValues, O>({
  control,
  name,
  label,
  ...input
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
} & Omit<React.ComponentProps<typeof Input>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      label={label}
      required
      render={(field) => <Input {...field} value={field.value ?? ''} {...input} />}
    />
  );
}

function OutsideForm({
  projectId,
  part,
  onDone,
}: {
  projectId: string;
  part: JobPayment;
  onDone: () => void;
}) {
  const record = useRecordOutsidePayment(projectId);
  const done = useDone(onDone);
  const form = useForm<z.input<typeof outsideForm>, unknown, z.output<typeof outsideForm>>({
    resolver: zodResolver(outsideForm),
    defaultValues: {
      amount: part.amountCents ? (part.amountCents / 100).toFixed(2) : '',
      reference: '',
      receivedOn: today(),
    },
  });
  const submit = form.handleSubmit(({ amount, ...rest }) => {
    done.clear();
    record.mutate({ part: part.part, amountCents: amount, ...rest }, done);
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <TextField control={form.control} name="amount" label="Amount received (USD)" inputMode="decimal" />
      <TextField control={form.control} name="reference" label="Reference (e.g. cheque number)" />
      <TextField control={form.control} name="receivedOn" label="Date received" type="date" max={today()} />
      {done.problem ? <FormError message={done.problem} /> : null}
      <Footer busy={record.isPending} label="Record payment" onCancel={onDone} />
    </form>
  );
}

function PayerForm({ projectId, part, onDone }: { projectId: string; part: JobPayment; onDone: () => void }) {
  const setPayer = useSetPayer(projectId);
  const done = useDone(onDone);
  const form = useForm<z.input<typeof payerForm>, unknown, z.output<typeof payerForm>>({
    resolver: zodResolver(payerForm),
    defaultValues: { payerName: part.payerName ?? '', payerEmail: part.payerEmail ?? '' },
  });
  const submit = form.handleSubmit(({ payerName, payerEmail }) => {
    done.clear();
    // both empty: the homeowner pays again
    const body =
      payerName === '' && payerEmail === ''
        ? { payerName: null, payerEmail: null }
        : { payerName, payerEmail };
    const checked = jobPaymentPayerSchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'payerEmail' ? 'payerEmail' : 'payerName';
        form.setError(field, { message: issue.message });
      }
      return;
    }
    setPayer.mutate({ part: part.part, ...checked.data }, done);
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Leave both empty for the homeowner to pay.</p>
      <TextField control={form.control} name="payerName" label="Payer's name" autoComplete="off" />
      <TextField
        control={form.control}
        name="payerEmail"
        label="Payer's e-mail"
        type="email"
        autoComplete="off"
      />
      {done.problem ? <FormError message={done.problem} /> : null}
      <Footer busy={setPayer.isPending} label="Save payer" onCancel={onDone} />
    </form>
  );
}

function RefundForm({
  projectId,
  part,
  onDone,
}: {
  projectId: string;
  part: JobPayment;
  onDone: () => void;
}) {
  const refund = useRefundJobPayment(projectId);
  const done = useDone(onDone);
  const left = refundableCents({ receivedCents: part.receivedCents, refundedCents: part.refundedCents });
  // one key per opened dialog: a retried submit is the same refund
  const requestId = useMemo(() => crypto.randomUUID(), []);
  const form = useForm<z.input<typeof refundForm>, unknown, z.output<typeof refundForm>>({
    resolver: zodResolver(refundForm),
    defaultValues: { amount: (left / 100).toFixed(2), reason: '' },
  });
  useEffect(() => form.setFocus('reason'), [form]);
  const submit = form.handleSubmit(({ amount, reason }) => {
    done.clear();
    if (amount > left) {
      form.setError('amount', { message: jobPaymentMessages.refundTooMuch(left) });
      return;
    }
    refund.mutate({ jobPaymentId: part.id ?? '', amountCents: amount, reason, requestId }, done);
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <p className="text-sm text-muted-foreground">Up to {formatCents(left)} can be refunded.</p>
      <TextField control={form.control} name="amount" label="Amount to refund (USD)" inputMode="decimal" />
      <TextField control={form.control} name="reason" label="Reason" />
      {done.problem ? <FormError message={done.problem} /> : null}
      <Footer busy={refund.isPending} label="Refund" onCancel={onDone} />
    </form>
  );
}
