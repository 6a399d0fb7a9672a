/**
 * Payouts (issue 25 items 4, 5): the ledger of job payments received (gross, fee, share), the
 * contractor payouts made from them, the refunds taken back from them and the sandbox's recorded
 * transfers. The job payments themselves belong to the payments feature: job_payment_id and
 * refund_id are its ids, kept without a foreign key (the hooks are called in its transaction).
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { contractorProfiles } from '../contractors/contractors.schema';
import { projects } from '../projects/projects.schema';

/** One row per job payment received: its gross split into the fee (12 %) and the share (88 %). */
export const payoutLedger = pgTable(
  'payout_ledger',
  {
    id: id(),
    jobPaymentId: uuid().notNull(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    contractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    /** 'first' | 'final' */
    part: text().notNull(),
    /** 'card' | 'outside' */
    method: text().notNull(),
    grossCents: integer().notNull(),
    feeCents: integer().notNull(),
    shareCents: integer().notNull(),
    /** Refunded so far (gross). */
    refundedCents: integer().notNull().default(0),
    receivedAt: ts().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_ledger_job_payment_key').on(t.jobPaymentId),
    index('payout_ledger_received_idx').on(t.receivedAt, t.id),
    check(
      'payout_ledger_split',
      sql`${t.feeCents} >= 0 and ${t.shareCents} >= 0 and ${t.feeCents} + ${t.shareCents} = ${t.grossCents}`,
    ),
    check('payout_ledger_refunded', sql`${t.refundedCents} between 0 and ${t.grossCents}`),
  ],
);

/** The contractor's share of one payment, sent to the contractor's account (or held). */
export const payouts = pgTable(
  'payouts',
  {
    /** Also the provider's idempotency key: a retried send never pays twice. */
    id: id(),
    ledgerId: uuid()
      .notNull()
      .references(() => payoutLedger.id, { onDelete: 'restrict' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    contractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    /** Taken by refunds of this payout's own payment before it was sent. */
    deductedCents: integer().notNull().default(0),
    /** Taken, when sent, from the balance the contractor owed (refunds after their payout was sent). */
    balanceTakenCents: integer().notNull().default(0),
    /** held | pending | sending | paid | offset (src/domain/payouts/schemas.ts). */
    status: text().notNull(),
    holdReason: text(),
    accountLast4: text(),
    /** 'sandbox' | 'stripe', once handed to a provider. */
    provider: text(),
    transferId: text(),
    sentAt: ts(),
    paidAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_ledger_key').on(t.ledgerId),
    index('payouts_contractor_idx').on(t.contractorId, t.createdAt),
    index('payouts_created_idx').on(t.createdAt, t.id),
    index('payouts_due_idx').on(t.status).where(sql`${t.status} in ('held', 'pending', 'sending')`),
    check(
      'payouts_amounts',
      sql`${t.deductedCents} >= 0 and ${t.balanceTakenCents} >= 0 and ${t.deductedCents} + ${t.balanceTakenCents} <= ${t.amountCents}`,
    ),
  ],
);

/** A refund of a job payment: the share taken back from the contractor and where it was taken. */
export const payoutRefunds = pgTable(
  'payout_refunds',
  {
    id: id(),
    refundId: uuid().notNull(),
    ledgerId: uuid()
      .notNull()
      .references(() => payoutLedger.id, { onDelete: 'restrict' }),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    contractorId: uuid().references(() => contractorProfiles.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    /** The contractor's part of the refund (88 %, see refundSplit). */
    shareCents: integer().notNull(),
    /** The platform's fee on the refunded amount, given back. */
    feeReturnedCents: integer().notNull(),
    /** Taken from the payment's own payout (not yet sent). */
    fromPayoutCents: integer().notNull(),
    /** Owed by the contractor, taken from the next payouts. */
    carriedCents: integer().notNull(),
    payoutId: uuid().references(() => payouts.id, { onDelete: 'restrict' }),
    reason: text().notNull(),
    refundedAt: ts().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_refunds_refund_key').on(t.refundId),
    index('payout_refunds_created_idx').on(t.refundedAt, t.id),
    index('payout_refunds_contractor_idx').on(t.contractorId),
    check(
      'payout_refunds_split',
      sql`${t.shareCents} + ${t.feeReturnedCents} = ${t.amountCents} and ${t.fromPayoutCents} + ${t.carriedCents} = ${t.shareCents}`,
    ),
  ],
);

/**
 * The built-in sandbox's transfers (no Stripe keys): what a provider would keep, one per
 * idempotency key (the payout id), so a retried send finds the transfer it already made.
 */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    amountCents: integer().notNull(),
    destinationLast4: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sandbox_transfers_idempotency_key').on(t.idempotencyKey)],
);
