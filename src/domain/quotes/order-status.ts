import { formatCents } from '../payments/money';
import type { QuoteStatusResponse, ReportBasis, ReportStatus } from './quote-calls';
import { reportStatusTexts, thankYouTexts } from './thank-you';

/**
 * /thank-you of a real order (with a `project_id`; the page without one is thank-you.ts's): the
 * server's state wins over the URL, what the page shows comes from GET
 * /api/quotes/{reference}/status only. These turn that answer into the page.
 */
export const orderTexts = {
  notFoundTitle: 'Order not found',
  notFound: (reference: string) =>
    `We cannot find an order with the Project ID ${reference}. Check the link in your confirmation email, or contact us and we will look it up.`,
  unavailable: 'We cannot check the state of your order right now. We will try again in a moment.',
  checking: 'Checking your order...',
  notSubmitted: 'Not submitted yet',
  ready: 'Ready',
  delayed: 'Delayed',
  processing: 'Processing',
  expectedBy: (when: string) => `Your report is expected by ${when}.`,
  deliveredAt: (when: string) => `Your report was delivered ${when}.`,
  mailed: 'Your report was sent to the email address of the order. Open it from that email.',
  measuredFollows:
    'This first report is preliminary: it was priced without a measurement of your roof. The measured report follows as a new version once your roof is measured; this one stays valid.',
  failed:
    'We hit a problem generating your report. Our team has been notified and will email it to you within 24 hours.',
} as const;

export const reportBasisTexts: Record<ReportBasis, string> = {
  preliminary: 'Preliminary \u2014 not measured',
  measured: 'Measured',
};

/** The submission type of the order itself ('VIP Free Submission', ...); null before it was submitted. */
export function orderSubmissionTypeText(
  status: Pick<QuoteStatusResponse, 'submissionType' | 'discountCode'>,
): string | null {
  switch (status.submissionType) {
    case 'vip':
      return thankYouTexts.vip;
    case 'discount':
      return status.discountCode ? thankYouTexts.discounted(status.discountCode) : 'Discounted Submission';
    case 'paid':
      return thankYouTexts.premium;
    default:
      return null;
  }
}

/** The payment line of the order: 'No payment required', 'Payment Confirmed' with what the card was charged, or nothing. */
export function orderPayment(
  status: Pick<QuoteStatusResponse, 'submissionType' | 'amountPaidCents'>,
): { kind: 'none' } | { kind: 'paid'; amount: string } | null {
  if (status.submissionType === 'vip' || status.submissionType === 'discount') return { kind: 'none' };
  if (status.submissionType === 'paid' && status.amountPaidCents !== null && status.amountPaidCents > 0)
    return { kind: 'paid', amount: formatCents(status.amountPaidCents) };
  return null;
}

export type StepState = 'done' | 'current' | 'failed' | 'todo';

/**
 * The four steps of the page from the real report state: no timers, no simulated progress.
 * A mailed report (even a preliminary one still waiting for the measured version) completes them.
 */
export function orderSteps(
  status: Pick<QuoteStatusResponse, 'reportStatus' | 'submittedAt' | 'reports'>,
): StepState[] {
  if (status.reportStatus === 'ready' || status.reports.length > 0) return ['done', 'done', 'done', 'done'];
  if (status.submittedAt === null) return ['current', 'todo', 'todo', 'todo'];
  switch (status.reportStatus) {
    case 'failed':
      return ['done', 'done', 'failed', 'todo'];
    case 'queued':
    case 'processing':
      return ['done', 'done', 'current', 'todo'];
    default:
      // not_started, awaiting_measurements: the order is in, its analysis (or measurement) is under way
      return ['done', 'current', 'todo', 'todo'];
  }
}

/** Ready once a report was mailed (a preliminary one counts: the customer has a report in hand). */
export function isOrderReady(status: Pick<QuoteStatusResponse, 'reportStatus' | 'reports'>): boolean {
  return status.reportStatus === 'ready' || status.reports.length > 0;
}

/** The badge of the order: 'Ready' (green), 'Delayed', 'Not submitted yet' or 'Processing'. */
export function orderBadge(status: Pick<QuoteStatusResponse, 'reportStatus' | 'reports' | 'submittedAt'>): {
  text: string;
  tone: 'success' | 'destructive' | 'warning';
} {
  if (isOrderReady(status)) return { text: orderTexts.ready, tone: 'success' };
  if (status.submittedAt === null) return { text: orderTexts.notSubmitted, tone: 'warning' };
  if (status.reportStatus === 'failed') return { text: orderTexts.delayed, tone: 'destructive' };
  return { text: orderTexts.processing, tone: 'warning' };
}

export interface OrderReportLine {
  version: number;
  basis: string;
  createdAt: string;
  downloadUrl: string | null;
}

/** The mailed versions, newest first, with the basis said in words. */
export function orderReportLines(status: Pick<QuoteStatusResponse, 'reports'>): OrderReportLine[] {
  return [...status.reports]
    .sort((a, b) => b.version - a.version)
    .map((r) => ({
      version: r.version,
      basis: reportBasisTexts[r.basis],
      createdAt: r.createdAt,
      downloadUrl: r.downloadUrl,
    }));
}

/** The latest mailed report (the one the Download report button fetches), or null. */
export function latestReport(status: Pick<QuoteStatusResponse, 'reports'>) {
  return status.reports.reduce<QuoteStatusResponse['reports'][number] | null>(
    (latest, r) => (latest === null || r.version > latest.version ? r : latest),
    null,
  );
}

export const ORDER_POLL_MS = 4_000;
/** While a preliminary report is in hand and the measured one waits for an admin: ask seldom. */
export const ORDER_SLOW_POLL_MS = 60_000;

/**
 * How often the page asks the server again: every few seconds until a report is in hand, seldom
 * while the measured version of a preliminary report is awaited, never once ready or failed.
 */
export function orderPollInterval(
  status: Pick<QuoteStatusResponse, 'reportStatus' | 'reports'> | undefined,
): number | false {
  if (!status) return ORDER_POLL_MS;
  if (status.reportStatus === 'ready' || status.reportStatus === 'failed') return false;
  return status.reports.length > 0 ? ORDER_SLOW_POLL_MS : ORDER_POLL_MS;
}

/**
 * The one delivery promise of the order, a sentence: delivered at the latest report's time when
 * there is one, else expected by the server's `expectedBy` (counted from the submission, not from
 * this visit); null when the server has no promise (not submitted, or failed).
 */
export function orderDeliveryText(
  status: Pick<QuoteStatusResponse, 'reportStatus' | 'expectedBy' | 'reports'>,
  format: (iso: string) => string,
): string | null {
  const latest = latestReport(status);
  if (latest) return orderTexts.deliveredAt(format(latest.createdAt));
  if (status.reportStatus === 'failed') return orderTexts.failed;
  if (status.expectedBy) return orderTexts.expectedBy(format(status.expectedBy));
  return null;
}

/** The status line of an order once a preliminary report is in the customer's hands. */
export const preliminaryStatusTexts = {
  delivered: { label: 'Preliminary report delivered', detail: orderTexts.measuredFollows },
  measuring: {
    label: 'Making your measured report',
    detail:
      'Your roof was measured: the measured report follows shortly as a new version. Your preliminary report stays valid.',
  },
  delayed: {
    label: 'Measured report delayed',
    detail:
      'Your preliminary report stays valid. We hit a problem making the measured one; our team has been notified and will email it to you within 24 hours.',
  },
} as const;

/**
 * The order's status in words, from its report status and the basis of the latest report the
 * customer holds: the thank-you page shows it, and the admin report queue shows it as what the
 * customer was told, so both tell the same truth. Without a report in hand, the spec's status texts.
 */
export function orderStatusText(
  reportStatus: ReportStatus,
  latestBasis: ReportBasis | null,
): { label: string; detail: string } {
  if (latestBasis === 'preliminary') {
    if (reportStatus === 'queued' || reportStatus === 'processing') return preliminaryStatusTexts.measuring;
    if (reportStatus === 'failed') return preliminaryStatusTexts.delayed;
    return preliminaryStatusTexts.delivered;
  }
  if (latestBasis === 'measured' && reportStatus !== 'queued' && reportStatus !== 'processing')
    return reportStatusTexts.ready;
  return reportStatusTexts[reportStatus];
}
