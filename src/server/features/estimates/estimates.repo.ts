import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReportQueueQuery } from '../../../domain/estimates/report/schemas';
import type { Db } from '../../platform/db/index';
import { type Keyset, tablePage } from '../../platform/db/keyset';
import { quoteReports, quotes, reportQueueCondition, uploads, users } from '../../platform/db/schema';

const reportQueueWhere = reportQueueCondition(quotes);

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteReportRow = typeof quoteReports.$inferSelect;
export type ReportBasis = 'preliminary' | 'measured';
export type UploadRow = typeof uploads.$inferSelect;

/** The Drizzle queries of the report pipeline (quotes' report columns and report versions, sketch uploads, learning data). */
/** Told in the transaction that marks a report version ready, then once it committed (the organisations' webhooks). */
export interface ReportReadyHooks {
  onReportReady(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    report: { quoteId: string; version: number; basis: ReportBasis },
  ): Promise<void>;
  afterReportReady(quoteId: string): Promise<void>;
}

export function createEstimatesRepo(db: Db, hooks?: ReportReadyHooks) {
  return {
    async findQuote(id: string): Promise<QuoteRow | undefined> {
      const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
      return row;
    },

    async findQuoteByReference(reference: string): Promise<QuoteRow | undefined> {
      const [row] = await db.select().from(quotes).where(eq(quotes.reference, reference)).limit(1);
      return row;
    },

    async findUpload(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row;
    },

    /**
     * Starts an attempt of run `run`: undefined when the quote is gone or a newer run was queued
     * since (this job is stale and must change nothing).
     */
    async markProcessing(id: string, run: number): Promise<QuoteRow | undefined> {
      const [row] = await db
        .update(quotes)
        .set({
          reportStatus: 'processing',
          reportAttempts: sql`${quotes.reportAttempts} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(quotes.id, id), eq(quotes.reportRun, run)))
        .returning();
      return row;
    },

    /** The number the next report version of a quote gets (1 for the first). */
    async nextReportVersion(quoteId: string): Promise<number> {
      const [row] = await db
        .select({ max: sql<number | null>`max(${quoteReports.version})` })
        .from(quoteReports)
        .where(eq(quoteReports.quoteId, quoteId));
      return Number(row?.max ?? 0) + 1;
    },

    /** The versions of a quote's report, oldest first. */
    async reportVersions(quoteId: string): Promise<QuoteReportRow[]> {
      return db
        .select()
        .from(quoteReports)
        .where(eq(quoteReports.quoteId, quoteId))
        .orderBy(asc(quoteReports.version));
    },

    async reportVersion(quoteId: string, version: number): Promise<QuoteReportRow | undefined> {
      const [row] = await db
        .select()
        .from(quoteReports)
        .where(and(eq(quoteReports.quoteId, quoteId), eq(quoteReports.version, version)))
        .limit(1);
      return row;
    },

    async latestReportVersion(quoteId: string): Promise<QuoteReportRow | undefined> {
      const [row] = await db
        .select()
        .from(quoteReports)
        .where(eq(quoteReports.quoteId, quoteId))
        .orderBy(desc(quoteReports.version))
        .limit(1);
      return row;
    },

    /**
     * Ready, if `run` is still the quote's current run (false otherwise: nothing changed): in one
     * transaction the version is recorded and the quote points at it as its latest report.
     */
    async markReady(
      id: string,
      run: number,
      values: {
        version: number;
        basis: ReportBasis;
        storageKey: string;
        measurement: Record<string, unknown>;
        estimate: Record<string, unknown>;
        /** Why a measurement file was not priced (a preliminary report instead); kept for the admin queue. */
        note?: string | null;
      },
    ): Promise<boolean> {
      const now = new Date();
      const marked = await db.transaction(async (tx) => {
        const rows = await tx
          .update(quotes)
          .set({
            reportStatus: 'ready',
            reportStorageKey: values.storageKey,
            reportBasis: values.basis,
            reportReadyAt: now,
            reportError: values.note ?? null,
            // a preliminary report keeps no measurement on the quote: only an admin's figures or a file are measurements
            ...(values.basis === 'measured'
              ? { measurement: values.measurement, estimate: values.estimate }
              : { estimate: values.estimate }),
            updatedAt: now,
          })
          .where(and(eq(quotes.id, id), eq(quotes.reportRun, run)))
          .returning({ id: quotes.id });
        if (rows.length === 0) return false;
        await tx.insert(quoteReports).values({
          quoteId: id,
          version: values.version,
          basis: values.basis,
          storageKey: values.storageKey,
          measurement: values.measurement,
          estimate: values.estimate,
          createdAt: now,
        });
        await hooks?.onReportReady(tx, { quoteId: id, version: values.version, basis: values.basis });
        return true;
      });
      // the change is committed: its events go out (a failure here leaves them for the start-up sweep)
      if (marked) await hooks?.afterReportReady(id).catch(() => undefined);
      return marked;
    },

    /**
     * Failed, if `run` is still the quote's current run (and, with `onlyIfProcessing`, still in
     * progress); false when nothing changed.
     */
    async markFailed(
      id: string,
      run: number,
      reason: string,
      opts: { onlyIfProcessing?: boolean } = {},
    ): Promise<boolean> {
      const rows = await db
        .update(quotes)
        .set({ reportStatus: 'failed', reportError: reason, updatedAt: new Date() })
        .where(
          and(
            eq(quotes.id, id),
            eq(quotes.reportRun, run),
            opts.onlyIfProcessing ? eq(quotes.reportStatus, 'processing') : undefined,
          ),
        )
        .returning({ id: quotes.id });
      return rows.length > 0;
    },

    /** Queues a new run of the report: answers its number, which the job carries. */
    async markQueued(id: string): Promise<number> {
      const [row] = await db
        .update(quotes)
        .set({
          reportStatus: 'queued',
          reportError: null,
          reportRun: sql`${quotes.reportRun} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(quotes.id, id))
        .returning({ run: quotes.reportRun });
      if (!row) throw new Error(`quote ${id} not found`);
      return row.run;
    },

    /** Admin typed area and pitch: the measurement replaces any file for this quote's report. */
    async saveManualMeasurement(id: string, measurement: Record<string, unknown>): Promise<void> {
      await db
        .update(quotes)
        .set({ measurement, reportStatus: 'queued', reportError: null, updatedAt: new Date() })
        .where(eq(quotes.id, id));
    },

    /**
     * Submitted quotes that wait for an admin (no measurements, a report that failed, or a
     * preliminary report mailed): oldest first, one keyset page after the cursor; a partial index
     * holds exactly these rows (issue 26 #1).
     */
    async listQueue(query: ReportQueueQuery): Promise<{ rows: QuoteRow[]; nextCursor: string | null }> {
      const keyset: Keyset = {
        name: 'waiting.asc',
        key: sql`coalesce(${quotes.submittedAt}, ${quotes.createdAt})`,
        id: quotes.id,
        kinds: ['moment', 'uuid'],
        order: 'asc',
      };
      const { rows, nextCursor } = await tablePage(
        db,
        quotes,
        keyset,
        reportQueueWhere,
        query.cursor,
        query.limit,
      );
      return { rows, nextCursor };
    },

    /** Verified accounts of the quote's people, who may follow its report live. */
    async recipientUserIds(quote: QuoteRow): Promise<string[]> {
      const emails = [quote.requesterEmail, quote.homeownerEmail]
        .filter((e): e is string => typeof e === 'string' && e.trim() !== '')
        .map((e) => e.trim().toLowerCase());
      const ids = new Set<string>();
      if (quote.homeownerUserId) ids.add(quote.homeownerUserId);
      if (emails.length > 0) {
        const rows = await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(sql`lower(${users.email})`, emails), eq(users.isVerified, true)));
        for (const r of rows) ids.add(r.id);
      }
      return [...ids];
    },
  };
}

export type EstimatesRepo = ReturnType<typeof createEstimatesRepo>;
