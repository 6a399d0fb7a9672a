import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { quoteReports, quotes } from '../../platform/db/schema';
import type { QuoteRow } from './quotes.repo';

/** The queries of GET /api/quotes/mine. */
export function createMyQuotesRepo(db: Db) {
  return {
    /**
     * Quotes ordered with this e-mail as requester or homeowner, newest first: submitted ones, and
     * paid ones a moment before their submission completes (not abandoned checkouts or drafts).
     * Stored addresses keep the case they were typed in, so both sides are compared lowered.
     */
    async quotesOrderedWith(email: string, limit: number): Promise<QuoteRow[]> {
      const normalized = email.trim().toLowerCase();
      return db
        .select()
        .from(quotes)
        .where(
          and(
            or(
              eq(sql`lower(trim(${quotes.requesterEmail}))`, normalized),
              eq(sql`lower(trim(${quotes.homeownerEmail}))`, normalized),
            ),
            or(eq(quotes.status, 'submitted'), eq(quotes.paymentStatus, 'succeeded')),
            ne(quotes.status, 'cancelled'),
          ),
        )
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(limit);
    },

    /** The mailed report versions of these quotes, oldest first. */
    async reportVersionsOf(quoteIds: readonly string[]) {
      if (quoteIds.length === 0) return [];
      return db
        .select({
          quoteId: quoteReports.quoteId,
          version: quoteReports.version,
          basis: quoteReports.basis,
          createdAt: quoteReports.createdAt,
        })
        .from(quoteReports)
        .where(inArray(quoteReports.quoteId, [...quoteIds]))
        .orderBy(asc(quoteReports.quoteId), asc(quoteReports.version));
    },
  };
}

export type MyQuotesRepo = ReturnType<typeof createMyQuotesRepo>;
