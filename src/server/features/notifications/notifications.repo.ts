import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '../../../domain/notifications/kinds';
import type { Notification } from '../../../domain/notifications/schemas';
import type { Db } from '../../platform/db/index';
import { notificationPreferences, notifications, users } from '../../platform/db/schema';

/** A transaction of the caller's (or the database): what staging a notification needs of it. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string;
  projectId: string | null;
}

const columns = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  projectId: notifications.projectId,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

type Row = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string;
  projectId: string | null;
  readAt: Date | null;
  createdAt: Date;
};

function toNotification(r: Row): Notification {
  return {
    ...r,
    readAt: r.readAt ? r.readAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The queries on `notifications` and `notification_preferences`: this file is their only writer. */
export function createNotificationsRepo(db: Db) {
  async function one(userId: string, id: string): Promise<Notification | undefined> {
    const [row] = await db
      .select(columns)
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .limit(1);
    return row ? toNotification(row) : undefined;
  }

  return {
    one,

    async insertMany(tx: Executor, rows: NewNotification[]): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
      return inserted.map((r) => r.id);
    },

    /** Whether `id` is one of the user's notifications (a valid list cursor for them). */
    async exists(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * A page of the user's notifications, newest first, after the notification `cursor` (its
     * created_at and id, compared in the database: timestamps keep their microseconds); one more
     * than `limit` is read to know whether another page follows.
     */
    async page(userId: string, cursor: string | undefined, limit: number): Promise<Notification[]> {
      const rows = await db
        .select(columns)
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            cursor
              ? sql`(${notifications.createdAt}, ${notifications.id}) < (select c.created_at, c.id from notifications c where c.id = ${cursor} and c.user_id = ${userId})`
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      return rows.map(toNotification);
    },

    async unreadCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks one read (the first reading keeps its time); answers whether it changed. */
    async markRead(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /** Marks the user's unread notifications of one kind about one project read; answers their ids. */
    async markProjectKindRead(userId: string, projectId: string, kind: NotificationKind): Promise<string[]> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.projectId, projectId),
            eq(notifications.kind, kind),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    /** Marks every unread notification of the user read; answers their ids. */
    async markAllRead(userId: string): Promise<string[]> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },

    /** The account addresses of these users (for notification mails without their own `to`). */
    async emailsOf(tx: Executor, userIds: string[]): Promise<Map<string, string>> {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return new Map();
      const rows = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.id, r.email]));
    },

    /** The stored mail choices of these users (absent: the default). */
    async mailChoices(
      tx: Executor,
      userIds: string[],
    ): Promise<{ userId: string; kind: NotificationKind; mail: boolean }[]> {
      if (userIds.length === 0) return [];
      return tx
        .select({
          userId: notificationPreferences.userId,
          kind: notificationPreferences.kind,
          mail: notificationPreferences.mail,
        })
        .from(notificationPreferences)
        .where(inArray(notificationPreferences.userId, userIds));
    },

    async setMailChoices(
      userId: string,
      choices: { kind: NotificationKind; mail: boolean }[],
    ): Promise<void> {
      if (choices.length === 0) return;
      await db
        .insert(notificationPreferences)
        .values(choices.map((c) => ({ userId, kind: c.kind, mail: c.mail })))
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.kind],
          set: { mail: sql`excluded.mail`, updatedAt: sql`now()` },
        });
    },
  };
}

export type NotificationsRepo = ReturnType<typeof createNotificationsRepo>;
