import { z } from 'zod';

/**
 * Bank details after the payment set-up (issue 21 item 4). Once `paymentSetupCompleted`, a new
 * payout account given to POST /api/contractor/banking does not replace the one on file: it needs
 * the account's current password, is mailed to the account, puts the contractor's payouts on hold
 * and waits for an admin's review. Until an admin approves it the old account stays in force; a
 * rejection keeps the old account. Either decision lifts the hold.
 */

/** A payout account's kind (the banking form, the bank change, the stored profile). */
export const accountTypes = ['checking', 'savings'] as const;

export const bankChangeStatuses = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type BankChangeStatus = (typeof bankChangeStatuses)[number];

/** Why payouts are held; only this reason exists today (payouts themselves come with a later issue). */
export const payoutHoldReasons = ['bank_change_review'] as const;
export type PayoutHoldReason = (typeof payoutHoldReasons)[number];

export const bankChangeMessages = {
  currentPasswordRequired:
    'Your payment setup is complete, so changing your bank details needs your current password. Please enter it.',
  currentPasswordWrong: 'That is not your current password. Your bank details were not changed.',
  currentPasswordTooLong: 'Password must be at most 200 characters',
  passwordChangeNeedsCurrent:
    'Your payment setup is complete, so changing your password needs your current password. Please enter it.',
  currentPasswordWrongForPassword: 'That is not your current password. Your password was not changed.',
  requested:
    'Your new bank details were received. Our team reviews every change of bank details; until it is approved, your current account stays on file and your payouts are on hold.',
  pendingReview: 'Bank change pending review',
  payoutsOnHold: 'Payouts on hold',
  decisionRequired: 'Please choose approve or reject',
  notesTooLong: 'Notes must be at most 2000 characters',
  notFound: 'That bank change was not found.',
  alreadyReviewed: 'This bank change was already reviewed or replaced by a newer one. Reload the list.',
  approved: 'Bank change approved: the new account is now on file and the payout hold is lifted.',
  rejected: 'Bank change rejected: the previous account stays on file and the payout hold is lifted.',
  reviewFailed: 'Failed to save the decision on this bank change',
} as const;

/** Bank details as anyone may see them: names and the last four digits, never the numbers. */
export const bankAccountSummarySchema = z.object({
  bankName: z.string(),
  accountType: z.enum(accountTypes),
  accountHolderName: z.string(),
  routingNumberLast4: z.string(),
  accountNumberLast4: z.string(),
});
export type BankAccountSummary = z.infer<typeof bankAccountSummarySchema>;

/** The change awaiting review, in the contractor's detail (to its owner and to admins). */
export const pendingBankChangeSchema = bankAccountSummarySchema
  .extend({
    id: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PendingBankChange' });
export type PendingBankChange = z.infer<typeof pendingBankChangeSchema>;

/** One change as the admins review it: who asked, when, from where, the account on file and the new one. */
export const bankChangeSchema = z
  .object({
    id: z.string(),
    contractorId: z.string(),
    companyName: z.string(),
    contactName: z.string(),
    accountEmail: z.string(),
    status: z.enum(bankChangeStatuses),
    requestedAt: z.iso.datetime({ offset: true }),
    requestIp: z.string().nullable(),
    requestUserAgent: z.string().nullable(),
    /** The account in force (null if none, which a completed payment set-up never has). */
    current: bankAccountSummarySchema.nullable(),
    requested: bankAccountSummarySchema,
    reviewedAt: z.iso.datetime({ offset: true }).nullable(),
    reviewNotes: z.string().nullable(),
  })
  .meta({ id: 'BankChange' });
export type BankChange = z.infer<typeof bankChangeSchema>;

export const bankChangeListSchema = z.array(bankChangeSchema).meta({ id: 'BankChanges' });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST /api/admin/contractors/bank-changes/{changeId}/review */
export const reviewBankChangeSchema = z.object({
  decision: z.enum(['approved', 'rejected'], { error: bankChangeMessages.decisionRequired }),
  notes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2000, { error: bankChangeMessages.notesTooLong }).optional(),
  ),
});
export type ReviewBankChange = z.infer<typeof reviewBankChangeSchema>;

export const bankChangeParamsSchema = z.object({ changeId: z.string().max(100) });
