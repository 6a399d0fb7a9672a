/** Messages between a project's homeowner and its contractor. */
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { projectFiles } from '../projects/project-files.schema';
import { projects } from '../projects/projects.schema';

export const messages = pgTable(
  'messages',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text().notNull(),
    messageType: text().notNull().default('text'),
    /** A photo sent with the message: an image of the project's files that the sender uploaded. */
    attachmentFileId: uuid().references(() => projectFiles.id, { onDelete: 'set null' }),
    isRead: boolean().notNull().default(false),
    readAt: ts(),
    /** When the receiver was mailed this message in a digest (it was still unread by then). */
    digestedAt: ts(),
    /**
     * The sender device's Idempotency-Key (a message queued offline, sent again after a lost answer:
     * docs/pwa.md): one message per sender and key.
     */
    clientKey: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_key_idx').on(t.senderId, t.clientKey),
    index('messages_project_created_idx').on(t.projectId, t.createdAt),
    index('messages_receiver_unread_idx').on(t.receiverId, t.isRead),
    index('messages_sender_idx').on(t.senderId, t.createdAt),
    // a user's messages paged newest first (sent OR received: one index each side)
    index('messages_receiver_created_idx').on(t.receiverId, t.createdAt, t.id),
  ],
);
