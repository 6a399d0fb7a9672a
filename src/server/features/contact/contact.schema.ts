/** Support messages (priority chat and e-mail) and their delivery state. */

import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { contactChannels, deliveryStatuses } from '../../../domain/contact/schemas';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const contactChannel = pgEnum('contact_channel', contactChannels);
export const deliveryStatus = pgEnum('delivery_status', deliveryStatuses);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    channel: contactChannel().notNull(),
    name: text(),
    firstName: text(),
    lastName: text(),
    email: text().notNull(),
    phone: text(),
    subject: text(),
    message: text().notNull(),
    projectId: text(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    deliveryStatus: deliveryStatus().notNull().default('pending'),
    deliveryAttempts: integer().notNull().default(0),
    lastError: text(),
    /** slack (chat webhook), inbox (no webhook configured: kept for admins) or support_email (outbox). */
    deliveredTo: text(),
    deliveredAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    index('contact_messages_delivery_idx').on(t.deliveryStatus, t.deliveryAttempts),
    // the admins' queue paged by keyset and searched by prefix (issue 26 #1)
    index('contact_messages_created_id_idx').on(t.createdAt, t.id),
    index('contact_messages_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('contact_messages_name_search_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('contact_messages_last_name_search_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);
