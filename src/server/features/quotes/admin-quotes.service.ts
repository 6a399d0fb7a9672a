import type { AdminQuote, AdminQuoteList, AdminQuotesQuery } from '../../../domain/quotes/admin-quotes';
import { adminCounterDeltas, adminCounters, quotes } from '../../platform/db/schema';
import { cachedByQuery, type ReadCache } from '../../platform/read-cache';
import type { QuoteRow, QuotesRepo } from './quotes.repo';

function toAdminQuote(row: QuoteRow): AdminQuote {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    paymentStatus: row.paymentStatus,
    reportStatus: row.reportStatus,
    amountCents: row.amountCents,
    basePriceCents: row.basePriceCents,
    discountCode: row.discountCode,
    discountCents: row.discountCents,
    isVipSubmission: row.isVipSubmission,
    paymentIntentId: row.paymentIntentId,
    requester: {
      firstName: row.requesterFirstName,
      lastName: row.requesterLastName,
      email: row.requesterEmail,
    },
    homeowner: { firstName: row.homeownerFirstName, lastName: row.homeownerLastName },
    address: { city: row.city, state: row.state, zipCode: row.zipCode },
    measurementFileSource: row.measurementFileSource,
    sketchFileName: row.sketchFileName,
    createdAt: row.createdAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
  };
}

/** The admins' list of every order. */
export function createAdminQuotesService(deps: { repo: QuotesRepo; readCache: ReadCache }) {
  const { repo } = deps;
  // the admins' list: its pages kept until a quote changes (decision 005)
  const listPage = cachedByQuery(
    deps.readCache.define<Awaited<ReturnType<typeof repo.list>>>('quotes.adminList', [
      quotes,
      adminCounters,
      adminCounterDeltas,
    ]),
    repo.list,
  );
  return {
    async listForAdmin(query: AdminQuotesQuery): Promise<AdminQuoteList> {
      const { rows, ...page } = await listPage(query);
      return { items: rows.map(toAdminQuote), ...page, pageSize: query.pageSize };
    },
  };
}

export type AdminQuotesService = ReturnType<typeof createAdminQuotesService>;
