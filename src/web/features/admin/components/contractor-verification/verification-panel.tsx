import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { allContractorsQuery } from '../../api/get-contractors';
import { pendingContractorsQuery } from '../../api/get-pending-contractors';
import { QueueState } from '../work-queues/queue-state';
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
      <QueueState query={pending}>
        {(list) => <PendingContractorList contractors={list} onReview={setReviewing} />}
      </QueueState>
      <ContractorReviewDialog contractor={reviewing} onClose={() => setReviewing(null)} />
      <BankChangeReview />
    </section>
  );
}
