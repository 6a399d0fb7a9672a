import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/admin/contractors/pending: applications awaiting a decision, oldest first, with everything submitted. */
export function pendingContractorsQuery() {
  return queryOptions({
    queryKey: adminKeys.pendingContractors(),
    queryFn: () => apiJson<ContractorProfileDetail[]>('GET', '/api/admin/contractors/pending'),
  });
}
