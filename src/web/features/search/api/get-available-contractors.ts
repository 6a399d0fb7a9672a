import type { ContractorCard } from '@domain/search/contractors';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { searchKeys } from './search-keys';

/**
 * GET /api/contractors/available?zip=&specialty=. The zip and specialty live in the query key; the
 * query runs only for a submitted zip of 5+ characters (spec 1 §5, §7).
 */
export function useAvailableContractors(zip: string | null, specialty: string) {
  const params = new URLSearchParams({ zip: zip ?? '', specialty });
  return useQuery({
    queryKey: searchKeys.available(zip ?? '', specialty),
    queryFn: () => apiJson<ContractorCard[]>('GET', `/api/contractors/available?${params}`),
    enabled: zip !== null && zip.length >= 5,
  });
}
