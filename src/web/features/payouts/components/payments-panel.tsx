import { formatCents } from '@domain/payments/money';
import type { PayoutListKind, PayoutListPage } from '@domain/payouts/schemas';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { errorMessage } from '@web/lib/error-message';
import { Download } from 'lucide-react';
import type * as React from 'react';
import { payoutCsvUrl, payoutListQuery, payoutTotalsQuery } from '../api/payouts';
import { formatDate, lastFourText, PayoutStatusPill, Td, Th } from './payout-bits';

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

/** The totals over every payment, payout and refund. */
function Totals() {
  const totals = useQuery(payoutTotalsQuery());
  if (totals.isError) return <p role="alert">{errorMessage(totals.error)}</p>;
  if (!totals.data) return <Spinner label="Loading..." />;
  const t = totals.data;
  return (
    <dl
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
      aria-label="Payment totals"
      data-testid="payout-totals"
    >
      <Figure
        label="Payments received"
        value={formatCents(t.netReceivedCents)}
        note={`${formatCents(t.refundedCents)} refunded`}
      />
      <Figure label="Platform fees" value={formatCents(t.feesCents)} note="12 %, net of fees returned" />
      <Figure
        label="Paid out"
        value={formatCents(t.paidOutCents)}
        note={`${formatCents(t.pendingCents)} pending`}
      />
      <Figure
        label="Held"
        value={formatCents(t.heldCents)}
        note={`${t.heldCount} payout${t.heldCount === 1 ? '' : 's'} · ${formatCents(t.owedCents)} owed by contractors`}
      />
    </dl>
  );
}

function Rows({ page }: { page: PayoutListPage }) {
  if (page.kind === 'payments') {
    return page.items.map((r) => (
      <tr key={r.id} className="border-t">
        <Td>{formatDate(r.receivedAt)}</Td>
        <Td>{r.projectTitle ?? '—'}</Td>
        <Td>{r.contractorName ?? '—'}</Td>
        <Td>
          {r.part === 'first' ? 'First part' : 'Final part'} · {r.method === 'card' ? 'Card' : 'Outside'}
        </Td>
        <Td numeric>{formatCents(r.grossCents)}</Td>
        <Td numeric>{formatCents(r.feeCents)}</Td>
        <Td numeric>{formatCents(r.shareCents)}</Td>
        <Td numeric>{r.refundedCents > 0 ? formatCents(r.refundedCents) : '—'}</Td>
      </tr>
    ));
  }
  if (page.kind === 'payouts') {
    return page.items.map((r) => (
      <tr key={r.id} className="border-t" data-testid="payout-row">
        <Td>{formatDate(r.createdAt)}</Td>
        <Td>{r.projectTitle ?? '—'}</Td>
        <Td>{r.contractorName ?? '—'}</Td>
        <Td>
          <PayoutStatusPill status={r.status} holdReason={r.holdReason} />
        </Td>
        <Td numeric>{lastFourText(r.accountLast4)}</Td>
        <Td numeric>{formatCents(r.amountCents)}</Td>
        <Td numeric>{r.deductedCents > 0 ? formatCents(r.deductedCents) : '—'}</Td>
        <Td numeric>{formatCents(r.netCents)}</Td>
      </tr>
    ));
  }
  return page.items.map((r) => (
    <tr key={r.id} className="border-t">
      <Td>{formatDate(r.refundedAt)}</Td>
      <Td>{r.projectTitle ?? '—'}</Td>
      <Td>{r.contractorName ?? '—'}</Td>
      <Td>{r.reason}</Td>
      <Td numeric>{formatCents(r.amountCents)}</Td>
      <Td numeric>{formatCents(r.shareCents)}</Td>
      <Td numeric>{formatCents(r.fromPayoutCents)}</Td>
      <Td numeric>{formatCents(r.carriedCents)}</Td>
    </tr>
  ));
}

const headers: Record<PayoutListKind, [string, boolean][]> = {
  payments: [
    ['Received', false],
    ['Project', false],
    ['Contractor', false],
    ['Part', false],
    ['Gross', true],
    ['Fee', true],
    ['Contractor share', true],
    ['Refunded', true],
  ],
  payouts: [
    ['Created', false],
    ['Project', false],
    ['Contractor', false],
    ['Status', false],
    ['Account', true],
    ['Share', true],
    ['Taken by refunds', true],
    ['Net', true],
  ],
  refunds: [
    ['Refunded', false],
    ['Project', false],
    ['Contractor', false],
    ['Reason', false],
    ['Refund', true],
    ['Share taken back', true],
    ['From its payout', true],
    ['Carried', true],
  ],
};
const empty: Record<PayoutListKind, string> = {
  payments: 'No payments received yet.',
  payouts: 'No payouts yet.',
  refunds: 'No refunds yet.',
};
const labels: Record<PayoutListKind, string> = {
  payments: 'Payments',
  payouts: 'Payouts',
  refunds: 'Refunds',
};

/** One list: a page at a time ("Load more" follows the cursor), and its whole CSV file. */
function PayoutList({ kind }: { kind: PayoutListKind }) {
  const query = useInfiniteQuery(payoutListQuery(kind));
  let body: React.ReactNode;
  if (query.isError) body = <p role="alert">{errorMessage(query.error)}</p>;
  else if (!query.data) body = <Spinner label="Loading..." />;
  else if (query.data.pages[0]?.items.length === 0)
    body = <p className="text-muted-foreground">{empty[kind]}</p>;
  else {
    body = (
      <div className="overflow-x-auto rounded-lg border bg-card">
        <table className="w-full text-sm" aria-label={labels[kind]}>
          <thead className="bg-muted/50">
            <tr>
              {headers[kind].map(([h, numeric]) => (
                <Th key={h} numeric={numeric}>
                  {h}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {query.data.pages.map((page, i) => (
              <Rows key={page.items[0]?.id ?? i} page={page} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={payoutCsvUrl(kind)} download data-testid={`csv-${kind}`}>
            <Download aria-hidden="true" />
            Export {labels[kind].toLowerCase()} (CSV)
          </a>
        </Button>
      </div>
      {body}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}

/** The admins' payments panel (issue 25 #4): totals, then payments received, payouts with holds, refunds. */
export function PaymentsPanel() {
  return (
    <div className="grid min-w-0 gap-4" data-testid="payments-panel">
      <Totals />
      <Tabs defaultValue="payouts" className="grid min-w-0 gap-3">
        <TabsList className="h-auto flex-wrap justify-start">
          {(['payments', 'payouts', 'refunds'] as const).map((k) => (
            <TabsTrigger key={k} value={k}>
              {labels[k]}
            </TabsTrigger>
          ))}
        </TabsList>
        {(['payments', 'payouts', 'refunds'] as const).map((k) => (
          <TabsContent key={k} value={k} className="min-w-0">
            <PayoutList kind={k} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
