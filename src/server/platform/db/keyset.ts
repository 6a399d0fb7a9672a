import { and, count, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { LIST_COUNT_CAP, listMessages, type SortOrder } from '../../../domain/lists';
import { ValidationError } from '../errors';
import type { Db } from './index';

/**
 * Keyset pages (issue 26 #1), the one cursor of every bounded list: a page is the rows after the
 * last one shown in (sort key, id) order, `WHERE (key, id) > (last key, last id) ORDER BY key, id
 * LIMIT n + 1` (the extra row says whether there is a next page), never an OFFSET. The cursor is
 * base64url JSON of [sort name, key, id]; it is opaque to clients and checked on the way back, so a
 * tampered one answers 400 instead of reaching the database.
 */

/** How a key is kept in a cursor and cast back in SQL. */
export type KeyKind = 'moment' | 'text' | 'int' | 'uuid';

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const kindShape: Record<KeyKind, z.ZodType<string | number>> = {
  moment: z
    .string()
    .regex(MOMENT)
    .refine((s) => !Number.isNaN(Date.parse(s))),
  text: z.string().max(300),
  int: z
    .number()
    .int()
    .min(-(2 ** 53))
    .max(2 ** 53),
  uuid: z.uuid(),
};
const cast: Record<KeyKind, SQL> = {
  moment: sql.raw('timestamptz'),
  text: sql.raw('text'),
  int: sql.raw('bigint'),
  uuid: sql.raw('uuid'),
};

/**
 * A timestamptz column as UTC text to the microsecond (what a cursor keeps: a JavaScript Date keeps
 * milliseconds only, and two rows in the same millisecond would be skipped or repeated).
 */
export const exactMoment = (col: AnyPgColumn | SQL) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export type KeyValue = string | number;

export function encodeCursor(sort: string, key: KeyValue, id: KeyValue): string {
  return Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');
}

/** The [key, id] of a cursor made for this sort, or null when it is not one of ours. */
export function decodeCursor(
  text: string,
  sort: string,
  kinds: readonly [KeyKind, KeyKind],
): [KeyValue, KeyValue] | null {
  try {
    const shape = z.tuple([z.literal(sort), kindShape[kinds[0]], kindShape[kinds[1]]]);
    const parsed = shape.safeParse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    return parsed.success ? [parsed.data[1], parsed.data[2]] : null;
  } catch {
    return null;
  }
}

/** decodeCursor, answering 400 (the contract's JSON, field `cursor`) to a cursor we did not make. */
export function cursorOr400(
  text: string | undefined,
  sort: string,
  kinds: readonly [KeyKind, KeyKind],
): [KeyValue, KeyValue] | null {
  if (text === undefined || text === '') return null;
  const cursor = decodeCursor(text, sort, kinds);
  if (!cursor)
    throw new ValidationError(listMessages.cursorInvalid, { cursor: [listMessages.cursorInvalid] });
  return cursor;
}

/** A list's sort: the key (a column or expression), the id tie-break, how each is kept, the order. */
export interface Keyset {
  name: string;
  key: AnyPgColumn | SQL;
  id: AnyPgColumn | SQL;
  kinds: readonly [KeyKind, KeyKind];
  order: SortOrder;
}

/** The rows after the cursor in the keyset's order (undefined on the first page). */
export function afterCursor(keyset: Keyset, cursor: [KeyValue, KeyValue] | null): SQL | undefined {
  if (!cursor) return undefined;
  const [k, i] = keyset.kinds;
  const op = sql.raw(keyset.order === 'asc' ? '>' : '<');
  return sql`(${keyset.key}, ${keyset.id}) ${op} (${cursor[0]}::${cast[k]}, ${cursor[1]}::${cast[i]})`;
}

/** The sort key as a cursor keeps it (a moment as exact text). */
export function cursorKeyOf(keyset: Keyset): SQL<string> {
  return keyset.kinds[0] === 'moment' ? exactMoment(keyset.key) : sql<string>`${keyset.key}`;
}

/** ORDER BY key, id in the keyset's direction. */
export function keysetOrder(keyset: Keyset): SQL {
  const dir = sql.raw(keyset.order === 'asc' ? 'asc' : 'desc');
  return sql`${keyset.key} ${dir}, ${keyset.id} ${dir}`;
}

/**
 * The page out of `limit + 1` rows read: the first `limit`, and the cursor of the last of them
 * when the extra row shows there is more.
 */
export function pageOf<R>(
  rows: readonly R[],
  limit: number,
  sort: string,
  keyOf: (row: R) => [KeyValue, KeyValue],
): { rows: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (rows.length <= limit || !last) return { rows: page, nextCursor: null };
  const [key, id] = keyOf(last);
  return { rows: page, nextCursor: encodeCursor(sort, key, id) };
}

/**
 * A search as a case-insensitive prefix pattern: `lower(column) like 'text%'` (LIKE's own
 * characters typed by the user match themselves). A btree index on lower(column) with
 * text_pattern_ops answers it on PostgreSQL whatever the database's collation.
 */
export function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of the columns starts with the search (null when there is no search). */
export function searchPrefix(columns: readonly AnyPgColumn[], q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = prefixPattern(q);
  return sql`(${sql.join(
    columns.map((c) => sql`lower(${c}) like ${pattern}`),
    sql` or `,
  )})`;
}

/** Newest first by creation moment, the id breaking ties: the spec lists' order. */
export function newestFirst(createdAt: AnyPgColumn, id: AnyPgColumn): Keyset {
  return { name: 'createdAt.desc', key: createdAt, id, kinds: ['moment', 'uuid'], order: 'desc' };
}

/**
 * One page of a keyset: decodes the cursor (400 when it is not ours), reads limit + 1 rows after
 * it in order (`read` selects `cursorKeyOf(keyset)` as `cursorKey`), and answers the page.
 */
export async function keysetPage<R extends { cursorKey: string }>(
  keyset: Keyset,
  cursorText: string | undefined,
  limit: number,
  read: (after: SQL | undefined, order: SQL, limit: number) => Promise<R[]>,
  idOf: (row: R) => KeyValue,
): Promise<{ rows: R[]; nextCursor: string | null; first: boolean }> {
  const cursor = cursorOr400(cursorText, keyset.name, keyset.kinds);
  const rows = await read(afterCursor(keyset, cursor), keysetOrder(keyset), limit + 1);
  return { ...pageOf(rows, limit, keyset.name, (r) => [r.cursorKey, idOf(r)]), first: !cursor };
}

/**
 * One keyset page of a table's whole rows (`where` the list's filters): the rows in order, the
 * next cursor, and whether this was the first page. Each work queue's list is this.
 */
export async function tablePage<T extends PgTable>(
  db: Db,
  table: T,
  keyset: Keyset,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
): Promise<{ rows: T['$inferSelect'][]; nextCursor: string | null; first: boolean }> {
  const page = await keysetPage(
    keyset,
    cursor,
    limit,
    (after, order, n) =>
      db
        .select({ row: table as PgTable, cursorKey: cursorKeyOf(keyset) })
        .from(table as PgTable)
        .where(and(where, after))
        .orderBy(order)
        .limit(n) as unknown as Promise<{ row: T['$inferSelect']; cursorKey: string }[]>,
    (r) => (r.row as { id: string }).id,
  );
  return { rows: page.rows.map((r) => r.row), nextCursor: page.nextCursor, first: page.first };
}

/**
 * A first page's total counted row by row through the list's own index, up to LIST_COUNT_CAP
 * matches (then a floor: `totalCapped`), so no first page counts a whole big table.
 */
export async function boundedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  /** the page's own order: the matches are walked along the page's index, not the whole heap */
  keyset?: Keyset,
): Promise<{ total: number; totalCapped?: true }> {
  const matching = db.select({ one: sql`1` }).from(table).where(where);
  const matches = (keyset ? matching.orderBy(keysetOrder(keyset)) : matching)
    .limit(LIST_COUNT_CAP + 1)
    .as('m');
  const n = (await db.select({ n: count() }).from(matches))[0]?.n ?? 0;
  return n > LIST_COUNT_CAP ? { total: LIST_COUNT_CAP, totalCapped: true } : { total: n };
}
