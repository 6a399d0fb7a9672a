import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { apiJson, apiRequest, nextLinkOf } from './api-client';

/**
 * The two shapes of a list paged by cursor (issue 26 #1), as TanStack infinite queries: a page
 * object whose `nextCursor` is sent back as `cursor`, or a plain JSON array whose next page is the
 * `Link: <...>; rel="next"` header of the answer.
 */

/** `{ items, nextCursor, ... }` pages: `url(cursor)` with '' for the first page. */
export function cursorPagesQuery<P extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  url: (cursor: string) => string,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiJson<P>('GET', url(pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** JSON-array pages: the first URL, then each answer's Link header. */
export function linkPagesQuery<T>(queryKey: QueryKey, firstUrl: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: async ({ pageParam }) => {
      const res = await apiRequest('GET', pageParam);
      return { items: (await res.json()) as T[], next: nextLinkOf(res.headers.get('link')) };
    },
    initialPageParam: firstUrl,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** `?a=1&b=2` of the values that are set ('' when none). */
export function queryString(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
