import { z } from 'zod';

/**
 * One cursor-page primitive for every bounded list (issue 26 #1): an opaque `cursor` (the last
 * row's sort key and id, base64url; the server answers 400 to one it did not make), a `limit`, a
 * search `q`, a `sort` among the list's own keys and an `order`. Lists page by keyset, never by
 * offset, so a page costs the same at row 100 000 as at row 1.
 */

export const LIST_MAX_LIMIT = 100;
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_QUERY = 200;
/** A first page's total is counted row by row up to this many matches, then given as a floor. */
export const LIST_COUNT_CAP = 10_000;

export const listMessages = {
  cursorInvalid: 'This cursor is not valid: start again from the first page.',
  limitNumber: 'Limit must be a whole number',
  limitMin: 'Limit must be at least 1',
  limitMax: `Limit must be at most ${LIST_MAX_LIMIT}`,
  queryTooLong: `Search must be at most ${LIST_MAX_QUERY} characters`,
  sortUnknown: 'Sort is not one of the sorts of this list',
  orderUnknown: 'Order must be asc or desc',
} as const;

export const cursorParam = z.string().max(400, { error: listMessages.cursorInvalid }).optional();

export function limitParam(defaultLimit: number = LIST_DEFAULT_LIMIT) {
  return z.coerce
    .number({ error: listMessages.limitNumber })
    .int({ error: listMessages.limitNumber })
    .min(1, { error: listMessages.limitMin })
    .max(LIST_MAX_LIMIT, { error: listMessages.limitMax })
    .default(defaultLimit);
}

export const orders = ['asc', 'desc'] as const;
export type SortOrder = (typeof orders)[number];

/** The fields every paged admin list takes; `extra` holds the list's own filters. */
export function pageQuerySchema<const S extends readonly [string, ...string[]], E extends z.ZodRawShape>(
  sorts: S,
  extra: E,
) {
  return z.object({
    cursor: cursorParam,
    limit: limitParam(),
    q: z.string().trim().max(LIST_MAX_QUERY, { error: listMessages.queryTooLong }).optional(),
    sort: z.enum(sorts, { error: listMessages.sortUnknown }).default(sorts[0] as S[number]),
    order: z.enum(orders, { error: listMessages.orderUnknown }).optional(),
    ...extra,
  });
}

/** The query of a spec list call that answers an array: only the page (the answer stays an array). */
export const arrayPageQuerySchema = z.object({
  cursor: cursorParam,
  limit: limitParam(LIST_MAX_LIMIT),
});
export type ArrayPageQuery = z.infer<typeof arrayPageQuerySchema>;

/** `{ items, nextCursor, total }`: a page of a new admin list call. */
export function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      /** Give it back as `cursor` for the next page; null on the last one. */
      nextCursor: z.string().nullable(),
      /**
       * Rows matching the filters, counted by the database on the first page only (a page
       * with a cursor leaves it out: counting is the one part whose cost grows with the table).
       */
      total: z.number().int().optional(),
      /**
       * True when `total` is a floor: a search or filter the counters do not know matched more
       * rows than are counted one by one (LIST_COUNT_CAP), e.g. "10,000+".
       */
      totalCapped: z.boolean().optional(),
    })
    .meta({ id });
}

/** Filters of the age of a row ("pending for at least N days"). */
export const ageDaysParam = z.coerce
  .number({ error: 'Age must be a whole number of days' })
  .int({ error: 'Age must be a whole number of days' })
  .min(0, { error: 'Age must be at least 0 days' })
  .max(36500, { error: 'Age must be at most 36500 days' })
  .optional();

/**
 * The query of a work queue (install requests, contact messages, quotes: issue 26 #1): one page
 * after `cursor` (the `nextCursor` of the page before), `pageSize` rows, a search `q` matching the
 * start of the queue's fields, ignoring case.
 */
export function queuePageQueryShape(maxPageSize: number, defaultPageSize: number) {
  return {
    cursor: cursorParam,
    pageSize: z.coerce
      .number({ error: 'Page size must be a number' })
      .int({ error: 'Page size must be a whole number' })
      .min(1, { error: 'Page size must be at least 1' })
      .max(maxPageSize, { error: `Page size must be at most ${maxPageSize}` })
      .default(defaultPageSize),
    q: z.string().trim().max(LIST_MAX_QUERY, { error: listMessages.queryTooLong }).optional(),
  };
}

/** What a work queue's page answers besides its items. */
export const queuePageFields = {
  /** Give it back as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Rows matching the filters, on the first page only (a page with a cursor leaves it out). */
  total: z.number().int().optional(),
  /** `total` is a floor: more matched than are counted one by one ("10,000+"). */
  totalCapped: z.boolean().optional(),
  pageSize: z.number().int(),
};
