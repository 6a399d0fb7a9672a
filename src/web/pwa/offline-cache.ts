import type { PublicUser } from '@domain/auth/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { objectStore } from './idb';
import { offlineFlagKey } from './offline-flag';
import { mergeSnapshots, type OfflineSnapshot, readSnapshot, snapshotOf } from './offline-snapshot';

/**
 * The signed-in contractor's last synced data, kept in IndexedDB so the dashboard and the project
 * page open offline (docs/pwa.md). Loaded lazily: by those pages (startOfflinePersistence), by the
 * session query when the network fails offline (restoreOfflineSession), and at sign-out or a change
 * of user (clearOfflineData). One snapshot per device: the user it belongs to is in it, and it is
 * deleted when anyone signs out or someone else signs in.
 */
const DB_NAME = 'ridgeline-offline';
const STORE = 'snapshots';
const KEY = 'current';
/** Writes are batched: a burst of query updates (a page load) is stored once. */
const WRITE_DELAY_MS = 300;

const withStore = objectStore(DB_NAME, STORE, (db) => {
  db.createObjectStore(STORE);
});

export async function readOfflineSnapshot(): Promise<OfflineSnapshot | null> {
  return readSnapshot(await withStore('readonly', (store) => store.get(KEY)));
}

/**
 * Deletes what the device keeps. A write already under way when this is called (the store is read,
 * merged and written back) is let finish first and keeps nothing: without that, a sign-out during
 * it left the snapshot and its flag behind (CI, 2026-11-28, offline-app.spec.ts).
 */
export async function clearOfflineData(): Promise<void> {
  stopPersisting();
  await writing;
  localStorage.removeItem(offlineFlagKey);
  await withStore('readwrite', (store) => store.delete(KEY));
}

let active: { userId: string; stop: () => void } | null = null;
/** The write under way, if any (settled: it never rejects). */
let writing: Promise<void> = Promise.resolve();

function stopPersisting(): void {
  active?.stop();
  active = null;
}

/**
 * Keeps the queries under `roots` of this signed-in user on the device as they arrive, and
 * refreshes every shown query when the connection returns. Once per user; a second call is a no-op.
 */
export function startOfflinePersistence(
  queryClient: QueryClient,
  user: PublicUser,
  roots: readonly string[],
): void {
  if (active?.userId === user.id) return;
  stopPersisting();
  const rootSet = new Set(roots);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const save = () => {
    timer = undefined;
    const snapshot = snapshotOf(user, queryClient.getQueryCache().getAll(), rootSet, Date.now());
    writing = writing
      .then(() => readOfflineSnapshot().catch(() => null))
      .then(async (previous) => {
        // signed out (or someone else signed in) while this waited: keep nothing
        if (stopped) return;
        await withStore('readwrite', (store) => store.put(mergeSnapshots(previous, snapshot), KEY));
        localStorage.setItem(offlineFlagKey, '1');
      })
      .catch(() => {
        // no IndexedDB (private mode, quota): the app works online as before
      });
  };
  const schedule = () => {
    if (timer === undefined) timer = setTimeout(save, WRITE_DELAY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    const root = event.query.queryKey[0];
    if (
      event.type === 'updated' &&
      event.action.type === 'success' &&
      typeof root === 'string' &&
      rootSet.has(root)
    )
      schedule();
  });
  const onOnline = () => void queryClient.invalidateQueries({ refetchType: 'active' });
  window.addEventListener('online', onOnline);
  schedule();
  active = {
    userId: user.id,
    stop: () => {
      stopped = true;
      unsubscribe();
      window.removeEventListener('online', onOnline);
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

/**
 * Offline, with the session unreadable (`error`, the network's): puts the last synced data back into
 * the query cache (each answer with the time it arrived) and answers the user it belongs to; throws
 * `error` again when nothing is kept or the failure was not the network's.
 */
export async function restoreOfflineSession(queryClient: QueryClient, error: unknown): Promise<PublicUser> {
  const snapshot = error instanceof TypeError ? await readOfflineSnapshot().catch(() => null) : null;
  if (!snapshot) throw error;
  for (const query of snapshot.queries) {
    if (queryClient.getQueryData(query.queryKey) === undefined)
      queryClient.setQueryData(query.queryKey, query.data, { updatedAt: query.dataUpdatedAt });
  }
  return snapshot.user;
}
