/**
 * The organisations feature's tables: organisations that order through the open API, their API
 * keys (only a hash of each key is stored), and the orders they placed (which quote, under which
 * Idempotency-Key). Webhook endpoints (issue 26 item 6) hang off `organizations` too.
 */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { quotes } from '../quotes/quotes.schema';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text().notNull(),
    /** insurer | solar | real_estate | other */
    kind: text().notNull(),
    billingEmail: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('organizations_created_at_idx').on(t.createdAt)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** rk_live_ and 8 random characters: shown to tell keys apart, and the lookup of a presented key. */
    prefix: text().notNull(),
    /** HMAC-SHA-256 (keyed with the server secret) of the whole key, hex; the key itself is never stored. */
    keyHash: text().notNull(),
    /** orders:write, orders:read */
    scopes: text().array().notNull(),
    rateLimitPerMinute: integer().notNull().default(60),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: ts(),
    revokedAt: ts(),
  },
  (t) => [
    uniqueIndex('api_keys_prefix_key').on(t.prefix),
    index('api_keys_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

export const apiOrders = pgTable(
  'api_orders',
  {
    id: id(),
    organizationId: uuid()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The order's quote; null only between claiming the Idempotency-Key and storing the quote. */
    quoteId: uuid().references(() => quotes.id, { onDelete: 'set null' }),
    /** The client's Idempotency-Key (scoped to the organisation), or a random one when none was sent. */
    idempotencyKey: text().notNull(),
    /** SHA-256 of the request body as validated: the same key with another body is refused. */
    requestHash: text().notNull(),
    apiKeyId: uuid().references(() => apiKeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_orders_org_idempotency_key').on(t.organizationId, t.idempotencyKey),
    uniqueIndex('api_orders_quote_key').on(t.quoteId),
    index('api_orders_org_created_idx').on(t.organizationId, t.createdAt, t.id),
  ],
);
