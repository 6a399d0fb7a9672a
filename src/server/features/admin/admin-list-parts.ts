import { and, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SortOrder } from '../../../domain/lists';
import { listTotal } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';
import { afterCursor, cursorOr400, type Keyset, keysetOrder, pageOf } from '../../platform/db/keyset';

/**
 * What the admins' lists share: the page and its cursor, the sort keysets, the first page's
 * total (from the counters when the filters allow) and the SQL of moments, ages and flags.
 */

export interface ListPage<R> {
  items: R[];
  nextCursor: string | null;
  total?: number;
  totalCapped?: boolean;
}

/** How a first page's total is had: the counters' keys (exact, one small read), or row by row. */
export type Total = { keys: readonly string[] | null; table: PgTable };

/** The counters' keys that give a list's total exactly when its query holds only these filters. */
export function countedBy(
  query: Record<string, unknown>,
  base: readonly string[],
  known: (filters: Record<string, unknown>) => readonly string[] | null,
): readonly string[] | null {
  const { cursor: _c, limit: _l, sort: _s, order: _o, ...rest } = query;
  const filters = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(filters).length === 0 ? base : known(filters);
}
export const only = (filters: Record<string, unknown>, ...names: string[]) =>
  Object.keys(filters).length === names.length && names.every((n) => n in filters);

/** A moment as the API writes it (toISOString's form). */
export const iso = (col: AnyPgColumn) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
export const ageDays = (col: AnyPgColumn) =>
  sql<number>`floor(extract(epoch from (now() - ${col})) / 86400)::int`;
export const olderThan = (col: AnyPgColumn, days: number | undefined) =>
  days === undefined ? undefined : sql`${col} <= now() - make_interval(days => ${days})`;
export const flag = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');

type SortSpec = { key: AnyPgColumn | SQL; kind: 'moment' | 'text' | 'int'; order: SortOrder };

export function keysetOf(
  sorts: Record<string, SortSpec>,
  sort: string,
  order: SortOrder | undefined,
  id: AnyPgColumn,
): Keyset {
  const spec = sorts[sort] as SortSpec;
  const dir = order ?? spec.order;
  return { name: `${sort}.${dir}`, key: spec.key, id, kinds: [spec.kind, 'uuid'], order: dir };
}

/** The reader of one keyset page of a list, on this database. */
export function listPager(db: Db) {
  /** Reads limit + 1 rows after the cursor, and on the first page the count of every match. */
  async function page<R extends { id: string }>(
    keyset: Keyset,
    cursorText: string | undefined,
    limit: number,
    where: SQL | undefined,
    read: (where: SQL | undefined, order: SQL, limit: number) => Promise<(R & { cursorKey: string })[]>,
    total: Total,
  ): Promise<ListPage<R>> {
    const cursor = cursorOr400(cursorText, keyset.name, keyset.kinds);
    const rows = await read(and(where, afterCursor(keyset, cursor)), keysetOrder(keyset), limit + 1);
    const { rows: items, nextCursor } = pageOf(rows, limit, keyset.name, (r) => [r.cursorKey, r.id]);
    const result: ListPage<R> = {
      items: items.map(({ cursorKey: _, ...rest }) => rest as unknown as R),
      nextCursor,
    };
    return cursor ? result : { ...result, ...(await listTotal(db, total.keys, total.table, where, keyset)) };
  }
  return page;
}
