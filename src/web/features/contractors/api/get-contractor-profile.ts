import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiJson } from '@web/lib/api-client';
import { contractorKeys } from './contractor-keys';

/**
 * GET /api/contractor/profile: the signed-in contractor's whole profile (licences, insurance,
 * documents, warnings, payment set-up with last four digits only); null when the account has
 * no contractor profile (404).
 */
export function contractorProfileDetailQuery(userId: string) {
  return queryOptions({
    queryKey: contractorKeys.profile(userId),
    queryFn: async (): Promise<ContractorProfileDetail | null> => {
      try {
        return await apiJson<ContractorProfileDetail>('GET', '/api/contractor/profile');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/** The profile of the signed-in user; idle while nobody is signed in. */
export function useContractorProfileDetail(userId: string | undefined) {
  return useQuery({ ...contractorProfileDetailQuery(userId ?? ''), enabled: Boolean(userId) });
}
