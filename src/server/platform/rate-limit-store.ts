import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import type { Db } from './db/index';
import { rateLimitHits } from './rate-limits.schema';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What @fastify/rate-limit really passes to `child`: the merged options, with the route (none for createRateLimit). */
interface MergedRouteOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * Counts one hit of a key in a fixed window, in one atomic statement: the first hit (or the first
 * after the window ended) starts a window at 1, the others add one. The database's clock decides,
 * so processes on machines whose clocks differ still agree. The statement is prepared once (it
 * runs on a good share of all requests: planned once per connection, never rebuilt), and its table
 * is UNLOGGED (migration 0011): a counter needs no write-ahead log, and a crash forgets windows
 * of at most a few minutes.
 */
export function hitCounter(
  db: Db,
): (key: string, windowMs: number) => Promise<{ current: number; ttl: number }> {
  const expired = sql`${rateLimitHits.expiresAt} <= now()`;
  const statement = db
    .insert(rateLimitHits)
    .values({
      key: sql.placeholder('key'),
      count: 1,
      expiresAt: sql`now() + make_interval(secs => ${sql.placeholder('seconds')}::double precision)`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimitHits.count} + 1 end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${rateLimitHits.expiresAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.count,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimitHits.expiresAt} - now()) * 1000))`.mapWith(
        Number,
      ),
    })
    .prepare('rate_limit_hit');
  return async (key, windowMs) => {
    const [row] = await statement.execute({ key, seconds: windowMs / 1000 });
    if (!row) throw new Error('rate-limit hit not counted');
    return row;
  };
}

/**
 * A @fastify/rate-limit store (its `store` option: a class with `incr` and `child`) that keeps
 * the counters in PostgreSQL (rate_limit_hits), so every process on one database counts
 * against the same limit. Each route's store prefixes its keys with the route, as the memory
 * store keeps one map per route.
 *
 * A key found over its limit is remembered in this process until its window ends: within a
 * window a count only grows, so the answer stays 429 without asking the database again. A
 * client hammering a limit (or a load test from one address) then costs no database write per
 * request, and no contention on its one row.
 *
 * When the database fails, the error is passed on; the plugin is registered with `skipOnError`,
 * so the request is let through (fail open): a database hiccup must not turn every limited route
 * into a 500, and the routes behind the limits need the database anyway. The error is logged at
 * most once a minute (`logEveryMs`), with how many requests were let through since the last
 * line, so an outage does not write one line per request.
 */
export function pgRateLimitStore(
  db: Db,
  logger: Logger,
  { logEveryMs = 60_000, now: clock = Date.now }: { logEveryMs?: number; now?: () => number } = {},
) {
  /** Keys over their limit -> when their window ends (this process's clock, ms). */
  const exceeded = new LRUCache<string, { until: number; current: number }>({ max: 50_000 });
  const countHit = hitCounter(db);
  let lastLogAt = Number.NEGATIVE_INFINITY;
  let letThrough = 0;
  const failedOpen = (err: Error) => {
    letThrough++;
    if (clock() - lastLogAt < logEveryMs) return;
    logger.error({ err, letThrough }, 'rate-limit counter unavailable: requests let through');
    lastLogAt = clock();
    letThrough = 0;
  };
  return class PgRateLimitStore implements FastifyRateLimitStore {
    readonly namespace: string;

    /** The plugin constructs the root store with its global options, which this store does not need. */
    constructor(_globalOptions?: unknown, namespace = '') {
      this.namespace = namespace;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      const fullKey = this.namespace + key;
      const known = exceeded.get(fullKey);
      const now = clock();
      if (known && known.until > now) {
        callback(null, { current: known.current, ttl: known.until - now });
        return;
      }
      countHit(fullKey, timeWindow).then(
        (result) => {
          if (result.current > max)
            exceeded.set(fullKey, { until: now + result.ttl, current: result.current });
          callback(null, result);
        },
        (err: Error) => {
          failedOpen(err);
          callback(err);
        },
      );
    }

    child(routeOptions: ChildOptions): PgRateLimitStore {
      const { method, url } = (routeOptions as unknown as MergedRouteOptions).routeInfo ?? {};
      return new PgRateLimitStore(undefined, url ? `${String(method)} ${url}|` : this.namespace);
    }
  };
}

/** Removes counters whose window has ended (the hourly clean-up). */
export async function deleteExpiredRateLimitHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, sql`now()`));
}
