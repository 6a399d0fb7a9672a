import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counts kept exact by the database (issue 26 #2; decision 009), for the admin dashboard's figures
 * and the lists' totals: a statement-level trigger on each counted table appends what a statement
 * changed to `admin_counter_deltas` (insert only: concurrent writers never wait for each other),
 * the `admin.counters-fold` job moves the deltas into `admin_counters` every minute, and a reader
 * adds the two (./counters.ts). The triggers and the keys each row counts for are SQL, in
 * migration 0032. Platform infrastructure like the table-change triggers: no feature writes them.
 */
export const adminCounters = pgTable('admin_counters', {
  key: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
});

export const adminCounterDeltas = pgTable('admin_counter_deltas', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  key: text().notNull(),
  n: bigint({ mode: 'number' }).notNull(),
});
