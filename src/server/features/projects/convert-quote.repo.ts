import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { quotes } from '../../platform/db/schema';

export type QuoteRow = typeof quotes.$inferSelect;

export function createConvertQuoteRepo(db: Db) {
  return {
    async findQuote(by: { id: string } | { reference: string }): Promise<QuoteRow | undefined> {
      const [row] = await db
        .select()
        .from(quotes)
        .where('id' in by ? eq(quotes.id, by.id) : sql`upper(${quotes.reference}) = ${by.reference}`)
        .limit(1);
      return row;
    },
  };
}
