/** Accounts and sign-in: written by the auth feature (sessions by the platform's session store). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userTypes } from '../../../domain/auth/schemas';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';

export const userType = pgEnum('user_type', userTypes);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    city: text(),
    state: text(),
    profileImageUrl: text(),
    userType: userType().notNull().default('homeowner'),
    isVerified: boolean().notNull().default(false),
    emailVerifiedAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    // the admins' lists at size (issue 26): keyset pages and case-insensitive prefix search
    index('users_created_id_idx').on(t.createdAt, t.id),
    index('users_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_first_name_search_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('users_last_name_search_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a stolen database does not yield live cookies. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts().notNull(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    /** What the link applies once followed, e.g. the password hash and names of an account claim. */
    data: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_key').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    email: text().notNull(),
    ip: text(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.createdAt)],
);
