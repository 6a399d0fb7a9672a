import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { adminCounterDeltas, adminCounters } from './counters.schema';
import type { Db } from './index';
import { boundedCount, type Keyset } from './keyset';

/**
 * Reading the counters the database keeps (counters.schema.ts, decision 009): the folded totals
 * plus the deltas appended since, in one statement (one snapshot: a fold is seen whole or not at
 * all). A key no row ever counted for reads 0.
 */

async function rowsOf<R>(db: Db, query: SQL): Promise<R[]> {
  return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
}

/** Every counter, by key. */
export async function readCounters(db: Db): Promise<Map<string, number>> {
  const rows = await rowsOf<{ key: string; n: string }>(
    db,
    sql`select key, sum(n)::text as n from (
      select ${adminCounters.key} as key, ${adminCounters.n} as n from ${adminCounters}
      union all
      select ${adminCounterDeltas.key}, ${adminCounterDeltas.n} from ${adminCounterDeltas}
    ) c group by key`,
  );
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** The sum of some counters: an exact total a list's first page gives when its filters are counted. */
export async function countersSum(db: Db, keys: readonly string[]): Promise<number> {
  const [row] = await rowsOf<{ n: string }>(
    db,
    sql`select coalesce(sum(n), 0)::text as n from (
      select ${adminCounters.n} as n from ${adminCounters} where ${inArray(adminCounters.key, [...keys])}
      union all
      select ${adminCounterDeltas.n} from ${adminCounterDeltas} where ${inArray(adminCounterDeltas.key, [...keys])}
    ) c`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Moves the deltas into the totals in one statement (readers see either side, never both or
 * neither): the admin.counters-fold job, every minute. Answers how many deltas moved.
 */
export async function foldCounters(db: Db): Promise<number> {
  const [row] = await rowsOf<{ moved: string }>(
    db,
    sql`with moved as (delete from ${adminCounterDeltas} returning key, n),
      summed as (select key, sum(n) as n from moved group by key),
      upserted as (
        insert into ${adminCounters} as a (key, n) select key, n from summed
        on conflict (key) do update set n = a.n + excluded.n
        returning 1
      )
      select (select count(*) from moved)::text as moved`,
  );
  return Number(row?.moved ?? 0);
}

/**
 * A list's first-page total: exact from the counters when its filters are counted (`keys`), else
 * its matches counted along the page's index up to LIST_COUNT_CAP (then a floor).
 */
export async function listTotal(
  db: Db,
  keys: readonly string[] | null,
  table: PgTable,
  where: SQL | undefined,
  keyset: Keyset,
): Promise<{ total: number; totalCapped?: true }> {
  return keys ? { total: await countersSum(db, keys) } : boundedCount(db, table, where, keyset);
}
