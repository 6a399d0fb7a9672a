import { formatCents } from '@domain/payments/money';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/error-message';
import { Landmark } from 'lucide-react';
import { myPayoutsQuery } from '../api/payouts';
import { formatDate, lastFourText, PayoutStatusPill } from './payout-bits';
import { VerificationNotice } from './verification-notice';

/**
 * The contractor's payouts (issue 25 #4): 88 % of each payment received for its projects, where
 * it went (the account's last four digits), its status and, when held, why.
 */
export function ContractorPayouts() {
  const query = useQuery(myPayoutsQuery());
  return (
    <section aria-labelledby="contractor-payouts" data-testid="contractor-payouts">
      <Card>
        <CardHeader>
          <h2
            id="contractor-payouts"
            className="flex items-center gap-2 text-xl font-semibold tracking-tight"
          >
            <Landmark aria-hidden="true" className="size-5 text-primary" />
            Payouts
          </h2>
          <CardDescription>
            You receive 88 % of each payment for your projects, sent to your bank account. Payouts are held
            while a change of bank details awaits review.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          {query.data ? <VerificationNotice verification={query.data.verification ?? null} /> : null}
          {query.isError ? (
            <p role="alert">{errorMessage(query.error)}</p>
          ) : !query.data ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : query.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No payouts yet.</p>
          ) : (
            <ul className="grid divide-y rounded-lg border" aria-label="Your payouts">
              {query.data.items.map((p) => (
                <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                  <div className="grid min-w-0 gap-0.5">
                    <span className="font-medium [overflow-wrap:anywhere]">
                      {p.projectTitle ?? 'Project'}
                    </span>
                    <span className="text-muted-foreground">
                      {p.part === 'final'
                        ? 'Final payment'
                        : p.part === 'first'
                          ? 'First payment'
                          : 'Payment'}{' '}
                      · {formatDate(p.paidAt ?? p.createdAt)} · {lastFourText(p.accountLast4)}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <PayoutStatusPill status={p.status} holdReason={p.holdReason} />
                    <span className="font-semibold tabular-nums">{formatCents(p.netCents)}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {query.data && query.data.owedCents > 0 ? (
            <p className="text-sm text-muted-foreground">
              {formatCents(query.data.owedCents)} of refunds will be taken from your next payouts.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
