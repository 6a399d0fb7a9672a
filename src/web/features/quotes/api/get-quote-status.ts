import type { QuoteStatusResponse } from '@domain/quotes/schemas';
import { isFinalReportStatus } from '@domain/quotes/thank-you';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@web/lib/api-client';

export const STATUS_POLL_MS = 4000;

/** GET /api/quotes/{reference}/status, asked again every few seconds until the report is ready or failed. */
export function useQuoteStatus(reference: string | null) {
  return useQuery<QuoteStatusResponse>({
    queryKey: [`/api/quotes/${encodeURIComponent(reference ?? '')}/status`],
    queryFn: getQueryFn<QuoteStatusResponse>({ on401: 'throw' }),
    enabled: reference !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return false;
      const data = query.state.data;
      return data && isFinalReportStatus(data.reportStatus) ? false : STATUS_POLL_MS;
    },
  });
}
