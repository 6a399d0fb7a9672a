import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { AdminQuotesQuery } from '../../../domain/quotes/admin-quotes';
import { listTotal } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';
import { newestFirst, searchPrefix, tablePage } from '../../platform/db/keyset';
import { payments, quoteReports, quotes } from '../../platform/db/schema';
import type { ReadCache } from '../../platform/read-cache';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteInsert = typeof quotes.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type PaymentRow = typeof payments.$inferSelect;

/** What the submission of a quote checks and stores inside its transaction (the quotes service's rules). */
export interface SubmitSteps {
  /**
   * Before the quote is marked submitted, with its row locked: a priced quote's best succeeded
   * payment covering its amount (`paid`) or whether one succeeded for less (`short`); null for
   * a free quote. Throws to refuse the submission.
   */
  check(
    tx: Tx,
    quote: QuoteRow,
    payment: { paid: PaymentRow | undefined; short: boolean } | null,
  ): Promise<void>;
  /** After: stores the confirmation mail in the outbox, in the same transaction; its id. */
  stored(tx: Tx, submitted: QuoteRow): Promise<string>;
}

/** The quote request's own columns, as the form and the service set them. */
export type QuoteFields = Omit<
  QuoteInsert,
  | 'id'
  | 'reference'
  | 'confirmationCode'
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'submittedAt'
  | 'paymentIntentId'
  | 'paymentStatus'
  | 'reportStatus'
  | 'idempotencyKey'
  | 'contentKey'
>;

/** A quote of this order key made since `since` and not paid or submitted yet. */
function openWithContent(contentKey: string, since: Date) {
  return and(
    eq(quotes.contentKey, contentKey),
    gte(quotes.createdAt, since),
    ne(quotes.status, 'submitted'),
    ne(quotes.paymentStatus, 'succeeded'),
  );
}

/** Queries on the quotes (their files: uploads.repo.ts). */
export function createQuotesRepo(db: Db, cache: ReadCache) {
  // The public status call (polled by the thank-you page and the dashboards) reads these three:
  // built and named once, so neither Drizzle nor the database prepares them again per request.
  const quoteByReference = db
    .select()
    .from(quotes)
    .where(eq(quotes.reference, sql.placeholder('reference')))
    .limit(1)
    .prepare('quotes_by_reference');
  const chargedCents = db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.quoteId, sql.placeholder('quoteId')), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.updatedAt))
    .limit(1)
    .prepare('quotes_charged_cents');
  const reportVersionsByReference = db
    .select({ version: quoteReports.version, basis: quoteReports.basis, createdAt: quoteReports.createdAt })
    .from(quoteReports)
    .innerJoin(quotes, eq(quotes.id, quoteReports.quoteId))
    .where(eq(quotes.reference, sql.placeholder('reference')))
    .orderBy(asc(quoteReports.version))
    .prepare('quotes_report_versions_by_reference');
  // a quote's public status page polls: kept in memory until a quote, report or payment changes
  const statuses = cache.define<{
    versions: Awaited<ReturnType<typeof reportVersionsByReference.execute>>;
    quote: QuoteRow | undefined;
    chargedCents: number | null;
  }>('quotes.status', [quotes, quoteReports, payments]);

  return {
    async insertQuote(values: QuoteInsert): Promise<QuoteRow> {
      const [row] = await db.insert(quotes).values(values).returning();
      if (!row) throw new Error('quote insert returned nothing');
      return row;
    },

    async findById(id: string): Promise<QuoteRow | undefined> {
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
      return row;
    },

    async findByIdempotencyKey(key: string): Promise<QuoteRow | undefined> {
      const [row] = await db.select().from(quotes).where(eq(quotes.idempotencyKey, key)).limit(1);
      return row;
    },

    /**
     * The recent unpaid quote of an order key, or a new one: concurrent calls with the same key
     * end on one quote (they take turns on an advisory lock of the key).
     */
    async findOrInsertByContent(
      contentKey: string,
      since: Date,
      values: QuoteInsert,
    ): Promise<{ row: QuoteRow; found: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${contentKey}, 0))`);
        const [found] = await tx
          .select()
          .from(quotes)
          .where(openWithContent(contentKey, since))
          .orderBy(desc(quotes.createdAt))
          .limit(1);
        if (found) return { row: found, found: true };
        const [row] = await tx
          .insert(quotes)
          .values({ ...values, contentKey })
          .returning();
        if (!row) throw new Error('quote insert returned nothing');
        return { row, found: false };
      });
    },

    /**
     * The quotes of an order key made since `since`, submitted or not, newest first: the same
     * order placed again finds them (its paid one to answer, its unpaid one to pay).
     */
    async recentByContent(contentKey: string, since: Date, limit = 5): Promise<QuoteRow[]> {
      return db
        .select()
        .from(quotes)
        .where(and(eq(quotes.contentKey, contentKey), gte(quotes.createdAt, since)))
        .orderBy(desc(quotes.createdAt))
        .limit(limit);
    },

    /** New form data, code and price for a quote that is not submitted yet. */
    async updateOpenQuote(
      id: string,
      values: Partial<QuoteFields> & { contentKey?: string },
    ): Promise<QuoteRow | undefined> {
      const [row] = await db
        .update(quotes)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(quotes.id, id), ne(quotes.status, 'submitted')))
        .returning();
      return row;
    },

    async setPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
      await db
        .update(quotes)
        .set({ paymentIntentId, paymentStatus: 'requires_payment', updatedAt: new Date() })
        .where(and(eq(quotes.id, id), ne(quotes.status, 'submitted')));
    },

    async setPaymentStatus(
      id: string,
      status: 'processing' | 'failed' | 'free' | 'requires_payment',
    ): Promise<void> {
      await db
        .update(quotes)
        .set({ paymentStatus: status, updatedAt: new Date() })
        .where(and(eq(quotes.id, id), ne(quotes.status, 'submitted')));
    },

    /** Quotes with a succeeded payment that are not submitted (a crash between the two). */
    async paidButNotSubmitted(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: quotes.id })
        .from(quotes)
        .innerJoin(payments, eq(payments.quoteId, quotes.id))
        .where(and(ne(quotes.status, 'submitted'), eq(payments.status, 'succeeded')));
      return rows.map((r) => r.id);
    },

    /**
     * The admins' list, newest first: one keyset page after the cursor (issue 26 #1), searched by
     * the start of the reference or the requester's e-mail or last name, filtered by status.
     */
    async list(query: AdminQuotesQuery) {
      const where = and(
        query.status ? eq(quotes.status, query.status) : undefined,
        searchPrefix([quotes.reference, quotes.requesterEmail, quotes.requesterLastName], query.q),
      );
      const keyset = newestFirst(quotes.createdAt, quotes.id);
      const page = await tablePage(db, quotes, keyset, where, query.cursor, query.pageSize);
      return {
        rows: page.rows,
        nextCursor: page.nextCursor,
        ...(page.first
          ? await listTotal(db, query.status || query.q ? null : ['quotes.total'], quotes, where, keyset)
          : {}),
      };
    },

    /**
     * What a quote's status answers, by reference: its report versions read before the quote
     * (a version is recorded with its quote's 'ready' in one transaction, so a listed version is
     * never shown with the status of before it), the quote, and what the card was charged (its
     * latest succeeded payment; null when none).
     */
    async statusByReference(reference: string) {
      return statuses.get(reference, async () => {
        const versions = await reportVersionsByReference.execute({ reference });
        const [quote] = await quoteByReference.execute({ reference });
        const [charged] = quote ? await chargedCents.execute({ quoteId: quote.id }) : [];
        return { versions, quote, chargedCents: charged?.amountCents ?? null };
      });
    },

    /**
     * Submits a quote in one transaction, its row locked: a retried or concurrent call finds it
     * submitted (newlySubmitted false, no outbox id). Null when there is no such quote.
     */
    async submit(
      quoteId: string,
      steps: SubmitSteps,
    ): Promise<{ quote: QuoteRow; newlySubmitted: boolean; outboxId: string | null } | null> {
      return db.transaction(async (tx) => {
        const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update');
        if (!quote) return null;
        if (quote.status === 'submitted') return { quote, newlySubmitted: false, outboxId: null };

        let payment: { paid: PaymentRow | undefined; short: boolean } | null = null;
        // an order billed to an organisation's account is paid by its monthly statement
        const onAccount = quote.paymentStatus === 'account';
        if (quote.amountCents > 0 && !onAccount) {
          const [paid] = await tx
            .select()
            .from(payments)
            .where(
              and(
                eq(payments.quoteId, quote.id),
                eq(payments.status, 'succeeded'),
                gte(payments.amountCents, quote.amountCents),
              ),
            )
            .orderBy(desc(payments.updatedAt))
            .limit(1);
          let short = false;
          if (!paid) {
            const [any] = await tx
              .select({ id: payments.id })
              .from(payments)
              .where(and(eq(payments.quoteId, quote.id), eq(payments.status, 'succeeded')))
              .limit(1);
            short = any !== undefined;
          }
          payment = { paid, short };
        }
        await steps.check(tx, quote, payment);

        const now = new Date();
        const [submitted] = await tx
          .update(quotes)
          .set({
            status: 'submitted',
            submittedAt: now,
            paymentStatus: onAccount ? 'account' : quote.amountCents === 0 ? 'free' : 'succeeded',
            updatedAt: now,
          })
          .where(eq(quotes.id, quote.id))
          .returning();
        if (!submitted) throw new Error('quote update returned nothing');
        const outboxId = await steps.stored(tx, submitted);
        return { quote: submitted, newlySubmitted: true, outboxId };
      });
    },
  };
}

export type QuotesRepo = ReturnType<typeof createQuotesRepo>;
