import type { MyPayouts, PayoutListKind, PayoutListPage, PayoutTotals } from '@domain/payouts/schemas';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { payoutKeys } from './payout-keys';

/** Rows per page of the admins' lists. */
export const PANEL_PAGE_SIZE = 25;

/** GET /api/admin/payouts/totals: received, refunded, fees, paid out, pending, held, owed. */
export function payoutTotalsQuery() {
  return queryOptions({
    queryKey: payoutKeys.totals(),
    queryFn: () => apiJson<PayoutTotals>('GET', '/api/admin/payouts/totals'),
  });
}

/** GET /api/admin/payouts/{kind}: newest first, the next page by the cursor the last one gave. */
export function payoutListQuery(kind: PayoutListKind) {
  return infiniteQueryOptions({
    queryKey: payoutKeys.list(kind),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson<PayoutListPage>(
        'GET',
        `/api/admin/payouts/${kind}?limit=${PANEL_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The CSV file of a whole list (the server streams it; the browser saves it). */
export const payoutCsvUrl = (kind: PayoutListKind) => `/api/admin/payouts/${kind}/csv`;

/** GET /api/contractor/payouts: the contractor's payouts and its revenue. */
export function myPayoutsQuery() {
  return queryOptions({
    queryKey: payoutKeys.mine(),
    queryFn: () => apiJson<MyPayouts>('GET', '/api/contractor/payouts'),
  });
}

/**
 * POST /api/contractor/payouts/verification-link: Stripe's page where the contractor finishes
 * payout verification; the page goes there (Stripe sends it back to the dashboard).
 */
export function useVerificationLink() {
  return useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/contractor/payouts/verification-link', {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
