import type { JobPayment } from '@domain/payments/job-payment-schemas';
import {
  type JobPaymentState,
  jobPaymentPartLabels,
  jobPaymentStateLabels,
  refundableCents,
} from '@domain/payments/job-payments';
import { formatCents } from '@domain/payments/money';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { CreditCard, FileText } from 'lucide-react';
import { useState } from 'react';
import { useJobPayments } from '../../api/job-payments';
import { type AdminAction, AdminPaymentDialog } from './admin-payment-dialogs';
import { PayDialog } from './pay-dialog';

const badgeVariant: Record<JobPaymentState, 'outline' | 'warning' | 'secondary' | 'success' | 'destructive'> =
  {
    not_due: 'outline',
    due: 'warning',
    processing: 'secondary',
    paid: 'success',
    refunded: 'secondary',
  };

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const day = (iso: string) => dateFormat.format(new Date(iso));

/**
 * The project page's Payments panel (issue 25 #3, #5): the job's two parts by the terms, their
 * state, amounts and receipts; the homeowner pays a due part by card; an admin records a payment
 * made outside, the payer, or a refund.
 */
export function ProjectPaymentsPanel({
  project,
  viewer,
}: {
  project: { id: string; status: string };
  viewer: 'homeowner' | 'contractor' | 'admin';
}) {
  const query = useJobPayments(project.id);
  const [paying, setPaying] = useState<JobPayment | null>(null);
  const [action, setAction] = useState<{ kind: AdminAction; part: JobPayment } | null>(null);
  const data = query.data;
  const asked = data?.parts.some((p) => p.id !== null) ?? false;
  // before work begins nothing is due: the panel waits for the job to start
  if (
    !asked &&
    (project.status === 'pending' || project.status === 'matched' || project.status === 'cancelled')
  ) {
    return null;
  }
  return (
    <Card aria-labelledby="payments-title" data-testid="project-payments">
      <CardHeader className="pb-3">
        <CardTitle id="payments-title" className="flex items-center gap-2 text-lg">
          <CreditCard aria-hidden="true" className="size-4" />
          Payments
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <Spinner label="Loading the payments..." />
        ) : query.isError || !data ? (
          <div className="grid gap-2">
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(query.error)}
            </p>
            <Button variant="outline" className="justify-self-start" onClick={() => void query.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {data.budgetCents === null
                ? 'No approved budget yet: nothing is due.'
                : `Approved budget ${formatCents(data.budgetCents)}. By the terms: ${data.firstPercent}% when work begins, the rest when you accept the work.`}
            </p>
            <ul className="grid gap-3">
              {data.parts.map((part) => (
                <PartRow
                  key={part.part}
                  part={part}
                  canPay={data.canPay}
                  admin={viewer === 'admin'}
                  onPay={() => setPaying(part)}
                  onAdmin={(kind) => setAction({ kind, part })}
                />
              ))}
            </ul>
          </>
        )}
      </CardContent>
      <PayDialog projectId={project.id} part={paying} onClose={() => setPaying(null)} />
      <AdminPaymentDialog
        projectId={project.id}
        action={action?.kind ?? null}
        part={action?.part ?? null}
        onClose={() => setAction(null)}
      />
    </Card>
  );
}

function PartRow({
  part,
  canPay,
  admin,
  onPay,
  onAdmin,
}: {
  part: JobPayment;
  canPay: boolean;
  admin: boolean;
  onPay: () => void;
  onAdmin: (kind: AdminAction) => void;
}) {
  const label = jobPaymentPartLabels[part.part];
  const refundable = refundableCents({
    receivedCents: part.receivedCents,
    refundedCents: part.refundedCents,
  });
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid={`payment-${part.part}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">{label}</span>
        <span className="flex items-center gap-2">
          {part.amountCents !== null ? (
            <span className="font-semibold">{formatCents(part.amountCents)}</span>
          ) : null}
          <Badge variant={badgeVariant[part.state]}>{jobPaymentStateLabels[part.state]}</Badge>
        </span>
      </div>
      <PartDetails part={part} />
      <div className="flex flex-wrap gap-2">
        {canPay && part.state === 'due' ? (
          <Button size="sm" onClick={onPay}>
            Pay {part.amountCents !== null ? formatCents(part.amountCents) : ''}
          </Button>
        ) : null}
        {part.receiptUrl ? (
          <Button asChild size="sm" variant="outline">
            <a href={part.receiptUrl} target="_blank" rel="noopener">
              <FileText aria-hidden="true" />
              Receipt
            </a>
          </Button>
        ) : null}
        {admin && part.id && part.receivedAt === null ? (
          <>
            <Button size="sm" variant="outline" onClick={() => onAdmin('outside')}>
              Record outside payment
            </Button>
            <Button size="sm" variant="outline" onClick={() => onAdmin('payer')}>
              Set payer
            </Button>
          </>
        ) : null}
        {admin && refundable > 0 ? (
          <Button size="sm" variant="outline" onClick={() => onAdmin('refund')}>
            Refund
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function PartDetails({ part }: { part: JobPayment }) {
  const lines: string[] = [];
  if (part.state === 'not_due') lines.push('Asked when the stage is reached.');
  if (part.payerName) lines.push(`Payer: ${part.payerName}${part.payerEmail ? ` (${part.payerEmail})` : ''}`);
  if (part.receivedAt && part.receivedCents !== null) {
    const how =
      part.method === 'card'
        ? `by card${part.cardLast4 ? ` ending ${part.cardLast4}` : ''}`
        : `outside (${part.outsideReference ?? 'no reference'})`;
    lines.push(`Received ${formatCents(part.receivedCents)} ${how} on ${day(part.receivedAt)}.`);
  }
  for (const r of part.refunds) {
    lines.push(
      `Refund ${formatCents(r.amountCents)}${r.status === 'pending' ? ' (pending)' : ''}: ${r.reason}`,
    );
  }
  if (lines.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-sm text-muted-foreground [overflow-wrap:anywhere]">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
