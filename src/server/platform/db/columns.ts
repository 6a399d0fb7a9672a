/** Column helpers every schema file shares: timestamptz moments and random uuid keys. */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

export const ts = (name?: string) =>
  name ? timestamp(name, { withTimezone: true }) : timestamp({ withTimezone: true });
export const createdAt = () => ts().notNull().defaultNow();
export const updatedAt = () => ts().notNull().defaultNow();
export const id = () => uuid().primaryKey().defaultRandom();
