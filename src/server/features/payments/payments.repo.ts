import { and, eq, inArray, isNotNull, isNull, lt, ne, not, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { discountCodes, payments } from '../../platform/db/schema';
import { createDiscountCodesRepo, releaseUse, reserveUse } from './discount-codes.repo';
import { createPaymentEventsRepo } from './payment-events.repo';

export type PaymentRow = typeof payments.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Unpaid states in which an intent may still be confirmed (unless cancelled). */
const OPEN_STATUSES = ['requires_payment', 'failed'] as const;

/** The reservation was refused: the code is used up, withdrawn or unknown (rolls its transaction back). */
export class ReservationRefused extends Error {
  override name = 'ReservationRefused';
  constructor(readonly code: string) {
    super(`no use of ${code} left to reserve`);
  }
}

/**
 * Queries on the tables the payments feature owns: payments here, payment_events in
 * payment-events.repo.ts, discount_codes in discount-codes.repo.ts.
 */
export function createPaymentsRepo(db: Db) {
  return {
    ...createDiscountCodesRepo(db),
    ...createPaymentEventsRepo(db),
    async findPaymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },

    /** Cancelled intents of a quote: a new one after a cancellation needs a new idempotency key. */
    async countCancelledPaymentsOfQuote(quoteId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(and(eq(payments.quoteId, quoteId), isNotNull(payments.cancelledAt)));
      return Number(row?.n ?? 0);
    },

    /**
     * A new PaymentIntent (of a quote, or of none yet) and, in the same transaction, one reserved
     * use of its discount code. Throws ReservationRefused (nothing stored) when no use is left.
     * A repeated insert of the same intent is a no-op that reserves nothing.
     */
    async insertPayment(values: {
      quoteId: string | null;
      provider: string;
      providerPaymentId: string;
      amountCents: number;
      currency: string;
      discountCode: string | null;
      /** A job's part (job-payments.service); absent for a quote's payment. */
      jobPaymentId?: string | null;
    }): Promise<PaymentRow> {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(payments)
          .values({ ...values, status: 'requires_payment', discountHeld: values.discountCode !== null })
          .onConflictDoNothing({ target: payments.providerPaymentId })
          .returning();
        if (inserted) {
          if (values.discountCode && !(await reserveUse(tx, values.discountCode))) {
            throw new ReservationRefused(values.discountCode);
          }
          return inserted;
        }
        const [existing] = await tx
          .select()
          .from(payments)
          .where(eq(payments.providerPaymentId, values.providerPaymentId));
        if (!existing) throw new Error('payment vanished after a conflicting insert');
        return existing;
      });
    },

    /** Ties an intent made without quote data to the quote submitted with it (once). */
    async tieToQuote(providerPaymentId: string, quoteId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ quoteId, updatedAt: new Date() })
        .where(
          and(
            eq(payments.providerPaymentId, providerPaymentId),
            isNull(payments.quoteId),
            // a job's payment is never a quote's
            isNull(payments.jobPaymentId),
          ),
        )
        .returning();
      return row ?? (await this.findPaymentByProviderId(providerPaymentId));
    },

    /**
     * requires_payment or failed -> processing, for an intent not cancelled; null when another
     * attempt holds it, it succeeded or it was cancelled.
     */
    async claimForProcessing(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'processing', failureMessage: null, updatedAt: new Date() })
        .where(
          and(
            eq(payments.providerPaymentId, providerPaymentId),
            inArray(payments.status, [...OPEN_STATUSES]),
            isNull(payments.cancelledAt),
          ),
        )
        .returning();
      return row;
    },

    /** processing -> requires_payment: an attempt that a crash interrupted before any charge. */
    async releaseProcessing(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'requires_payment', updatedAt: new Date() })
        .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.status, 'processing')))
        .returning();
      return row;
    },

    /**
     * Cancels an unpaid intent and releases its reserved discount use, in one transaction.
     * Null when it is paid, being paid, or already cancelled.
     */
    async cancelPayment(providerPaymentId: string, reason: string): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.providerPaymentId, providerPaymentId),
              inArray(payments.status, [...OPEN_STATUSES]),
              isNull(payments.cancelledAt),
            ),
          )
          .for('update');
        if (!open) return undefined;
        const [row] = await tx
          .update(payments)
          .set({
            status: 'failed',
            failureMessage: reason.slice(0, 500),
            cancelledAt: new Date(),
            discountHeld: false,
            updatedAt: new Date(),
          })
          .where(eq(payments.id, open.id))
          .returning();
        if (open.discountHeld && open.discountCode) await releaseUse(tx, open.discountCode);
        return row;
      });
    },

    /** Processing attempts not settled since `before` (a crash, or a provider still working). */
    async findStaleProcessing(before: Date, limit = 100): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'processing'), lt(payments.updatedAt, before)))
        .orderBy(payments.updatedAt)
        .limit(limit);
    },

    /**
     * Unpaid intents holding a discount use that must be let go: made before `before`, or whose
     * code was disabled or expired since.
     */
    async findHoldsToRelease(before: Date, limit = 100): Promise<PaymentRow[]> {
      const now = new Date();
      const rows = await db
        .select({ payment: payments })
        .from(payments)
        .leftJoin(discountCodes, eq(discountCodes.code, payments.discountCode))
        .where(
          and(
            eq(payments.discountHeld, true),
            inArray(payments.status, [...OPEN_STATUSES]),
            isNull(payments.cancelledAt),
            or(
              lt(payments.createdAt, before),
              isNull(discountCodes.id),
              not(discountCodes.isActive),
              lt(discountCodes.expiresAt, now),
            ),
          ),
        )
        .orderBy(payments.createdAt)
        .limit(limit);
      return rows.map((r) => r.payment);
    },

    /** Other unpaid, uncancelled intents of a quote (replaced by a new one). */
    async openPaymentsOfQuote(quoteId: string, exceptProviderId: string): Promise<PaymentRow[]> {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.quoteId, quoteId),
            ne(payments.providerPaymentId, exceptProviderId),
            inArray(payments.status, [...OPEN_STATUSES]),
            isNull(payments.cancelledAt),
          ),
        );
    },

    /**
     * -> succeeded with the amount the provider received; the intent's reserved discount use
     * becomes a used one in the same transaction. Returns the row only for the call that made the
     * change, so the payment-succeeded event fires once.
     */
    async markSucceeded(
      providerPaymentId: string,
      amountReceived: number,
      card?: { brand: string; last4: string },
    ): Promise<PaymentRow | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'succeeded')))
          .for('update');
        if (!before) return undefined;
        const [row] = await tx
          .update(payments)
          .set({
            status: 'succeeded',
            amountCents: amountReceived,
            failureMessage: null,
            discountHeld: false,
            ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
            updatedAt: new Date(),
          })
          .where(eq(payments.id, before.id))
          .returning();
        if (before.discountCode) {
          // the money is taken: the use is counted even if its hold was let go meanwhile
          await tx
            .update(discountCodes)
            .set({
              usedCount: sql`${discountCodes.usedCount} + 1`,
              ...(before.discountHeld
                ? { reservedCount: sql`greatest(${discountCodes.reservedCount} - 1, 0)` }
                : {}),
              updatedAt: new Date(),
            })
            .where(eq(discountCodes.code, before.discountCode));
        }
        return row;
      });
    },

    async markFailed(
      providerPaymentId: string,
      message: string,
      card?: { brand: string; last4: string },
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({
          status: 'failed',
          failureMessage: message.slice(0, 500),
          ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'succeeded')))
        .returning();
      return row;
    },

    async markProcessing(providerPaymentId: string): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'processing', updatedAt: new Date() })
        .where(
          and(
            eq(payments.providerPaymentId, providerPaymentId),
            inArray(payments.status, [...OPEN_STATUSES]),
          ),
        );
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
