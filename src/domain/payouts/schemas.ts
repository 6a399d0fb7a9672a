import { z } from 'zod';

/**
 * Payouts (issue 25 items 4, 5): the events the payments feature reports, the statuses, the hold
 * reasons and the API's shapes. Money is integer cents; moments are ISO 8601 strings at the edge.
 */

/** A job payment received (card or recorded outside), reported in the transaction that records it. */
export interface JobPaymentReceived {
  jobPaymentId: string;
  projectId: string;
  contractorId: string | null;
  part: 'first' | 'final';
  amountCents: number;
  receivedAt: Date;
  method: 'card' | 'outside';
}

/** A refund of (part of) a job payment, reported in the transaction that records it. */
export interface JobPaymentRefunded {
  refundId: string;
  jobPaymentId: string;
  projectId: string;
  contractorId: string | null;
  amountCents: number;
  reason: string;
  refundedAt: Date;
}

const cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const jobPaymentReceivedSchema = z.object({
  jobPaymentId: z.uuid(),
  projectId: z.uuid(),
  contractorId: z.uuid().nullable(),
  part: z.enum(['first', 'final']),
  amountCents: cents.positive(),
  receivedAt: z.date(),
  method: z.enum(['card', 'outside']),
});
export const jobPaymentRefundedSchema = z.object({
  refundId: z.uuid(),
  jobPaymentId: z.uuid(),
  projectId: z.uuid(),
  contractorId: z.uuid().nullable(),
  amountCents: cents.positive(),
  reason: z.string().min(1).max(2000),
  refundedAt: z.date(),
});

/**
 * held: not sent (see holdReason); pending: waiting for the sending job; sending: handed to the
 * provider, not yet confirmed (a crash here is finished by the next run with the same idempotency
 * key); paid: sent; offset: nothing left to send (refunds took the whole share).
 */
export const payoutStatuses = ['held', 'pending', 'sending', 'paid', 'offset'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutHoldReasons = [
  'bank_change_review',
  'no_bank_account',
  'no_connected_account',
  'connected_account_unverified',
  'no_contractor',
] as const;
export type PayoutHoldReason = (typeof payoutHoldReasons)[number];

export const payoutHoldText: Record<PayoutHoldReason, string> = {
  bank_change_review: 'A change of bank details awaits review',
  no_bank_account: 'No bank account in the payment set-up',
  no_connected_account: 'No Stripe connected account yet',
  connected_account_unverified: 'Finish payout verification with Stripe',
  no_contractor: 'The project has no contractor',
};

export const payoutStatusText: Record<PayoutStatus, string> = {
  held: 'Held',
  pending: 'Pending',
  sending: 'Sending',
  paid: 'Paid',
  offset: 'Offset by refunds',
};

export const paymentRowSchema = z.object({
  id: z.string(),
  jobPaymentId: z.string(),
  projectId: z.string(),
  projectTitle: z.string().nullable(),
  contractorName: z.string().nullable(),
  part: z.enum(['first', 'final']),
  method: z.enum(['card', 'outside']),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  shareCents: z.number().int(),
  refundedCents: z.number().int(),
  receivedAt: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const payoutRowSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  projectTitle: z.string().nullable(),
  contractorId: z.string().nullable(),
  contractorName: z.string().nullable(),
  /** The payment it comes from: the first part or the final part. */
  part: z.enum(['first', 'final']).nullable(),
  amountCents: z.number().int(),
  deductedCents: z.number().int(),
  /** What is (or was) sent: amount less what refunds took. */
  netCents: z.number().int(),
  status: z.enum(payoutStatuses),
  holdReason: z.enum(payoutHoldReasons).nullable(),
  accountLast4: z.string().nullable(),
  provider: z.string().nullable(),
  transferId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutRow = z.infer<typeof payoutRowSchema>;

export const refundRowSchema = z.object({
  id: z.string(),
  refundId: z.string(),
  jobPaymentId: z.string(),
  projectId: z.string(),
  projectTitle: z.string().nullable(),
  contractorName: z.string().nullable(),
  amountCents: z.number().int(),
  shareCents: z.number().int(),
  feeReturnedCents: z.number().int(),
  fromPayoutCents: z.number().int(),
  carriedCents: z.number().int(),
  reason: z.string(),
  refundedAt: z.string(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;

export const payoutTotalsSchema = z.object({
  receivedCents: z.number().int(),
  refundedCents: z.number().int(),
  /** Payments received net of refunds: the admin dashboard's Total Revenue. */
  netReceivedCents: z.number().int(),
  /** Platform fees kept (12 % of payments, less the fees given back with refunds). */
  feesCents: z.number().int(),
  paidOutCents: z.number().int(),
  pendingCents: z.number().int(),
  heldCents: z.number().int(),
  heldCount: z.number().int(),
  /** Refund shares not yet taken from a payout (owed by contractors). */
  owedCents: z.number().int(),
});
export type PayoutTotals = z.infer<typeof payoutTotalsSchema>;

export const PAYOUT_PAGE_MAX = 100;
export const PAYOUT_PAGE_DEFAULT = 25;
export const payoutListKinds = ['payments', 'payouts', 'refunds'] as const;
export type PayoutListKind = (typeof payoutListKinds)[number];

export const payoutMessages = {
  cursorInvalid: 'cursor is not valid',
  notFound: 'Not found',
} as const;

export const payoutListQuerySchema = z.object({
  cursor: z.string().max(200, { error: payoutMessages.cursorInvalid }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(PAYOUT_PAGE_MAX, { error: `Limit must be at most ${PAYOUT_PAGE_MAX}` })
    .default(PAYOUT_PAGE_DEFAULT),
});
export const payoutListParamsSchema = z.object({ kind: z.enum(payoutListKinds) });

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export const paymentPageSchema = page(paymentRowSchema);
export const payoutPageSchema = page(payoutRowSchema);
export const refundPageSchema = page(refundRowSchema);

/** The contractor's own payouts (dashboard): newest first, with its revenue (paid, net of refunds). */
export const myPayoutsSchema = z.object({
  items: z.array(payoutRowSchema),
  /** Paid out, less refund shares still owed: the dashboard's Revenue. */
  revenueCents: z.number().int(),
  owedCents: z.number().int(),
  /**
   * With Stripe: whether the contractor must finish payout verification with Stripe (its connected
   * account may not receive transfers yet) and how many items Stripe has due; null in the sandbox
   * or before there is a connected account.
   */
  verification: z
    .object({ due: z.boolean(), requirementsDue: z.number().int().nullable() })
    .nullable()
    .optional(),
});
export type MyPayouts = z.infer<typeof myPayoutsSchema>;

/** POST /api/contractor/payouts/verification-link: no input (an empty JSON object at most). */
export const verificationLinkBodySchema = z.object({}).strict().nullish();
/** Its answer: Stripe's onboarding page, where the page goes. */
export const verificationLinkSchema = z.object({ url: z.url() });

export const verificationMessages = {
  notStripe: 'Payouts are not sent through Stripe here: there is nothing to verify.',
  noAccount: 'Save your bank details in the payment set-up first.',
} as const;

/**
 * Where a contractor's payouts go, as the contractors feature tells it (payment set-up): the bank
 * account's last four digits (null without an account), whether payouts are held (a bank change
 * awaits review) and, with Stripe, the connected account.
 */
export interface PayoutAccount {
  last4: string | null;
  routingLast4?: string | null;
  held: boolean;
  stripeAccountId?: string | null;
  /** With Stripe: whether the connected account may receive transfers (null: not known yet). */
  transfersActive?: boolean | null;
  /** With Stripe: how many of the account's requirements are due (null: not known yet). */
  requirementsDue?: number | null;
}

/** One page of one of the admins' lists, named by its kind. */
export const payoutListPageSchema = z.discriminatedUnion('kind', [
  paymentPageSchema.extend({ kind: z.literal('payments') }),
  payoutPageSchema.extend({ kind: z.literal('payouts') }),
  refundPageSchema.extend({ kind: z.literal('refunds') }),
]);
export type PayoutListPage = z.infer<typeof payoutListPageSchema>;
