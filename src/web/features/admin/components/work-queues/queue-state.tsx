import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import type * as React from 'react';
import { Empty } from '../dashboard/badges';

/** Loading, error (with Try again) and what was loaded, for every work queue and list of the dashboard. */
export function QueueState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
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
  return <>{children(query.data)}</>;
}

/**
 * A queue's list once loaded: the empty sentence when there is nothing, else each item (an `<li>`,
 * e.g. QueueItem) in a list named `label`.
 */
export function QueueList<T, I>({
  query,
  items,
  empty,
  label,
  className = 'grid gap-3',
  children,
}: {
  query: UseQueryResult<T>;
  items: (data: T) => readonly I[];
  empty: React.ReactNode;
  label?: string;
  className?: string;
  children: (item: I) => React.ReactNode;
}) {
  return (
    <QueueState query={query}>
      {(data) => {
        const list = items(data);
        if (list.length === 0) return <Empty>{empty}</Empty>;
        return (
          <ul className={className} aria-label={label}>
            {list.map(children)}
          </ul>
        );
      }}
    </QueueState>
  );
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
