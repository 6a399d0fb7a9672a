import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { mailOutbox } from '../../platform/db/schema';

export function createAdminRepo(db: Db) {
  return {
    /** Newest first; `to` matches the whole address, ignoring case. */
    async listOutbox(filter: { to?: string; limit: number }) {
      return db
        .select()
        .from(mailOutbox)
        .where(filter.to ? sql`lower(${mailOutbox.to}) = lower(${filter.to})` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(filter.limit);
    },

    async findOutboxMail(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
