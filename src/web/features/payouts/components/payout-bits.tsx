import { formatDay } from '@domain/en-us-format';
import type { PayoutHoldReason, PayoutStatus } from '@domain/payouts/schemas';
import { payoutHoldText, payoutStatusText } from '@domain/payouts/schemas';
import { cn } from '@web/lib/utils';
import type * as React from 'react';

const statusTone: Record<PayoutStatus, string> = {
  held: 'bg-amber-100 text-amber-900',
  pending: 'bg-blue-100 text-blue-900',
  sending: 'bg-blue-100 text-blue-900',
  paid: 'bg-emerald-100 text-emerald-900',
  offset: 'bg-gray-100 text-gray-900',
};

/** A payout's status as a pill; a held one says why beside it. */
export function PayoutStatusPill({
  status,
  holdReason,
}: {
  status: PayoutStatus;
  holdReason: PayoutHoldReason | null;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span
        className={cn(
          'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
          statusTone[status],
        )}
        data-testid="payout-status"
      >
        {payoutStatusText[status]}
      </span>
      {status === 'held' && holdReason ? (
        <span className="text-xs text-muted-foreground" data-testid="payout-hold-reason">
          {payoutHoldText[holdReason]}
        </span>
      ) : null}
    </span>
  );
}

/** A day as "Jan 5, 2026" in the viewer's zone. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatDay(d);
}

/** "•••• 6789", or a dash without an account. */
export const lastFourText = (last4: string | null) => (last4 ? `•••• ${last4}` : '—');

export function Th({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <th
      scope="col"
      className={cn('px-3 py-2 font-medium whitespace-nowrap', numeric ? 'text-right' : 'text-left')}
    >
      {children}
    </th>
  );
}

export function Td({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <td className={cn('px-3 py-2 align-top', numeric ? 'text-right tabular-nums whitespace-nowrap' : '')}>
      {children}
    </td>
  );
}
