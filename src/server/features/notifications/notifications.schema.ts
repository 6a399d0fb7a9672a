/** The notification centre: what happened, per user, and which kinds each user wants mailed. */
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { notificationKindNames } from '../../../domain/notifications/kinds';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { projects } from '../projects/projects.schema';

export const notificationKind = pgEnum('notification_kind', notificationKindNames);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind().notNull(),
    /** What happened, one plain sentence. */
    title: text().notNull(),
    body: text(),
    /** A same-origin path: `/projects/<id>`, `/contractor-dashboard`. */
    link: text().notNull(),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    readAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    // the bell's list: a user's newest first, a page at a time by (created_at, id)
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // the unread count
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A user's choice per kind; no row means the default (mailed). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKind().notNull(),
    mail: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
