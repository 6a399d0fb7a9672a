import { and, eq, lt, sql } from 'drizzle-orm';
import type { ContactListQuery } from '../../../domain/contact/schemas';
import { listTotal } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';
import { newestFirst, searchPrefix, tablePage } from '../../platform/db/keyset';
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

    /** Newest first, one keyset page after the cursor (issue 26 #1), searched by the start of the e-mail or names. */
    async list(query: ContactListQuery) {
      const m = contactMessages;
      const where = and(
        query.channel ? eq(m.channel, query.channel) : undefined,
        query.status ? eq(m.deliveryStatus, query.status) : undefined,
        searchPrefix([m.email, m.name, m.lastName], query.q),
      );
      const keyset = newestFirst(m.createdAt, m.id);
      const page = await tablePage(db, m, keyset, where, query.cursor, query.pageSize);
      return {
        items: page.rows,
        nextCursor: page.nextCursor,
        ...(page.first
          ? await listTotal(
              db,
              query.channel || query.status || query.q ? null : ['contact_messages.total'],
              m,
              where,
              keyset,
            )
          : {}),
      };
    },
  };
}

export type ContactRepo = ReturnType<typeof createContactRepo>;
