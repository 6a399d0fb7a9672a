import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminListQuery, adminSummaryQuery, pendingContractorsQuery } from '../../api/admin-lists';
import { LoadMore } from '../paging';
import { QueueState } from '../work-queues/queue-state';
import { BankChangeReview } from './bank-change-review';
import { PendingContractorList } from './pending-contractor-list';
import { ContractorReviewDialog } from './review-dialog';
import { VerificationCounts } from './verification-counts';

/**
 * The admin dashboard's Verification panel (spec 2 §2): the counts (counted by the server), the
 * contractors awaiting a decision a page of 100 at a time, and the Contractor Verification dialog.
 */
export function ContractorVerificationPanel() {
  const summary = useQuery(adminSummaryQuery());
  const pending = useInfiniteQuery(pendingContractorsQuery());
  // the rejected applications' count: the first page's total of the filtered list
  const rejected = useInfiniteQuery(adminListQuery('contractors', { status: 'rejected' }, 1));
  const [reviewing, setReviewing] = useState<ContractorProfileDetail | null>(null);

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
        pending={summary.data?.contractors.pendingVerification ?? null}
        verified={summary.data?.contractors.verified ?? null}
        rejected={rejected.data?.pages[0]?.total ?? null}
      />
      <QueueState query={pending}>
        {(data) => (
          <div className="grid gap-3">
            <PendingContractorList contractors={data.pages.flatMap((p) => p.items)} onReview={setReviewing} />
            <LoadMore query={pending} />
          </div>
        )}
      </QueueState>
      <ContractorReviewDialog contractor={reviewing} onClose={() => setReviewing(null)} />
      <BankChangeReview />
    </section>
  );
}
