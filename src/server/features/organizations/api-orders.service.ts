import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiEstimate, ApiOrder } from '../../../domain/organizations/organizations';
import { organizationMessages } from '../../../domain/organizations/organizations';
import type { QuoteData } from '../../../domain/quotes/quote-form';
import type { Db } from '../../platform/db/index';
import { quoteReports, quotes } from '../../platform/db/schema';
import { AppError, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AccountOrdersService } from '../quotes';
import { apiOrders } from './organizations.schema';
import type { ApiCaller } from './organizations.service';

type QuoteRow = typeof quotes.$inferSelect;

export interface MeasurementUpload {
  fileName: string;
  bytes: Buffer;
}

/** An order as the API shows it; `report` is its latest version (basis read with it, never from an older read of the quote). */
function orderOut(q: QuoteRow, report: { version: number; basis: string } | undefined): ApiOrder {
  const version = report?.version ?? null;
  return {
    id: q.reference,
    status: report ? 'report_ready' : q.reportStatus === 'failed' ? 'failed' : 'processing',
    reportStatus: q.reportStatus,
    reportVersion: version,
    reportBasis: report ? (report.basis === 'measured' ? 'measured' : 'preliminary') : null,
    amountCents: q.amountCents,
    billing: 'account',
    property: { streetAddress: q.streetAddress, city: q.city, state: q.state, zipCode: q.zipCode },
    orderedAt: (q.submittedAt ?? q.createdAt).toISOString(),
    reportReadyAt: q.reportReadyAt?.toISOString() ?? null,
  };
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { at: date, id };
}

/**
 * The orders of organisations through /api/v1: placed once per Idempotency-Key (scoped to the
 * organisation), billed to the account by the quotes feature's submission, read back only by the
 * organisation that placed them (any other order is "not found").
 */
export function createApiOrdersService(deps: { db: Db; storage: FileStorage; orders: AccountOrdersService }) {
  const { db, storage, orders } = deps;

  async function latestReport(quoteId: string) {
    const [row] = await db
      .select()
      .from(quoteReports)
      .where(eq(quoteReports.quoteId, quoteId))
      .orderBy(desc(quoteReports.version))
      .limit(1);
    return row;
  }

  /** The organisation's order of a reference, or 404. */
  async function ownQuote(caller: Pick<ApiCaller, 'organizationId'>, reference: string): Promise<QuoteRow> {
    const [row] = await db
      .select({ quote: quotes })
      .from(apiOrders)
      .innerJoin(quotes, eq(quotes.id, apiOrders.quoteId))
      .where(and(eq(apiOrders.organizationId, caller.organizationId), eq(quotes.reference, reference)))
      .limit(1);
    if (!row) throw new NotFoundError(organizationMessages.orderNotFound);
    return row.quote;
  }

  async function view(q: QuoteRow): Promise<ApiOrder> {
    return orderOut(q, await latestReport(q.id));
  }

  return {
    /**
     * Places an order. `prepare` turns the request into the order's data (storing its measurement
     * file): it runs only when the key has no order yet. `bodyHash` names the request: the same
     * key with another body is refused (422).
     */
    async place(
      caller: ApiCaller,
      idempotencyKey: string | undefined,
      bodyHash: string,
      prepare: () => Promise<QuoteData>,
    ): Promise<{ order: ApiOrder; created: boolean }> {
      const key = idempotencyKey ?? `auto_${randomUUID()}`;
      const [claimed] = await db
        .insert(apiOrders)
        .values({
          organizationId: caller.organizationId,
          idempotencyKey: key,
          requestHash: bodyHash,
          apiKeyId: caller.apiKeyId,
        })
        .onConflictDoNothing()
        .returning();
      const claim =
        claimed ??
        (
          await db
            .select()
            .from(apiOrders)
            .where(
              and(eq(apiOrders.organizationId, caller.organizationId), eq(apiOrders.idempotencyKey, key)),
            )
        )[0];
      if (!claim) throw new Error('idempotency claim vanished');
      if (claim.requestHash !== bodyHash) throw new AppError(422, organizationMessages.idempotencyReused);
      if (claim.quoteId) {
        const [q] = await db.select().from(quotes).where(eq(quotes.id, claim.quoteId));
        if (q) return { order: await view(q), created: false };
      }
      let quote: QuoteRow;
      try {
        quote = await orders.place(`${caller.organizationId}_${key}`, await prepare());
      } catch (err) {
        // a refused order leaves its key free for a corrected request
        if (claimed) {
          await db.delete(apiOrders).where(and(eq(apiOrders.id, claimed.id), isNull(apiOrders.quoteId)));
        }
        throw err;
      }
      await db
        .update(apiOrders)
        .set({ quoteId: quote.id })
        .where(and(eq(apiOrders.id, claim.id), isNull(apiOrders.quoteId)));
      // read again: the submission queued the report after it returned the row
      const [fresh] = await db.select().from(quotes).where(eq(quotes.id, quote.id));
      return { order: await view(fresh ?? quote), created: claimed !== undefined };
    },

    /** The quote id of the organisation's order (404 for any other). */
    async quoteIdOf(caller: ApiCaller, reference: string): Promise<string> {
      return (await ownQuote(caller, reference)).id;
    },

    async get(caller: ApiCaller, reference: string): Promise<ApiOrder> {
      return view(await ownQuote(caller, reference));
    },

    /** The organisation's orders, newest first, `limit` a page; the cursor continues after the last one. */
    async list(caller: ApiCaller, limit: number, cursor?: string) {
      const after = cursor ? decodeCursor(cursor) : null;
      if (cursor && !after)
        throw new AppError(400, 'The cursor is not valid: use nextCursor of a previous page.');
      const rows = await db
        .select({ quote: quotes, at: apiOrders.createdAt, id: apiOrders.id })
        .from(apiOrders)
        .innerJoin(quotes, eq(quotes.id, apiOrders.quoteId))
        .where(
          and(
            eq(apiOrders.organizationId, caller.organizationId),
            after
              ? or(
                  lt(apiOrders.createdAt, after.at),
                  and(eq(apiOrders.createdAt, after.at), lt(apiOrders.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(apiOrders.createdAt), desc(apiOrders.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: await Promise.all(page.map((r) => view(r.quote))),
        nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
      };
    },

    /** The estimate of the latest report: the very figures its PDF was made from (quote_reports). */
    async estimate(caller: ApiCaller, reference: string): Promise<ApiEstimate> {
      const q = await ownQuote(caller, reference);
      const report = await latestReport(q.id);
      if (!report) throw new AppError(409, organizationMessages.reportNotReady);
      const e = report.estimate as unknown as EstimateFigures;
      return {
        orderId: q.reference,
        reportVersion: report.version,
        basis: report.basis === 'measured' ? 'measured' : 'preliminary',
        modelVersion: e.modelVersion,
        currency: 'USD',
        lineItems: e.lineItems,
        workCents: e.overheadAndProfitBaseCents ?? e.subtotalCents,
        subtotalCents: e.subtotalCents,
        overheadAndProfitCents: e.overheadAndProfitCents,
        overheadAndProfitRate: e.overheadAndProfitRate,
        salesTax: {
          state: e.salesTax.state,
          ratePercent: e.salesTax.ratePercent,
          included: e.salesTax.included,
          cents: e.salesTax.cents,
        },
        totalCents: e.totalCents,
        range: e.range,
        rangeCoverage: e.rangeCoverage,
        warnings: e.warnings,
        generatedAt: report.createdAt.toISOString(),
      };
    },

    /** The latest report's PDF (the same version as the estimate above). */
    async reportPdf(caller: ApiCaller, reference: string): Promise<{ filename: string; bytes: Buffer }> {
      const q = await ownQuote(caller, reference);
      const report = await latestReport(q.id);
      if (!report || !(await storage.exists(report.storageKey))) {
        throw new AppError(409, organizationMessages.reportNotReady);
      }
      return {
        filename: `${q.reference}-v${report.version}.pdf`,
        bytes: await storage.get(report.storageKey),
      };
    },
  };
}

type EstimateFigures = Omit<
  ApiEstimate,
  'orderId' | 'reportVersion' | 'basis' | 'currency' | 'generatedAt' | 'workCents'
> & { overheadAndProfitBaseCents?: number };

export type ApiOrdersService = ReturnType<typeof createApiOrdersService>;
