import { formatCentsWhole } from '@domain/payments/money';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { adminQuotesQuery } from '../../api/work-queues';
import { formatWhen, Pill } from '../dashboard/badges';
import { QueueList, QueueRow, useQueueSearch } from './queue-state';

const paymentTone = {
  succeeded: 'green',
  free: 'green',
  account: 'green',
  processing: 'yellow',
  requires_payment: 'yellow',
  failed: 'red',
  none: 'gray',
} as const;

export function Quotes() {
  const search = useQueueSearch('Search quotes', 'reference, e-mail or last name');
  const query = useInfiniteQuery({ ...adminQuotesQuery(search.q), placeholderData: keepPreviousData });
  return (
    <div className="grid gap-3">
      {search.box}
      <QueueList
        query={query}
        items={(page) => page.items}
        empty={search.q ? 'No quotes match your search.' : 'No quotes yet.'}
        label="Quotes"
        className="grid gap-2"
      >
        {(q) => (
          <QueueRow key={q.id} label={q.reference}>
            <div className="grid gap-0.5">
              <p className="font-semibold">{q.reference}</p>
              <p>
                {q.requester.firstName} {q.requester.lastName} · {q.requester.email}
              </p>
              <p className="text-muted-foreground">
                {q.address.city}, {q.address.state} {q.address.zipCode} · {formatWhen(q.createdAt)}
                {q.discountCode ? ` · code ${q.discountCode} (−${formatCentsWhole(q.discountCents)})` : ''}
                {q.isVipSubmission ? ' · VIP' : ''}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium tabular-nums">{formatCentsWhole(q.amountCents)}</span>
              <Pill tone="gray">{q.status.replace('_', ' ')}</Pill>
              <Pill tone={paymentTone[q.paymentStatus]}>
                <span className="sr-only">Payment: </span>
                {q.paymentStatus.replace('_', ' ')}
              </Pill>
              <Pill
                tone={q.reportStatus === 'ready' ? 'green' : q.reportStatus === 'failed' ? 'red' : 'yellow'}
              >
                <span className="sr-only">Report: </span>
                {q.reportStatus.replace('_', ' ')}
              </Pill>
            </div>
          </QueueRow>
        )}
      </QueueList>
    </div>
  );
}
