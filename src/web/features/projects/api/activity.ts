import type { ActivityItem, ActivityPage } from '@domain/projects/activity';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { projectKeys } from './project-keys';

/** GET /api/projects/{id}/activity, newest first, page by page (the next page from nextCursor). */
export function projectActivityQuery(projectId: string) {
  return infiniteQueryOptions({
    queryKey: projectKeys.activity(projectId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson<ActivityPage>(
        'GET',
        `/api/projects/${encodeURIComponent(projectId)}/activity?limit=10${
          pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''
        }`,
      ),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/activity/mine: the newest events of the signed-in person's projects. */
export function myActivityQuery(limit: number) {
  return queryOptions({
    queryKey: [...projectKeys.myActivity(), limit],
    queryFn: () => apiJson<ActivityItem[]>('GET', `/api/activity/mine?limit=${limit}`),
  });
}
