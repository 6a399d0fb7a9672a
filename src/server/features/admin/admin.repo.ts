import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { newestFirst, tablePage } from '../../platform/db/keyset';
import { mailOutbox } from '../../platform/db/schema';

export function createAdminRepo(db: Db) {
  return {
    /** Newest first, one keyset page after the cursor; `to` matches the whole address, ignoring case. */
    async listOutbox(filter: { to?: string; cursor?: string; limit: number }) {
      const keyset = newestFirst(mailOutbox.createdAt, mailOutbox.id);
      const where = filter.to ? sql`lower(${mailOutbox.to}) = lower(${filter.to})` : undefined;
      const { rows, nextCursor } = await tablePage(
        db,
        mailOutbox,
        keyset,
        where,
        filter.cursor,
        filter.limit,
      );
      return { rows, nextCursor };
    },

    async findOutboxMail(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
