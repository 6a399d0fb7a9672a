import type { PublicUser } from '@domain/auth/schemas';
import { QueryClient } from '@tanstack/react-query';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOfflineData, readOfflineSnapshot, startOfflinePersistence } from './offline-cache';
import { offlineFlagKey } from './offline-flag';

/**
 * offline-cache.ts against an in-memory IndexedDB (fake-indexeddb) and localStorage: what the
 * device keeps of a signed-in contractor, and that signing out keeps nothing, also while a write is
 * under way (the race a CI run met, 2026-11-28).
 */
const user = { id: 'u1', email: 'crew@example.test', userType: 'contractor' } as PublicUser;
const WRITE_DELAY_MS = 300;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function signedInCache(): QueryClient {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['projects', 'list', 'contractor', 'c1'], [{ id: 'p1', title: 'SWRX-1' }]);
  return queryClient;
}

/** A few store round trips: a write queued before them has committed once they answer. */
async function settled(): Promise<void> {
  for (let i = 0; i < 4; i++) await readOfflineSnapshot();
}

describe('offline cache', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.stubGlobal('IDBKeyRange', IDBKeyRange);
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', new EventTarget()); // the 'online' listener
    // the write delay only: fake-indexeddb schedules its own work with setImmediate
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(async () => {
    await clearOfflineData();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps the signed-in contractor's answers and sets the flag the entry checks", async () => {
    startOfflinePersistence(signedInCache(), user, ['projects']);
    vi.advanceTimersByTime(WRITE_DELAY_MS);
    await vi.waitFor(() => expect(localStorage.getItem(offlineFlagKey)).toBe('1'));
    const kept = await readOfflineSnapshot();
    expect(kept?.user.id).toBe('u1');
    expect(kept?.queries.map((q) => q.queryKey)).toEqual([['projects', 'list', 'contractor', 'c1']]);
  });

  it('keeps nothing after a sign-out that came while a write was under way', async () => {
    startOfflinePersistence(signedInCache(), user, ['projects']);
    vi.advanceTimersByTime(WRITE_DELAY_MS); // the write starts: it reads the store first
    await clearOfflineData(); // signed out meanwhile
    await settled();
    expect(await readOfflineSnapshot()).toBeNull();
    expect(localStorage.getItem(offlineFlagKey)).toBeNull();
  });

  it('keeps nothing after a sign-out that came once the write was done', async () => {
    startOfflinePersistence(signedInCache(), user, ['projects']);
    vi.advanceTimersByTime(WRITE_DELAY_MS);
    await vi.waitFor(() => expect(localStorage.getItem(offlineFlagKey)).toBe('1'));
    await clearOfflineData();
    expect(await readOfflineSnapshot()).toBeNull();
    expect(localStorage.getItem(offlineFlagKey)).toBeNull();
  });
});
