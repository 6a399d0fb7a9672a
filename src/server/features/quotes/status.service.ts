import {
  type QuoteStatusResponse,
  type ReportVersion,
  submissionMessages,
} from '../../../domain/quotes/quote-calls';
import type { Config } from '../../platform/config';
import { NotFoundError } from '../../platform/errors';
import { reportDownloadLink } from '../estimates';
import type { QuoteRow, QuotesRepo } from './quotes.repo';

/** Who asks for a quote's status: the references of the browser's order cookie, the signed-in user. */
export interface StatusViewer {
  orderedReferences?: readonly string[];
  user?: { id: string; email: string; isVerified: boolean; userType: string } | null;
}

/** The one delivery promise of a report, counted from submission (the spec's "within 5-10 minutes"). */
export const REPORT_PROMISE_MS = 10 * 60_000;

/** Who may have the order's report links: its browser, its person (a confirmed e-mail of the order), admins. */
export function isOwnOrder(quote: QuoteRow, viewer: StatusViewer): boolean {
  if (viewer.orderedReferences?.includes(quote.reference)) return true;
  const user = viewer.user;
  if (!user) return false;
  if (user.userType === 'admin') return true;
  if (quote.homeownerUserId && quote.homeownerUserId === user.id) return true;
  if (!user.isVerified) return false;
  const email = user.email.trim().toLowerCase();
  return [quote.requesterEmail, quote.homeownerEmail].some((e) => e?.trim().toLowerCase() === email);
}

/** A quote's mailed versions as answered: each with its signed download link for the order's own people, else null. */
export function reportVersionAnswers(
  secret: string,
  reference: string,
  versions: readonly { version: number; basis: string | null; createdAt: Date }[],
  own: boolean,
): ReportVersion[] {
  return versions.map((r) => ({
    version: r.version,
    basis: r.basis === 'preliminary' ? ('preliminary' as const) : ('measured' as const),
    createdAt: r.createdAt.toISOString(),
    downloadUrl: own ? reportDownloadLink({ secret, baseUrl: '', reference, version: r.version }).url : null,
  }));
}

/** VIP code, a discount that made it free, or a card payment. */
function submissionTypeOf(quote: QuoteRow): 'vip' | 'discount' | 'paid' {
  if (quote.isVipSubmission) return 'vip';
  if (quote.amountCents === 0) return 'discount';
  return 'paid';
}

/** An order's public progress by its reference (the thank-you page and the order-status page). */
export function createQuoteStatusService(deps: { repo: QuotesRepo; config: Config }) {
  const { repo, config } = deps;
  return {
    /**
     * Public progress of a quote by its reference: no personal data. The order's own figures
     * (submission type, amount charged, the one delivery promise) and its report versions; the
     * signed download links (and the code used) only for the order's own browser (its order
     * cookie) or person (a confirmed account with the requester's or homeowner's e-mail), or an admin.
     */
    async status(rawReference: string, viewer: StatusViewer = {}): Promise<QuoteStatusResponse> {
      const reference = rawReference.trim().toUpperCase();
      if (!/^RL-[A-Z0-9]{8}$/.test(reference)) throw new NotFoundError(submissionMessages.quoteNotFound);
      const { versions, quote, chargedCents } = await repo.statusByReference(reference);
      if (!quote) throw new NotFoundError(submissionMessages.quoteNotFound);
      const own = isOwnOrder(quote, viewer);
      const submitted = quote.status === 'submitted' && quote.submittedAt !== null;
      return {
        reference: quote.reference,
        status: quote.status,
        reportStatus: quote.reportStatus,
        submittedAt: quote.submittedAt?.toISOString() ?? null,
        orderedAt: quote.createdAt.toISOString(),
        submissionType: submitted ? submissionTypeOf(quote) : null,
        discountCode: own ? quote.discountCode : null,
        amountPaidCents: chargedCents,
        expectedBy:
          submitted && quote.submittedAt
            ? new Date(quote.submittedAt.getTime() + REPORT_PROMISE_MS).toISOString()
            : null,
        reports: reportVersionAnswers(config.sessionSecret, quote.reference, versions, own),
      };
    },
  };
}

export type QuoteStatusService = ReturnType<typeof createQuoteStatusService>;
