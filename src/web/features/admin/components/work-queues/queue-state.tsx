import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import type * as React from 'react';
import { useId, useState } from 'react';
import { daysText, Empty } from '../dashboard/badges';
import { LoadMore, SEARCH_DEBOUNCE_MS } from '../paging';

/** Loading, error (with Try again) and what was loaded, for every work queue and list of the dashboard. */
export function QueueState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'data'>;
  children: (data: T) => React.ReactNode;
}) {
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) {
    return (
      <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
        <p>{errorMessage(query.error)}</p>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  }
  return <>{children(query.data as T)}</>;
}

/**
 * A queue's list a page at a time (issue 26 #1): the empty sentence when there is nothing, else
 * each item (an `<li>`, e.g. QueueItem) of the pages loaded in a list named `label`, and Load more
 * while the server has more.
 */
export function QueueList<P, I>({
  query,
  items,
  empty,
  label,
  className = 'grid gap-3',
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<P>>;
  items: (page: P) => readonly I[];
  empty: React.ReactNode;
  label?: string;
  className?: string;
  children: (item: I) => React.ReactNode;
}) {
  return (
    <QueueState query={query}>
      {(data) => {
        const list = data.pages.flatMap((page) => items(page));
        if (list.length === 0) return <Empty>{empty}</Empty>;
        return (
          <div className="grid gap-3">
            <ul className={className} aria-label={label}>
              {list.map(children)}
            </ul>
            <LoadMore query={query} />
          </div>
        );
      }}
    </QueueState>
  );
}

/** A queue's search box: what is typed, and what is sent (once typing pauses). */
export function useQueueSearch(label: string, hint: string) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const box = (
    <div className="grid max-w-md gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
        placeholder={hint}
      />
    </div>
  );
  return { box, q };
}

export function QueueItem({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li className="min-w-0">
      <article
        aria-label={label}
        className="grid min-w-0 gap-2 rounded-lg border bg-card p-4 text-sm [overflow-wrap:anywhere] shadow-sm"
      >
        {children}
      </article>
    </li>
  );
}

/** A one-line item of a queue: what it is on the left, its figures and actions on the right. */
export function QueueRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <li
      aria-label={label}
      className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between"
    >
      {children}
    </li>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a row has waited in its queue (issue 26 #2, aging): " · waiting 5 days". */
export function Waiting({ since }: { since: string | null | undefined }) {
  const at = since ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(at)) return null;
  const days = Math.max(0, Math.floor((Date.now() - at) / DAY_MS));
  return (
    <span className={days >= 2 ? 'font-medium text-amber-900' : undefined}> · waiting {daysText(days)}</span>
  );
}
