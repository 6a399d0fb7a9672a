/** Web Push (issue 27 #4): the browsers (devices) each user subscribed to push notifications. */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser: a capability, never shown back in full. */
    endpoint: text().notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the aes128gcm encryption. */
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** The device, as the user named it or from the User-Agent. */
    label: text(),
    createdAt: createdAt(),
    lastSuccessAt: ts(),
    /** Failed deliveries since the last success. */
    failureCount: integer().notNull().default(0),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
