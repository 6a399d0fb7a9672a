import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { adminKeys } from './admin-keys';

/** GET /api/contractors (spec 2 §7, admins): every contractor in full, newest application first. */
export function allContractorsQuery() {
  return queryOptions({
    queryKey: adminKeys.allContractors(),
    queryFn: () => apiJson<ContractorProfileDetail[]>('GET', '/api/contractors'),
  });
}
