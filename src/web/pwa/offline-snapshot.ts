import type { PublicUser } from '@domain/auth/schemas';

/**
 * What the device keeps of a signed-in contractor's data for offline use (docs/pwa.md): the last
 * successful answers of the queries under the persisted roots, with the time each arrived. Pure,
 * tested in offline-snapshot.test.ts; offline-cache.ts stores it in IndexedDB.
 */
export interface OfflineSnapshot {
  version: 1;
  user: PublicUser;
  savedAt: number;
  queries: Array<{ queryKey: readonly unknown[]; data: unknown; dataUpdatedAt: number }>;
}

export interface CachedQuery {
  queryKey: readonly unknown[];
  state: { status: string; data: unknown; dataUpdatedAt: number };
}

export function snapshotOf(
  user: PublicUser,
  queries: readonly CachedQuery[],
  roots: ReadonlySet<string>,
  now: number,
): OfflineSnapshot {
  return {
    version: 1,
    user,
    savedAt: now,
    queries: queries
      .filter(
        (query) =>
          query.state.status === 'success' &&
          query.state.data !== undefined &&
          typeof query.queryKey[0] === 'string' &&
          roots.has(query.queryKey[0]),
      )
      .map((query) => ({
        queryKey: query.queryKey,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
      })),
  };
}

/** At most this many answers are kept: the newest win (a device that opened every project). */
export const MAX_KEPT_QUERIES = 200;

/**
 * The snapshot to store: `next` (this page's cache) with what `previous` kept of the same user that
 * this page did not load (each page load starts with an empty cache: the dashboard's data stays
 * kept after a project page is opened); another user's snapshot is dropped whole.
 */
export function mergeSnapshots(previous: OfflineSnapshot | null, next: OfflineSnapshot): OfflineSnapshot {
  const queries = [...next.queries];
  if (previous && previous.user.id === next.user.id) {
    const loaded = new Set(next.queries.map((query) => JSON.stringify(query.queryKey)));
    queries.push(...previous.queries.filter((query) => !loaded.has(JSON.stringify(query.queryKey))));
  }
  queries.sort((a, b) => b.dataUpdatedAt - a.dataUpdatedAt);
  return { ...next, queries: queries.slice(0, MAX_KEPT_QUERIES) };
}

/** A stored snapshot as it may be read back: anything else (an older format, damage) is none. */
export function readSnapshot(value: unknown): OfflineSnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const snapshot = value as Partial<OfflineSnapshot>;
  if (snapshot.version !== 1 || !snapshot.user || !Array.isArray(snapshot.queries)) return null;
  if (typeof snapshot.user.id !== 'string' || typeof snapshot.savedAt !== 'number') return null;
  return snapshot as OfflineSnapshot;
}

/** "10:42": when the data shown offline was last synced (today), or "Nov 27, 10:42" (before). */
export function syncedAtLabel(at: number, now: number, locale?: string): string {
  const when = new Date(at);
  const time = when.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (when.toDateString() === new Date(now).toDateString()) return time;
  return `${when.toLocaleDateString(locale, { month: 'short', day: 'numeric' })}, ${time}`;
}
