import {
  type BankAccountSummary,
  type BankChange,
  bankChangeMessages,
  reviewBankChangeSchema,
} from '@domain/contractors/bank-changes';
import { useQuery } from '@tanstack/react-query';
import { Fact, Facts } from '@web/components/contractor-credentials/contractor-credentials';
import { formatMomentWithTime, maskedLast4 } from '@web/components/contractor-credentials/format';
import { FormError } from '@web/components/form-error';
import { Badge } from '@web/components/ui/badge';
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
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/error-message';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/use-toast';
import { ArrowRight, Landmark } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { bankChangesQuery, useReviewBankChange } from '../../api/bank-changes';

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
      {changes.isPending ? (
        <Spinner label="Loading..." />
      ) : changes.isError ? (
        <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
          <p>{errorMessage(changes.error)}</p>
          <Button variant="outline" onClick={() => void changes.refetch()} disabled={changes.isFetching}>
            {changes.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      ) : changes.data.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          No bank detail changes awaiting review
        </p>
      ) : (
        <ul className="grid gap-3">
          {changes.data.map((c) => (
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
                  <ArrowRight aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
                  <Account title="Requested" account={c.requested} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      <BankChangeDialog change={reviewing} onClose={() => setReviewing(null)} />
    </section>
  );
}

function BankChangeDialog({ change, onClose }: { change: BankChange | null; onClose: () => void }) {
  const id = useId();
  const review = useReviewBankChange();
  const [notes, setNotes] = useState('');
  const [notesError, setNotesError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!change) return;
    setNotes('');
    setNotesError(null);
    setFailure(null);
  }, [change]);

  const decide = (decision: 'approved' | 'rejected') => {
    if (!change || review.isPending) return;
    const parsed = reviewBankChangeSchema.safeParse({ decision, notes });
    if (!parsed.success) {
      setNotesError(parsed.error.issues[0]?.message ?? bankChangeMessages.notesTooLong);
      return;
    }
    setNotesError(null);
    setFailure(null);
    review.mutate(
      { changeId: change.id, input: parsed.data },
      {
        onSuccess: () => {
          toast({
            title: 'Success',
            description: decision === 'approved' ? bankChangeMessages.approved : bankChangeMessages.rejected,
          });
          onClose();
        },
        onError: (error) => {
          const message = serverMessage(error) ?? bankChangeMessages.reviewFailed;
          setFailure(message);
          toast({ variant: 'destructive', title: 'Error', description: message });
        },
      },
    );
  };

  const c = change;
  return (
    <Dialog open={c !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-2xl grid-cols-[minmax(0,1fr)]">
        {c ? (
          <>
            <DialogHeader>
              <DialogTitle>Review Bank Change</DialogTitle>
              <DialogDescription>
                {c.companyName} entered a new payout account. Approve to make it the account in force; reject
                to keep the one on file. Either way the payout hold is lifted and the contractor is e-mailed.
              </DialogDescription>
            </DialogHeader>
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
            <div className="grid gap-2">
              <label htmlFor={`${id}-notes`} className="text-sm font-medium">
                Notes (optional)
              </label>
              <Textarea
                id={`${id}-notes`}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                rows={3}
                aria-describedby={`${id}-notes-hint${notesError ? ` ${id}-notes-error` : ''}`}
                aria-invalid={notesError ? true : undefined}
              />
              <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
                Sent to the contractor with the decision, and kept with the change.
              </p>
              {notesError ? (
                <p id={`${id}-notes-error`} className="text-sm font-medium text-destructive">
                  {notesError}
                </p>
              ) : null}
            </div>
            {failure ? <FormError message={failure} /> : null}
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
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
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
