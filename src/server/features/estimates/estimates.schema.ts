/** The mailed versions of a quote's Fair Market Value report, written by the report pipeline. */
import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/db/columns';
import { quotes } from '../quotes/quotes.schema';

/**
 * Every mailed version of a quote's report, oldest first: the preliminary one of an order without
 * measurements stays valid and downloadable after the measured one. quotes.report_storage_key
 * points at the latest (old links without a version serve it).
 */
export const quoteReports = pgTable(
  'quote_reports',
  {
    id: id(),
    quoteId: uuid()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** 'preliminary' or 'measured' */
    basis: text().notNull(),
    storageKey: text().notNull(),
    measurement: jsonb().$type<Record<string, unknown>>().notNull(),
    estimate: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quote_reports_quote_version_key').on(t.quoteId, t.version)],
);
