import {
  type BankAccountSummary,
  type BankChange,
  bankChangeMessages,
  type ReviewBankChange,
  reviewBankChangeSchema,
} from '@domain/contractors/bank-changes';
import { useQuery } from '@tanstack/react-query';
import { Fact, Facts } from '@web/components/contractor-credentials/contractor-credentials';
import { formatMomentWithTime, maskedLast4 } from '@web/components/contractor-credentials/format';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { schemaResolver } from '@web/lib/schema-resolver';
import { ArrowRight, Landmark } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { bankChangesQuery, useReviewBankChange } from '../../api/bank-changes';
import { Empty } from '../dashboard/badges';
import { QueueState } from '../work-queues/queue-state';
import { DecisionDialog, DecisionFooter, DecisionNotes, useDecision } from './decision-dialog';

function Account({ title, account }: { title: string; account: BankAccountSummary | null }) {
  return (
    <section aria-label={title} className="grid min-w-0 gap-1 rounded-md border p-3 text-sm">
      <h4 className="font-semibold">{title}</h4>
      {account ? (
        <>
          <p className="[overflow-wrap:anywhere]">{account.bankName}</p>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">{account.accountHolderName}</p>
          <p>
            {account.accountType === 'checking' ? 'Checking' : 'Savings'} · account{' '}
            {maskedLast4(account.accountNumberLast4)} · routing {maskedLast4(account.routingNumberLast4)}
          </p>
        </>
      ) : (
        <p className="text-muted-foreground">None on file</p>
      )}
    </section>
  );
}

/**
 * Changes of bank details made after the payment set-up (issue 21 item 4): each holds the
 * contractor's payouts until an admin approves it (the new account replaces the old) or rejects
 * it (the old stays). Part of the Contractor Verification panel.
 */
export function BankChangeReview() {
  const changes = useQuery(bankChangesQuery());
  const [reviewing, setReviewing] = useState<BankChange | null>(null);

  return (
    <section aria-labelledby="bank-changes-heading" className="grid gap-3">
      <div>
        <h3 id="bank-changes-heading" className="text-lg font-semibold tracking-tight">
          Bank Detail Changes{' '}
          {changes.data && changes.data.length > 0 ? (
            <Badge variant="warning" className="align-middle">
              {changes.data.length} pending
            </Badge>
          ) : null}
        </h3>
        <p className="text-sm text-muted-foreground">
          New payout accounts entered after the payment setup. The contractor's payouts are on hold until you
          decide; the account on file stays in force unless you approve. Confirm with the contractor (by
          phone, from the number on file) before approving.
        </p>
      </div>
      <QueueState query={changes}>
        {(list) =>
          list.length === 0 ? (
            <Empty>No bank detail changes awaiting review</Empty>
          ) : (
            <ul className="grid gap-3">
              {list.map((c) => (
                <li key={c.id}>
                  <article
                    aria-label={`Bank change of ${c.companyName}`}
                    className="grid gap-3 rounded-lg border border-amber-300 bg-card p-4 shadow-sm"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="grid min-w-0 gap-1 text-sm">
                        <h4 className="flex flex-wrap items-center gap-2 text-base font-semibold [overflow-wrap:anywhere]">
                          <Landmark aria-hidden="true" className="size-4 text-amber-700" />
                          {c.companyName}
                          <Badge variant="destructive">{bankChangeMessages.payoutsOnHold}</Badge>
                        </h4>
                        <p className="[overflow-wrap:anywhere]">
                          {c.contactName} · {c.accountEmail}
                        </p>
                        <p className="text-muted-foreground">
                          Requested {formatMomentWithTime(c.requestedAt)}
                          {c.requestIp ? ` from ${c.requestIp}` : ''}
                        </p>
                      </div>
                      <Button
                        onClick={() => setReviewing(c)}
                        aria-label={`Review bank change of ${c.companyName}`}
                      >
                        Review
                      </Button>
                    </div>
                    <div className="grid items-center gap-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]">
                      <Account title="On file (in force)" account={c.current} />
                      <ArrowRight
                        aria-hidden="true"
                        className="hidden size-4 text-muted-foreground sm:block"
                      />
                      <Account title="Requested" account={c.requested} />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )
        }
      </QueueState>
      <BankChangeDialog change={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}

type ReviewValues = { decision: '' | ReviewBankChange['decision']; notes: string };
const EMPTY_REVIEW: ReviewValues = { decision: '', notes: '' };

function BankChangeDialog({ change, onClose }: { change: BankChange | null; onClose: () => void }) {
  const review = useReviewBankChange();
  const form = useForm<ReviewValues, unknown, ReviewBankChange>({
    resolver: schemaResolver(reviewBankChangeSchema),
    defaultValues: EMPTY_REVIEW,
  });
  const { failure, clearFailure, settle } = useDecision(change, form.reset, EMPTY_REVIEW, onClose);

  // the decision is the button chosen; the notes are checked with the endpoint's schema
  const decide = (decision: ReviewBankChange['decision']) => {
    form.setValue('decision', decision);
    void form.handleSubmit((input) => {
      if (!change || review.isPending) return;
      clearFailure();
      review.mutate(
        { changeId: change.id, input },
        settle(
          decision === 'approved' ? bankChangeMessages.approved : bankChangeMessages.rejected,
          bankChangeMessages.reviewFailed,
        ),
      );
    })();
  };

  return (
    <DecisionDialog
      item={change}
      title="Review Bank Change"
      description={(c) =>
        `${c.companyName} entered a new payout account. Approve to make it the account in force; reject to keep the one on file. Either way the payout hold is lifted and the contractor is e-mailed.`
      }
      onClose={onClose}
    >
      {(c) => (
        <>
          <Facts>
            <Fact label="Contractor">{c.companyName}</Fact>
            <Fact label="Account">{c.accountEmail}</Fact>
            <Fact label="Requested">{formatMomentWithTime(c.requestedAt)}</Fact>
            <Fact label="From">{c.requestIp ?? 'Unknown'}</Fact>
            <Fact label="Browser">
              <span className="[overflow-wrap:anywhere]">{c.requestUserAgent ?? 'Unknown'}</span>
            </Fact>
          </Facts>
          <div className="grid gap-2 sm:grid-cols-2">
            <Account title="On file (in force)" account={c.current} />
            <Account title="Requested" account={c.requested} />
          </div>
          <DecisionNotes
            registration={form.register('notes')}
            error={form.formState.errors.notes?.message}
            description="Sent to the contractor with the decision, and kept with the change."
          />
          <DecisionFooter failure={failure} onCancel={onClose} className="gap-2">
            <Button
              type="button"
              variant="destructive"
              disabled={review.isPending}
              onClick={() => decide('rejected')}
            >
              Reject Change
            </Button>
            <Button type="button" disabled={review.isPending} onClick={() => decide('approved')}>
              Approve Change
            </Button>
          </DecisionFooter>
        </>
      )}
    </DecisionDialog>
  );
}
