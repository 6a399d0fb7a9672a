/** Payments of quotes, the provider events and the discount codes. */
import {
  boolean,
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
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';
import { paymentStatus, quotes } from '../quotes/quotes.schema';

export const discountType = pgEnum('discount_type', discountTypes);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** Null until the quote is submitted when the intent was created without quote data (spec 1 section 7 payloads). */
    quoteId: uuid().references(() => quotes.id, { onDelete: 'cascade' }),
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
    index('payments_status_updated_idx').on(t.status, t.updatedAt),
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
