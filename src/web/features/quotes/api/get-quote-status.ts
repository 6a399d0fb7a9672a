import { orderPollInterval } from '@domain/quotes/order-status';
import type { QuoteStatusResponse } from '@domain/quotes/quote-calls';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { quoteKeys } from './quote-keys';

/** A 404 of the status endpoint: the reference names no order. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/**
 * GET /api/quotes/{reference}/status: asked again every few seconds until a report is in hand,
 * then seldom while a measured version is awaited, never once ready or failed or unknown (404).
 * A signed-in customer's page also asks at once when the real-time `report_ready` (or `report_failed`) event of this
 * order arrives (the connection exists only for signed-in users).
 */
export function useQuoteStatus(reference: string | null) {
  const queryClient = useQueryClient();
  const key = quoteKeys.status(reference ?? '');
  useRealtimeEvent(
    (event) => {
      if (reference !== null && event.reference === reference)
        void invalidateLive(queryClient, { queryKey: key });
    },
    ['report_ready', 'report_failed'],
  );
  return useQuery({
    queryKey: key,
    queryFn: () =>
      apiJson<QuoteStatusResponse>('GET', `/api/quotes/${encodeURIComponent(reference ?? '')}/status`),
    enabled: reference !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error')
        return isNotFound(query.state.error) ? false : orderPollInterval(undefined);
      return orderPollInterval(query.state.data);
    },
  });
}
