import { jobPaymentPartLabels } from '@domain/payments/job-payments';
import { formatCents } from '@domain/payments/money';
import { Button } from '@web/components/ui/button';
import { Download, Eye, Receipt } from 'lucide-react';
import { useJobPayments } from '../../api/job-payments';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The job file's receipts (issue 25 #3): one PDF per received payment, for the project's
 * homeowner, its assigned contractor and admins; nothing shows before a payment is received.
 */
export function ReceiptLinks({ projectId }: { projectId: string }) {
  const query = useJobPayments(projectId);
  const received = (query.data?.parts ?? []).filter((p) => p.receiptUrl && p.receivedAt);
  if (received.length === 0) return null;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Payment receipts" data-testid="receipt-links">
      {received.map((p) => {
        const label = `Receipt: ${jobPaymentPartLabels[p.part]}`;
        const url = p.receiptUrl as string;
        return (
          <li key={p.part} className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap">
            <Receipt aria-hidden="true" className="size-5 shrink-0 text-primary" />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{label}</p>
              <p className="text-xs text-muted-foreground">
                {formatCents(p.receivedCents ?? 0)} received{' '}
                {dateFormat.format(new Date(p.receivedAt as string))} (PDF)
              </p>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button variant="outline" size="sm" asChild>
                <a href={url} target="_blank" rel="noopener" aria-label={`View ${label}`}>
                  <Eye aria-hidden="true" />
                  View
                </a>
              </Button>
              <Button variant="outline" size="sm" asChild>
                <a href={url} download aria-label={`Download ${label}`}>
                  <Download aria-hidden="true" />
                  Download
                </a>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
