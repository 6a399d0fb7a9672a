import type { ContractorSummary } from '@domain/search/contractors';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { installRequestKeys } from './install-request-keys';

/** GET /api/contractors/{id}/summary: the preferred contractor's name and place; 404 when not verified. */
export function useContractorSummary(id: string | undefined) {
  return useQuery({
    queryKey: installRequestKeys.contractorSummary(id ?? ''),
    queryFn: () =>
      apiJson<ContractorSummary>('GET', `/api/contractors/${encodeURIComponent(id ?? '')}/summary`),
    enabled: Boolean(id),
    retry: false,
  });
}
