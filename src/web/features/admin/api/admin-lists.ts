import type {
  AdminContractorRow,
  AdminListKind,
  AdminProjectRow,
  AdminSummary,
  AdminUserRow,
} from '@domain/admin/lists';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { linkPagesQuery } from '@web/lib/paged-queries';
import { adminKeys } from './admin-keys';

/**
 * The admin dashboard at size (issue 26 #2): the cards' figures counted by the server, and the
 * panels' lists a page at a time, searched, filtered and sorted by the server.
 */

/** GET /api/admin/summary: the six cards, the panels' figures and the work-queue tabs' counts. */
export function adminSummaryQuery() {
  return queryOptions({
    queryKey: adminKeys.summary(),
    queryFn: () => apiJson<AdminSummary>('GET', '/api/admin/summary'),
  });
}

export interface ListPage<R> {
  items: R[];
  nextCursor: string | null;
  total?: number;
  /** the total is a floor ("10,000+") */
  totalCapped?: boolean;
}

export type AdminListRow = {
  projects: AdminProjectRow;
  contractors: AdminContractorRow;
  users: AdminUserRow;
};

/** Search, filters and sort of a panel, as sent (empty values are left out). */
export type ListParams = Record<string, string>;

function searchOf(params: ListParams, extra: ListParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...params, ...extra }))
    if (value !== '') search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

const listKey = {
  projects: adminKeys.projectList,
  contractors: adminKeys.contractorList,
  users: adminKeys.userList,
} as const;

/** GET /api/admin/{kind}: the filtered list, one page per fetch, the next by its cursor. */
export function adminListQuery<K extends AdminListKind>(kind: K, params: ListParams, limit = 25) {
  return infiniteQueryOptions({
    queryKey: listKey[kind](params),
    queryFn: ({ pageParam }) =>
      apiJson<ListPage<AdminListRow[K]>>(
        'GET',
        `/api/admin/${kind}${searchOf(params, { limit: String(limit), cursor: pageParam })}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** GET /api/admin/{kind}/csv: the same filtered list as a CSV file the server streams. */
export function adminListCsvUrl(kind: AdminListKind, params: ListParams): string {
  return `/api/admin/${kind}/csv${searchOf(params)}`;
}

/** GET /api/admin/contractors/{id}: one contractor in full, for Review and View Details. */
export function contractorDetailQuery(contractorId: string) {
  return queryOptions({
    queryKey: adminKeys.contractorDetail(contractorId),
    queryFn: () =>
      apiJson<ContractorProfileDetail>('GET', `/api/admin/contractors/${encodeURIComponent(contractorId)}`),
  });
}

/**
 * GET /api/admin/contractors/pending (spec 2 §7): the applications awaiting a decision, oldest
 * first, in full, 100 per answer, the next page in the `Link` header.
 */
export function pendingContractorsQuery() {
  return linkPagesQuery<ContractorProfileDetail>(
    adminKeys.pendingContractors(),
    '/api/admin/contractors/pending',
  );
}
