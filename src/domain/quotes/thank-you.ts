import { formatDollarsText } from '../payments/money';
import { REFERENCE_PATTERN, type ReportStatus } from './quote-calls';

/**
 * The submission success page (/thank-you) of both spec documents: what it reads from the
 * query, the texts it picks, and the cosmetic progress rules of spec 1, section 9.
 */

export interface ThankYouParams {
  vip: boolean;
  /** Present only when the discount made the submission free. */
  discount: string | null;
  /** Dollars charged on the card, formatted ("$405.00"), when a card was charged. */
  amount: string | null;
  projectId: string | null;
}

export function parseThankYouParams(search: string): ThankYouParams {
  const q = new URLSearchParams(search);
  const vip = (q.get('vip') ?? '').toLowerCase();
  const discount = (q.get('discount') ?? '').trim().slice(0, 40);
  const projectId = (q.get('project_id') ?? '').trim().slice(0, 64);
  return {
    vip: vip === 'true' || vip === '1',
    discount: discount === '' ? null : discount,
    amount: formatDollarsText(q.get('amount')),
    projectId: projectId === '' ? null : projectId,
  };
}

/** The query string the order sends to /thank-you. */
export function thankYouSearch(input: {
  projectId: string;
  vip: boolean;
  /** Only when the discount made the submission free. */
  freeDiscountCode?: string | null;
  /** Dollars ("405.00"), only when a card was charged. */
  amountDollars?: string | null;
}): string {
  const q = new URLSearchParams();
  q.set('project_id', input.projectId);
  q.set('vip', input.vip ? 'true' : 'false');
  if (input.freeDiscountCode) q.set('discount', input.freeDiscountCode);
  if (input.amountDollars) q.set('amount', input.amountDollars);
  return q.toString();
}

export const thankYouTexts = {
  heading: 'Thank You for Your Submission!',
  status: 'Processing',
  vip: 'VIP Free Submission',
  discounted: (discount: string) => `Discounted Submission (${discount})`,
  premium: 'Premium AI Estimate',
  noPayment: 'No payment required',
  paymentConfirmed: 'Payment Confirmed',
  totalDelivery: '5-10 minutes',
  generation: '2-5 minutes',
  within24Hours: 'You will receive your estimate within 24 hours at the latest.',
} as const;

export function submissionTypeText(p: Pick<ThankYouParams, 'vip' | 'discount'>): string {
  if (p.vip) return thankYouTexts.vip;
  if (p.discount) return thankYouTexts.discounted(p.discount);
  return thankYouTexts.premium;
}

/** 'none' for VIP or discount ("No payment required"), 'paid' when an amount is present, else null. */
export function paymentLine(p: ThankYouParams): 'none' | 'paid' | null {
  if (p.vip || p.discount) return 'none';
  if (p.amount) return 'paid';
  return null;
}

/** A display ID when the page was opened without one: QUOTE_ and a random part. */
export function generatedQuoteId(random: () => number = Math.random, now = Date.now()): string {
  const part = Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return `QUOTE_${now.toString(36).toUpperCase()}${part}`;
}

export function isQuoteReference(id: string | null | undefined): id is string {
  return !!id && REFERENCE_PATTERN.test(id);
}

export const thankYouSteps = [
  {
    title: 'Quote Received',
    text: 'Your property details and measurements are safely stored with your Project ID.',
  },
  {
    title: 'AI Analysis',
    text: 'Our pricing model compares your roof against current local material and labor prices.',
  },
  {
    title: 'Report Generation',
    text: 'Your Fair Market Value report is generated as a PDF in 2-5 minutes.',
  },
  {
    title: 'Email Delivery',
    text: 'The report is emailed to you, usually 5-10 minutes after you submit.',
  },
] as const;

/** The same four steps for a real order, without durations: its one promise is `expectedBy`. */
export const orderStepTexts = [
  thankYouSteps[0].text,
  thankYouSteps[1].text,
  'Your Fair Market Value report is generated as a PDF.',
  'The report is emailed to you and can be downloaded from this page.',
] as const;

/** Cosmetic progress: starts at 25, rises 5-20 every 3 s, never above 90. */
export const PROGRESS_START = 25;
export const PROGRESS_CAP = 90;
export const PROGRESS_TICK_MS = 3_000;
export const STEP_TICK_MS = 45_000;
export const STEP_MAX = 3;
/** The expected delivery time shown is this far after the page opened. */
export const DELIVERY_OFFSET_MS = 7 * 60_000;

/** The next progress value; `random` in [0, 1) picks the step of 5 to 20. */
export function nextProgress(current: number, random: number): number {
  const step = 5 + Math.floor(random * 16);
  return Math.min(PROGRESS_CAP, current + step);
}

/** The step counter: starts at 1, advances every 45 s, at most 3. */
export function nextStep(current: number): number {
  return Math.min(STEP_MAX, current + 1);
}

export const reportStatusTexts: Record<ReportStatus, { label: string; detail: string }> = {
  not_started: {
    label: 'Getting started',
    detail: 'Your request is in line for its report.',
  },
  awaiting_measurements: {
    label: 'Waiting for roof measurements',
    detail: 'We are measuring your roof from the address you gave us. No action is needed from you.',
  },
  queued: {
    label: 'Queued for generation',
    detail: 'Your report is next in line. Generation takes 2-5 minutes.',
  },
  processing: {
    label: 'Generating your report',
    detail: 'Our AI is pricing your roof now. This takes 2-5 minutes.',
  },
  ready: {
    label: 'Report ready',
    detail: 'Your report is done and on its way to your inbox. Check your spam folder if you do not see it.',
  },
  failed: {
    label: 'Report delayed',
    detail:
      'We hit a problem generating your report. Our team has been notified and will email it to you within 24 hours.',
  },
};

/** Report states after which the page stops asking. */
export function isFinalReportStatus(status: ReportStatus): boolean {
  return status === 'ready' || status === 'failed';
}
