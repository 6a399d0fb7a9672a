import type { MyQuotesResponse } from '@domain/quotes/my-quotes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { quoteKeys } from './quote-keys';

/** GET /api/quotes/mine: the quotes ordered with the signed-in person's confirmed e-mail. */
export function myQuotesQuery() {
  return queryOptions({
    queryKey: quoteKeys.mine(),
    queryFn: () => apiJson<MyQuotesResponse>('GET', '/api/quotes/mine'),
  });
}

/**
 * The list, asked again when one of its reports is mailed or delayed (the server sends those
 * events to the confirmed accounts of the order's e-mails, the same people this list is for).
 */
export function useMyQuotes(enabled: boolean) {
  const queryClient = useQueryClient();
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: quoteKeys.mine() });
  }, ['report_ready', 'report_failed']);
  return useQuery({ ...myQuotesQuery(), enabled });
}
