/** Rate-limit counters shared by every process on one PostgreSQL (rate-limit-store.ts). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './db/columns';

export const rateLimitHits = pgTable('rate_limit_hits', {
  /** The route's or policy's namespace and the limited key (an IP, an e-mail...). */
  key: text().primaryKey(),
  count: integer().notNull(),
  /** The end of the fixed window; a hit after it starts a new window. */
  expiresAt: ts().notNull(),
});
