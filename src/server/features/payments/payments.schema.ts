/** Payments of quotes and of jobs (issue 25 #3), refunds, the provider events and the discount codes. */
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { discountTypes } from '../../../domain/payments/discount';
import { jobPaymentMethods, jobPaymentParts } from '../../../domain/payments/job-payments';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { projects } from '../projects/projects.schema';
import { paymentStatus, quotes } from '../quotes/quotes.schema';

export const discountType = pgEnum('discount_type', discountTypes);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null until the quote is submitted when the intent was created without quote data (spec 1 section 7 payloads). */
    quoteId: uuid().references(() => quotes.id, { onDelete: 'cascade' }),
    /** The job payment (a part of a project's price) this card payment pays; null for a quote's payment. */
    jobPaymentId: uuid().references(() => jobPayments.id, { onDelete: 'cascade' }),
    /** stripe or sandbox */
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull().default('usd'),
    status: paymentStatus().notNull().default('requires_payment'),
    failureMessage: text(),
    /** What the card form showed (never the number): brand and last four digits. */
    cardBrand: text(),
    cardLast4: text(),
    /** The discount code this intent's price includes. */
    discountCode: text(),
    /** Whether this intent holds one reserved use of discountCode (counted in discount_codes.reserved_count). */
    discountHeld: boolean().notNull().default(false),
    /** Cancelled (expired, superseded, code withdrawn): it can no longer be paid. */
    cancelledAt: ts(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_payment_key').on(t.providerPaymentId),
    index('payments_quote_idx').on(t.quoteId),
    index('payments_job_payment_idx').on(t.jobPaymentId),
    index('payments_status_updated_idx').on(t.status, t.updatedAt),
  ],
);

export const jobPaymentPart = pgEnum('job_payment_part', jobPaymentParts);
export const jobPaymentMethod = pgEnum('job_payment_method', jobPaymentMethods);

/**
 * A part of a job's price asked of its payer (issue 25 #3): the first when work begins, the final
 * when the homeowner accepts the work. One per project and part; received once (by card, through
 * a `payments` row pointing here, or recorded by an admin as paid outside).
 */
export const jobPayments = pgTable(
  'job_payments',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    part: jobPaymentPart().notNull(),
    /** Cents asked. */
    amountCents: integer().notNull(),
    /** Null: the project's homeowner pays; else whoever an admin recorded (an insurer...). */
    payerName: text(),
    payerEmail: text(),
    requestedAt: ts().notNull().defaultNow(),
    /** Cents received (null until received). */
    receivedCents: integer(),
    receivedAt: ts(),
    method: jobPaymentMethod(),
    /** The card payment that paid it (method card). */
    paymentId: uuid(),
    /** An outside payment's reference (cheque number...) and day. */
    outsideReference: text(),
    outsideReceivedOn: date(),
    receivedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Cents refunded by succeeded refunds. */
    refundedCents: integer().notNull().default(0),
    /** The stored receipt (platform storage key); null until made. */
    receiptKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_payments_project_part_key').on(t.projectId, t.part),
    index('job_payments_received_idx').on(t.receivedAt),
  ],
);

/** A refund of a received job payment (issue 25 #5): pending until the provider (or the record) made it. */
export const jobPaymentRefunds = pgTable(
  'job_payment_refunds',
  {
    id: id(),
    jobPaymentId: uuid()
      .notNull()
      .references(() => jobPayments.id, { onDelete: 'cascade' }),
    /** The admin's key of the request: the same key is the same refund. */
    requestId: uuid().notNull(),
    amountCents: integer().notNull(),
    reason: text().notNull(),
    /** pending, then succeeded (exactly once). */
    status: text().$type<'pending' | 'succeeded'>().notNull().default('pending'),
    /** Stripe's refund id (null in the sandbox and for outside payments: a recorded refund). */
    providerRefundId: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    refundedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('job_payment_refunds_request_key').on(t.requestId),
    index('job_payment_refunds_payment_idx').on(t.jobPaymentId),
  ],
);

/** Webhook and sandbox events, kept so each is processed once. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    processedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_events_created_idx').on(t.createdAt)],
);

export const discountCodes = pgTable('discount_codes', {
  id: id(),
  code: text().notNull().unique(),
  type: discountType().notNull(),
  /** cents for amount, whole percent for percent, unused for free */
  value: integer().notNull().default(0),
  expiresAt: ts(),
  maxUses: integer(),
  usedCount: integer().notNull().default(0),
  /** Uses held by open payment intents: usedCount + reservedCount never exceeds maxUses. */
  reservedCount: integer().notNull().default(0),
  isActive: boolean().notNull().default(true),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
