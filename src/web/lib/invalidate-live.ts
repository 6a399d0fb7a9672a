import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * `invalidateQueries` for a change the server has just announced (a real-time event).
 *
 * TanStack Query restarts a fetch in flight on invalidation only when the query already has data:
 * a query's first fetch is joined instead, and that fetch may have read the server before the
 * change, leaving the screen stale until the next event (measured: the closeout panel of a job
 * mounted as the installation was marked complete kept "Awaiting final inspection" after the
 * inspection's own event). Such queries are invalidated once more after that first fetch lands.
 */
export async function invalidateLive(
  queryClient: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const firstFetches = queryClient
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.data === undefined && query.state.fetchStatus === 'fetching');
  await queryClient.invalidateQueries(filters);
  await Promise.all(
    firstFetches.map((query) =>
      queryClient.invalidateQueries({ ...filters, queryKey: query.queryKey, exact: true }),
    ),
  );
}
