import type { ContractorSummary } from '@domain/search/contractors';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@web/lib/api-client';

/** GET /api/contractors/{id}/summary: the preferred contractor's name and place; 404 when not verified. */
export function useContractorSummary(id: string | undefined) {
  return useQuery<ContractorSummary>({
    queryKey: [`/api/contractors/${encodeURIComponent(id ?? '')}/summary`],
    queryFn: getQueryFn<ContractorSummary>({ on401: 'throw' }),
    enabled: Boolean(id),
    retry: false,
  });
}
