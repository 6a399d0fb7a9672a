import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { useState } from 'react';
import { allContractorsQuery } from '../../api/get-contractors';
import { pendingContractorsQuery } from '../../api/get-pending-contractors';
import { BankChangeReview } from './bank-change-review';
import { PendingContractorList } from './pending-contractor-list';
import { ContractorReviewDialog } from './review-dialog';
import { VerificationCounts } from './verification-counts';

/**
 * The admin dashboard's Verification panel (spec 2 §2): the counts, the contractors awaiting a
 * decision, and the Contractor Verification dialog.
 */
export function ContractorVerificationPanel() {
  const pending = useQuery(pendingContractorsQuery());
  const all = useQuery(allContractorsQuery());
  const [reviewing, setReviewing] = useState<ContractorProfileDetail | null>(null);
  const count = (status: 'verified' | 'rejected') =>
    all.data ? all.data.filter((c) => c.verificationStatus === status).length : null;

  return (
    <section aria-labelledby="verification-heading" className="grid gap-4">
      <div>
        <h2 id="verification-heading" className="text-xl font-semibold tracking-tight">
          Contractor Verification
        </h2>
        <p className="text-sm text-muted-foreground">
          Applications waiting for a decision, oldest first. Check each license and policy before you verify.
        </p>
      </div>
      <VerificationCounts
        pending={pending.data?.length ?? null}
        verified={count('verified')}
        rejected={count('rejected')}
      />
      {pending.isPending ? (
        <Spinner label="Loading..." />
      ) : pending.isError ? (
        <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
          <p>{errorMessage(pending.error)}</p>
          <Button variant="outline" onClick={() => void pending.refetch()} disabled={pending.isFetching}>
            {pending.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      ) : (
        <PendingContractorList contractors={pending.data} onReview={setReviewing} />
      )}
      <ContractorReviewDialog contractor={reviewing} onClose={() => setReviewing(null)} />
      <BankChangeReview />
    </section>
  );
}
