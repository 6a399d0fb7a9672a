import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { invalidateLive } from './invalidate-live';

/** A server whose answers are released by hand: each fetch reads the state when it is released. */
function slowServer(initial: string) {
  let state = initial;
  const waiting: Array<() => void> = [];
  const listeners = new Set<() => void>();
  return {
    /** Called at each request that reaches the server. */
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set: (next: string) => {
      state = next;
    },
    /** The fetch reads the server now (as a request that reached it), and answers when released. */
    fetch: () => {
      const read = state;
      const answer = new Promise<string>((resolve) => waiting.push(() => resolve(read)));
      for (const listener of [...listeners]) listener();
      return answer;
    },
    releaseAll: () => {
      for (const release of waiting.splice(0)) release();
    },
    get pending() {
      return waiting.length;
    },
  };
}

/** Resolves once `check` holds, checked again at each event `subscribe` reports (no polling). */
function when(check: () => boolean, subscribe: (listener: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    if (check()) return resolve();
    const stop = subscribe(() => {
      if (!check()) return;
      stop();
      resolve();
    });
  });
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
    await when(() => server.pending === 1, server.subscribe); // the first fetch has read 'inspection_due'
    server.set('awaiting_acceptance'); // the change, then its event
    const done = invalidateLive(queryClient, { queryKey: ['project', 'p1'] });
    server.releaseAll(); // the first fetch lands, stale
    await when(() => server.pending === 1, server.subscribe); // the second fetch reads the change
    server.releaseAll();
    await done;
    expect(observer.getCurrentResult().data).toBe('awaiting_acceptance');
    unsubscribe();
  });

  it('plain invalidateQueries would have kept the stale first answer (why this helper exists)', async () => {
    const server = slowServer('inspection_due');
    const { queryClient, observer, unsubscribe } = mountQuery(server);
    await when(() => server.pending === 1, server.subscribe);
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
    await when(() => server.pending === 1, server.subscribe);
    server.releaseAll();
    await when(
      () => observer.getCurrentResult().data === 'v1',
      (l) => observer.subscribe(l),
    );
    server.set('v2');
    const done = invalidateLive(queryClient, { queryKey: ['project'] });
    await when(() => server.pending === 1, server.subscribe);
    server.releaseAll();
    await done;
    expect(server.pending).toBe(0);
    expect(observer.getCurrentResult().data).toBe('v2');
    unsubscribe();
  });
});
