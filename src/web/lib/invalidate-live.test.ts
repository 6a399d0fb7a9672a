import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateLive } from './invalidate-live';

/** A server whose answers are released by hand: each fetch reads the state when it is released. */
function slowServer(initial: string) {
  let state = initial;
  const waiting: Array<() => void> = [];
  return {
    set: (next: string) => {
      state = next;
    },
    /** The fetch reads the server now (as a request that reached it), and answers when released. */
    fetch: () => {
      const read = state;
      return new Promise<string>((resolve) => waiting.push(() => resolve(read)));
    },
    releaseAll: () => {
      for (const release of waiting.splice(0)) release();
    },
    get pending() {
      return waiting.length;
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('invalidateLive', () => {
  const clients: QueryClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.clear();
  });

  function mountQuery(server: ReturnType<typeof slowServer>) {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    clients.push(queryClient);
    const observer = new QueryObserver(queryClient, {
      queryKey: ['project', 'p1', 'closeout'],
      queryFn: server.fetch,
    });
    const unsubscribe = observer.subscribe(() => {});
    return { queryClient, observer, unsubscribe };
  }

  it('refetches a query whose first fetch read the server before the change', async () => {
    const server = slowServer('inspection_due');
    const { queryClient, observer, unsubscribe } = mountQuery(server);
    await until(() => server.pending === 1); // the first fetch has read 'inspection_due'
    server.set('awaiting_acceptance'); // the change, then its event
    const done = invalidateLive(queryClient, { queryKey: ['project', 'p1'] });
    server.releaseAll(); // the first fetch lands, stale
    await until(() => server.pending === 1); // the second fetch reads the change
    server.releaseAll();
    await done;
    expect(observer.getCurrentResult().data).toBe('awaiting_acceptance');
    unsubscribe();
  });

  it('plain invalidateQueries would have kept the stale first answer (why this helper exists)', async () => {
    const server = slowServer('inspection_due');
    const { queryClient, observer, unsubscribe } = mountQuery(server);
    await until(() => server.pending === 1);
    server.set('awaiting_acceptance');
    const done = queryClient.invalidateQueries({ queryKey: ['project', 'p1'] });
    server.releaseAll();
    await done;
    expect(server.pending).toBe(0);
    expect(observer.getCurrentResult().data).toBe('inspection_due');
    unsubscribe();
  });

  it('a query with data is fetched once more, as invalidateQueries does', async () => {
    const server = slowServer('v1');
    const { queryClient, observer, unsubscribe } = mountQuery(server);
    await until(() => server.pending === 1);
    server.releaseAll();
    await until(() => observer.getCurrentResult().data === 'v1');
    server.set('v2');
    const done = invalidateLive(queryClient, { queryKey: ['project'] });
    await until(() => server.pending === 1);
    server.releaseAll();
    await done;
    expect(server.pending).toBe(0);
    expect(observer.getCurrentResult().data).toBe('v2');
    unsubscribe();
  });
});
