import type { AdminListKind } from '@domain/admin/lists';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { Download, Search } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { type AdminListRow, adminListCsvUrl, adminListQuery, type ListParams } from '../../api/admin-lists';
import { LoadMore, SEARCH_DEBOUNCE_MS } from '../paging';
import { Empty } from './badges';
import { count } from './panel-parts';

/** A choice of a panel's filter or sort; the first option of a filter ('' value) means "all". */
export interface Choice {
  value: string;
  label: string;
}
export interface FilterSpec {
  name: string;
  label: string;
  options: readonly Choice[];
}

/**
 * One panel's list at size (issue 26 #2): a search the server answers (prefix of the fields it
 * names), filters, a sort, "Showing 25 of 1,234", the next page on Load more, and Export CSV of
 * exactly the filtered list, streamed by the server.
 */
export function PagedPanel<K extends AdminListKind>({
  kind,
  label,
  noun,
  searchHint,
  fixed = {},
  filters = [],
  sorts,
  empty,
  children,
}: {
  kind: K;
  /** the list's accessible name */
  label: string;
  /** plural, lower case: "projects" */
  noun: string;
  /** what the search looks at: "job ID, address, homeowner" */
  searchHint: string;
  /** params every request of this panel carries (the Pending panel's status) */
  fixed?: ListParams;
  filters?: readonly FilterSpec[];
  /** the first is the default */
  sorts: readonly Choice[];
  /** said when the list is empty before any search or filter */
  empty: string;
  children: (row: AdminListRow[K]) => React.ReactNode;
}) {
  const id = useId();
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<ListParams>({});
  const [sort, setSort] = useState(sorts[0]?.value ?? '');
  const params: ListParams = { ...fixed, ...chosen, q: search, sort };
  const list = useInfiniteQuery({ ...adminListQuery(kind, params), placeholderData: keepPreviousData });
  const narrowed = search !== '' || Object.values(chosen).some((v) => v !== '');
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages[0]?.total;
  const capped = list.data?.pages[0]?.totalCapped === true;

  return (
    <div className="grid gap-3">
      <search className="grid gap-3 sm:grid-cols-[minmax(12rem,2fr)_repeat(auto-fit,minmax(9rem,1fr))] sm:items-end">
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Search {noun}
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-q`}
              type="search"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              maxLength={200}
              placeholder={searchHint}
              aria-describedby={`${id}-hint`}
              className="pl-9"
            />
          </div>
          <p id={`${id}-hint`} className="sr-only">
            Matches the start of the {searchHint}.
          </p>
        </div>
        {filters.map((f) => (
          <div key={f.name} className="grid gap-1.5">
            <label htmlFor={`${id}-${f.name}`} className="text-sm font-medium">
              {f.label}
            </label>
            <NativeSelect
              id={`${id}-${f.name}`}
              value={chosen[f.name] ?? ''}
              onChange={(e) => setChosen((c) => ({ ...c, [f.name]: e.target.value }))}
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
        {sorts.length > 1 ? (
          <div className="grid gap-1.5">
            <label htmlFor={`${id}-sort`} className="text-sm font-medium">
              Sort by
            </label>
            <NativeSelect id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value)}>
              {sorts.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
      </search>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p role="status" className="text-muted-foreground" data-testid={`${kind}-shown`}>
          {list.isPending
            ? `Loading ${noun}...`
            : total === undefined
              ? `Showing ${count(rows.length)}`
              : `Showing ${count(rows.length)} of ${count(total)}${capped ? '+' : ''}`}
          {list.isFetching && !list.isFetchingNextPage && !list.isPending ? ' (updating...)' : null}
        </p>
        <Button asChild variant="outline" size="sm">
          <a href={adminListCsvUrl(kind, { ...fixed, ...chosen, q: search, sort })} download>
            <Download aria-hidden="true" />
            Export CSV<span className="sr-only"> of these {noun}</span>
          </a>
        </Button>
      </div>

      {list.isPending ? (
        <Spinner label="Loading..." />
      ) : list.isError && rows.length === 0 ? (
        <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
          <p>{errorMessage(list.error)}</p>
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? 'Trying again...' : 'Try again'}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <Empty>{narrowed ? `No ${noun} match your search.` : empty}</Empty>
      ) : (
        <ul aria-label={label} className="grid gap-2">
          {rows.map((row) => children(row))}
        </ul>
      )}

      <LoadMore query={list} />
    </div>
  );
}
