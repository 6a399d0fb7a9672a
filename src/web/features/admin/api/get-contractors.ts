import type { VerificationStatus } from '@domain/contractors/profile';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** What the verification counts need of each contractor. */
export interface ContractorStatusRow {
  id: string;
  verificationStatus: VerificationStatus;
}

/**
 * GET /api/contractors (spec 2 §7, admins): every contractor. The call arrives with the full
 * admin dashboard (issue 12); until the server answers it (404), the counts it feeds are shown
 * as not available (null).
 */
export function allContractorsQuery() {
  return queryOptions({
    queryKey: adminKeys.allContractors(),
    queryFn: async (): Promise<ContractorStatusRow[] | null> => {
      try {
        return await apiJson<ContractorStatusRow[]>('GET', '/api/contractors');
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
