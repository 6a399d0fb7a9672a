import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { ContactListQuery } from '../../../domain/contact/schemas';
import type { Db } from '../../platform/db/index';
import { contactMessages } from '../../platform/db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
const MAX_ERROR_LENGTH = 1000;

export function createContactRepo(db: Db) {
  return {
    async insert(values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
      const [row] = await db.insert(contactMessages).values(values).returning();
      if (!row) throw new Error('contact message insert returned nothing');
      return row;
    },

    async find(id: string): Promise<ContactMessageRow | undefined> {
      const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
      return row;
    },

    async markDelivered(id: string, deliveredTo: 'slack' | 'inbox' | 'support_email') {
      await db
        .update(contactMessages)
        .set({
          deliveryStatus: 'delivered',
          deliveredTo,
          deliveredAt: new Date(),
          deliveryAttempts: sql`${contactMessages.deliveryAttempts} + 1`,
        })
        .where(eq(contactMessages.id, id));
    },

    async recordFailedAttempt(id: string, error: string) {
      await db
        .update(contactMessages)
        .set({
          deliveryAttempts: sql`${contactMessages.deliveryAttempts} + 1`,
          lastError: error.slice(0, MAX_ERROR_LENGTH),
        })
        .where(eq(contactMessages.id, id));
    },

    /** After the last retry; a run that delivered it meanwhile wins. */
    async markFailed(id: string, error: string) {
      await db
        .update(contactMessages)
        .set({ deliveryStatus: 'failed', lastError: error.slice(0, MAX_ERROR_LENGTH) })
        .where(and(eq(contactMessages.id, id), eq(contactMessages.deliveryStatus, 'pending')));
    },

    /** Pending messages no job ever tried (a crash between storing and enqueueing), older than `before`. */
    async pendingNeverTried(before: Date) {
      return db
        .select({ id: contactMessages.id, channel: contactMessages.channel })
        .from(contactMessages)
        .where(
          and(
            eq(contactMessages.deliveryStatus, 'pending'),
            eq(contactMessages.deliveryAttempts, 0),
            lt(contactMessages.createdAt, before),
          ),
        );
    },

    /** Newest first. */
    async list(query: ContactListQuery) {
      const where = and(
        query.channel ? eq(contactMessages.channel, query.channel) : undefined,
        query.status ? eq(contactMessages.deliveryStatus, query.status) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(contactMessages).where(where);
      const items = await db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize);
      return { items, total: total?.n ?? 0 };
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
