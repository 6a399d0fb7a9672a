import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import type { VerifyContractor } from '@domain/contractors/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/contractors/{contractorId}/verify: verified or rejected, with notes. */
export function verifyContractor(
  contractorId: string,
  input: VerifyContractor,
): Promise<ContractorProfileDetail> {
  return apiJson<ContractorProfileDetail>(
    'POST',
    `/api/admin/contractors/${encodeURIComponent(contractorId)}/verify`,
    input,
  );
}

/** The decision; the pending and contractor lists and the cards' figures are fetched again afterwards. */
export function useVerifyContractor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractorId, input }: { contractorId: string; input: VerifyContractor }) =>
      verifyContractor(contractorId, input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.contractors() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.summary() }),
      ]);
    },
  });
}
