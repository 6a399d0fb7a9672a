import { getTableName, type Table } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { EventBus } from './bus/types';
import { TRACKED_TABLES } from './db/tracked-tables';

/** One family of cached reads: the same query for different keys, depending on the same tables. */
export interface CachedReads<T> {
  /**
   * The value of `key`: from memory when none of the family's tables changed since it was read,
   * else from `load` (concurrent misses of one key share one load). Values are shared between
   * callers: never change one.
   */
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface CachedReadsOptions {
  /**
   * The read compares dates with today's (UTC), e.g. a licence's expiry: its entries also end at
   * the next UTC midnight, when the answer may change with no table changing.
   */
  dependsOnToday?: boolean;
}

export interface ReadCache {
  /** Declares a family of cached reads of `tables` (tracked tables only: checked here, at start). */
  define<T>(name: string, tables: readonly Table[], opts?: CachedReadsOptions): CachedReads<T>;
  /** Each family's tables by name (a test checks them against the relations its queries read). */
  families(): ReadonlyMap<string, readonly string[]>;
  close(): void;
}

/** A safety net, not the invalidation: an entry is read again at least this often. */
const MAX_AGE_MS = 10 * 60_000;
/** Entries kept per family (least recently used go first). */
const MAX_ENTRIES = 5_000;
const DAY_MS = 24 * 60 * 60_000;

interface Entry<T> {
  value: T;
  version: number;
  /** When the answer may change with no table changing (the next UTC midnight), else Infinity. */
  endsAt: number;
}

/**
 * Per-process caches of hot reads (the signed-in dashboards' lists and badges, a quote's status,
 * contractor search), kept true by the database itself: a statement-level trigger on every
 * tracked table (migration 0010) announces each committed change, and the event bus hands the
 * table's name to this cache, which counts a version per table. An entry remembers the sum of its
 * tables' versions when its load began; a change to any of them makes the sum grow, so the entry
 * is read again. An entry whose tables changed while it loaded is not kept.
 *
 * - PGlite delivers a commit's notifications before the committing statement returns: the cache
 *   is never behind.
 * - PostgreSQL delivers them on the bus's listening connection, from every process. A process
 *   reads its own writes: the database counts the writes to tracked tables this process committed
 *   (db/write-tracker.ts), and a read after one first waits until the notifications caught up
 *   (bus.catchUpTables, one marker round trip). Another process's change is seen once its
 *   notification arrives (well under a millisecond on one network). While the listening connection
 *   is down nothing is cached, and everything is dropped when it comes back.
 */
export function createReadCache(deps: {
  bus: EventBus;
  /** PostgreSQL: this process's committed writes to tracked tables (Database.committedWrites). */
  committedWrites?: () => number;
  /** The clock (tests); the entries' ages follow it too. */
  now?: () => number;
}): ReadCache {
  const { bus, committedWrites } = deps;
  const now = deps.now ?? Date.now;
  const tracked = new Set<string>(TRACKED_TABLES);
  const versions = new Map<string, number>(TRACKED_TABLES.map((t) => [t, 0]));
  /** Grows at every feed interruption, and is part of every family's version. */
  let resets = 0;
  const caches = new Set<LRUCache<string, Entry<unknown>>>();
  const families = new Map<string, readonly string[]>();

  const unwatch = bus.watchTables((table) => {
    if (table === null) {
      resets++;
      for (const cache of caches) cache.clear();
      return;
    }
    const v = versions.get(table);
    if (v !== undefined) versions.set(table, v + 1);
  });

  let caughtUpTo = 0;
  let catching: Promise<boolean> | null = null;
  /** True once the notifications of every write this process committed so far have arrived. */
  async function ownWritesSeen(): Promise<boolean> {
    if (!committedWrites) return true;
    const target = committedWrites();
    while (caughtUpTo < target) {
      if (!catching) {
        const upTo = committedWrites();
        catching = bus
          .catchUpTables()
          .then((ok) => {
            if (ok) caughtUpTo = Math.max(caughtUpTo, upTo);
            return ok;
          })
          .finally(() => {
            catching = null;
          });
      }
      if (!(await catching)) return false;
    }
    return true;
  }

  return {
    define<T>(name: string, tables: readonly Table[], opts: CachedReadsOptions = {}): CachedReads<T> {
      const names = tables.map((t) => getTableName(t));
      const untracked = names.filter((n) => !tracked.has(n));
      if (untracked.length > 0 || names.length === 0) {
        throw new Error(
          `read cache "${name}": ${untracked.join(', ') || 'no table'} cannot be watched (see db/tracked-tables.ts)`,
        );
      }
      // services built twice on one platform (some tests do) define their families twice: the same
      // tables are fine (each instance keeps its own entries), other tables under one name are not
      const known = families.get(name);
      if (known && known.join() !== names.join()) {
        throw new Error(`read cache "${name}" is defined again with other tables`);
      }
      families.set(name, names);
      const cache = new LRUCache<string, Entry<T>>({
        max: MAX_ENTRIES,
        ttl: MAX_AGE_MS,
        ...(deps.now ? { perf: { now: deps.now } } : {}),
      });
      caches.add(cache as LRUCache<string, Entry<unknown>>);
      const loading = new Map<string, { version: number; promise: Promise<T> }>();
      const version = () => {
        let sum = resets;
        for (const n of names) sum += versions.get(n) as number;
        return sum;
      };
      const endsAt = (): number =>
        opts.dependsOnToday ? Math.floor(now() / DAY_MS) * DAY_MS + DAY_MS : Number.POSITIVE_INFINITY;

      return {
        async get(key, load) {
          if (!bus.tablesLive() || !(await ownWritesSeen())) return load();
          const v = version();
          const hit = cache.get(key);
          if (hit && hit.version === v && now() < hit.endsAt) return hit.value;
          const pending = loading.get(key);
          if (pending && pending.version === v) return pending.promise;
          const ends = endsAt();
          const promise = load().then((value) => {
            if (version() === v && bus.tablesLive()) cache.set(key, { value, version: v, endsAt: ends });
            return value;
          });
          const mine = { version: v, promise };
          loading.set(key, mine);
          const forget = () => {
            if (loading.get(key) === mine) loading.delete(key);
          };
          promise.then(forget, forget);
          return promise;
        },
      };
    },

    families: () => families,

    close() {
      unwatch();
      for (const cache of caches) cache.clear();
      caches.clear();
    },
  };
}

/** A list read through a family: one entry per query (its JSON: filters, search and cursor). */
export function cachedByQuery<Q, R>(family: CachedReads<R>, load: (query: Q) => Promise<R>) {
  return (query: Q): Promise<R> => family.get(JSON.stringify(query), () => load(query));
}
