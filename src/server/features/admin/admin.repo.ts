import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { cursorKeyOf, keysetPage, newestFirst } from '../../platform/db/keyset';
import { mailOutbox } from '../../platform/db/schema';

export function createAdminRepo(db: Db) {
  return {
    /** Newest first, one keyset page after the cursor; `to` matches the whole address, ignoring case. */
    async listOutbox(filter: { to?: string; cursor?: string; limit: number }) {
      const keyset = newestFirst(mailOutbox.createdAt, mailOutbox.id);
      const where = filter.to ? sql`lower(${mailOutbox.to}) = lower(${filter.to})` : undefined;
      const page = await keysetPage(
        keyset,
        filter.cursor,
        filter.limit,
        (after, order, limit) =>
          db
            .select({ row: mailOutbox, cursorKey: cursorKeyOf(keyset) })
            .from(mailOutbox)
            .where(and(where, after))
            .orderBy(order)
            .limit(limit),
        (r) => r.row.id,
      );
      return { rows: page.rows.map((r) => r.row), nextCursor: page.nextCursor };
    },

    async findOutboxMail(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
