/**
 * The job's payments by the terms (issue 25 #3, #5): "no payment until work begins, final payment
 * on satisfactory completion". Pure rules on integer cents, shared by the server and the browser.
 */

export const jobPaymentParts = ['first', 'final'] as const;
export type JobPaymentPart = (typeof jobPaymentParts)[number];

export const jobPaymentMethods = ['card', 'outside'] as const;
export type JobPaymentMethod = (typeof jobPaymentMethods)[number];

/** A part's state as people read it (the Payments panel). */
export const jobPaymentStates = ['not_due', 'due', 'processing', 'paid', 'refunded'] as const;
export type JobPaymentState = (typeof jobPaymentStates)[number];

export const jobPaymentStateLabels: Record<JobPaymentState, string> = {
  not_due: 'Not yet due',
  due: 'Due',
  processing: 'Processing',
  paid: 'Paid',
  refunded: 'Refunded',
};

export const jobPaymentPartLabels: Record<JobPaymentPart, string> = {
  first: 'First payment (work begins)',
  final: 'Final payment (work accepted)',
};

/**
 * The approved budget: the final cost when an admin set one, else the estimated cost (cents);
 * null when the project has neither.
 */
export function approvedBudgetCents(project: {
  estimatedCost: number | null;
  finalCost: number | null;
}): number | null {
  return project.finalCost ?? project.estimatedCost ?? null;
}

/**
 * The first part, asked when work begins: `percent` % of the approved budget, rounded to the
 * nearest cent (half up). Never more than the budget, never negative.
 */
export function firstPartCents(budgetCents: number, percent: number): number {
  if (!Number.isInteger(budgetCents) || budgetCents <= 0) return 0;
  const p = Math.min(Math.max(percent, 0), 100);
  return Math.min(budgetCents, Math.round((budgetCents * p) / 100));
}

/**
 * The final part, asked when the homeowner accepts the work: the approved budget minus what was
 * received for the first part; when the first part was not received yet it stays due on its own
 * and the final part is the budget minus the first part's asked amount. So the two parts never
 * ask more than the approved budget, and never less than nothing.
 */
export function finalPartCents(
  budgetCents: number,
  first: { amountCents: number; receivedCents: number | null } | null,
): number {
  if (!Number.isInteger(budgetCents) || budgetCents <= 0) return 0;
  const counted = first ? (first.receivedCents ?? first.amountCents) : 0;
  return Math.max(0, budgetCents - counted);
}

/** What may still be refunded of a received part: received minus refunded (and refunds under way). */
export function refundableCents(p: { receivedCents: number | null; refundedCents: number }): number {
  return Math.max(0, (p.receivedCents ?? 0) - p.refundedCents);
}

/** The refusal of a refund of `amountCents`, or null when it may go ahead. */
export function refundRefusal(
  p: { receivedCents: number | null; refundedCents: number },
  amountCents: number,
): string | null {
  if (p.receivedCents === null) return jobPaymentMessages.refundNotReceived;
  if (!Number.isInteger(amountCents) || amountCents <= 0) return jobPaymentMessages.refundAmountInvalid;
  if (amountCents > refundableCents(p)) return jobPaymentMessages.refundTooMuch(refundableCents(p));
  return null;
}

/** The state people see of a part (null row: not asked yet). */
export function jobPaymentState(
  p: {
    receivedCents: number | null;
    refundedCents: number;
    cardStatus: string | null;
  } | null,
): JobPaymentState {
  if (!p) return 'not_due';
  if (p.receivedCents !== null) {
    return p.receivedCents > 0 && p.refundedCents >= p.receivedCents ? 'refunded' : 'paid';
  }
  if (p.cardStatus === 'processing' || p.cardStatus === 'succeeded') return 'processing';
  return 'due';
}

export const jobPaymentMessages = {
  notFound: 'This payment was not found.',
  notDue: 'This payment is not due yet.',
  alreadyPaid: 'This payment has already been received.',
  onlyHomeowner: "Only the project's homeowner can pay this part.",
  nothingToPay: 'Nothing is due for this part.',
  refundNotReceived: 'Only a received payment can be refunded.',
  refundAmountInvalid: 'Enter an amount in cents greater than 0.',
  refundTooMuch: (cents: number) =>
    `The refund is more than what can still be refunded (${(cents / 100).toFixed(2)} USD).`,
  reasonRequired: 'Please give the reason for the refund.',
  referenceRequired: 'Please enter the reference of the payment (e.g. the cheque number).',
  amountRequired: 'Enter the amount received, in cents, greater than 0.',
  dateRequired: 'Enter the date the payment was received (YYYY-MM-DD), not in the future.',
  payerNameRequired: "Please enter the payer's name.",
  payerEmailInvalid: 'Please enter a valid e-mail address.',
  outsideRecorded: 'The outside payment was recorded.',
  refunded: 'The refund was recorded.',
  refundRequestReused: 'This refund request was already used for another refund. Please try again.',
  payerSaved: 'The payer was saved.',
  receiptNotReady: 'The receipt is not ready yet. Please try again in a moment.',
} as const;
