import type { ContractorCard } from '@domain/search/contractors';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@web/lib/api-client';

/**
 * GET /api/contractors/available?zip=&specialty=. The zip and specialty live in the query key; the
 * query runs only for a submitted zip of 5+ characters (spec 1 §5, §7).
 */
export function useAvailableContractors(zip: string | null, specialty: string) {
  const url = `/api/contractors/available?${new URLSearchParams({ zip: zip ?? '', specialty })}`;
  return useQuery<ContractorCard[]>({
    queryKey: [url, zip, specialty],
    queryFn: getQueryFn<ContractorCard[]>({ on401: 'throw' }),
    enabled: zip !== null && zip.length >= 5,
  });
}
