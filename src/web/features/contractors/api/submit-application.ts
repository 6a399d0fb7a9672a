import type { ContractorApplication, ContractorApplicationResponse } from '@domain/contractors/onboarding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { authKeys } from '@web/lib/use-auth';
import { contractorKeys } from './contractor-keys';

/** POST /api/contractor-application: creates the caller's contractor profile (once). */
export function submitApplication(input: ContractorApplication): Promise<ContractorApplicationResponse> {
  return apiJson<ContractorApplicationResponse>('POST', '/api/contractor-application', input);
}

/** The application; afterwards the account is a contractor, so the user and the profile are fetched again. */
export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.user() }),
        queryClient.invalidateQueries({ queryKey: contractorKeys.all }),
      ]);
    },
  });
}
