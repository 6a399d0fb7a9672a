import type { BankChange, ReviewBankChange } from '@domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/contractors/bank-changes: changes of bank details awaiting review, oldest first. */
export function bankChangesQuery() {
  return queryOptions({
    queryKey: adminKeys.bankChanges(),
    queryFn: () => apiJson<BankChange[]>('GET', '/api/admin/contractors/bank-changes'),
  });
}

/** POST /api/admin/contractors/bank-changes/{changeId}/review: approved or rejected, with notes. */
export function reviewBankChange(
  changeId: string,
  input: ReviewBankChange,
): Promise<ContractorProfileDetail> {
  return apiJson<ContractorProfileDetail>(
    'POST',
    `/api/admin/contractors/bank-changes/${encodeURIComponent(changeId)}/review`,
    input,
  );
}

/** The decision; the bank changes and both contractor lists are fetched again afterwards. */
export function useReviewBankChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ changeId, input }: { changeId: string; input: ReviewBankChange }) =>
      reviewBankChange(changeId, input),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.contractors() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.summary() }),
      ]);
    },
  });
}
