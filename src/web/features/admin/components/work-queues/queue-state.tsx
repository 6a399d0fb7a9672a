import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import type * as React from 'react';

/** Loading, error (with Try again) and the list itself, for every work queue. */
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
