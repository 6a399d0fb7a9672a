import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { discountCodes, paymentEvents, payments } from '../../platform/db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Queries on the tables the payments feature owns: payments, payment_events, discount_codes. */
export function createPaymentsRepo(db: Db) {
  return {
    async findPaymentByProviderId(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.providerPaymentId, providerPaymentId))
        .limit(1);
      return row;
    },

    async countPaymentsOfQuote(quoteId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .where(eq(payments.quoteId, quoteId));
      return Number(row?.n ?? 0);
    },

    /** A new PaymentIntent of a quote; a repeated insert of the same intent is a no-op. */
    async insertPayment(values: {
      quoteId: string;
      provider: string;
      providerPaymentId: string;
      amountCents: number;
      currency: string;
    }): Promise<void> {
      await db
        .insert(payments)
        .values({ ...values, status: 'requires_payment' })
        .onConflictDoNothing({ target: payments.providerPaymentId });
    },

    /** requires_payment or failed -> processing; null when another attempt holds it or it succeeded. */
    async claimForProcessing(providerPaymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({ status: 'processing', failureMessage: null, updatedAt: new Date() })
        .where(
          and(
            eq(payments.providerPaymentId, providerPaymentId),
            inArray(payments.status, ['requires_payment', 'failed']),
          ),
        )
        .returning();
      return row;
    },

    /**
     * -> succeeded with the amount the provider received. Returns the row only for the call that
     * made the change, so the payment-succeeded event fires once.
     */
    async markSucceeded(
      providerPaymentId: string,
      amountReceived: number,
      card?: { brand: string; last4: string },
    ): Promise<PaymentRow | undefined> {
      const [row] = await db
        .update(payments)
        .set({
          status: 'succeeded',
          amountCents: amountReceived,
          failureMessage: null,
          ...(card ? { cardBrand: card.brand, cardLast4: card.last4 } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'succeeded')))
        .returning();
      return row;
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
            inArray(payments.status, ['requires_payment', 'failed']),
          ),
        );
    },

    /** Records an event once; false when it was already processed. */
    async beginEvent(event: {
      id: string;
      provider: string;
      type: string;
      payload: Record<string, unknown>;
    }): Promise<boolean> {
      await db.insert(paymentEvents).values(event).onConflictDoNothing({ target: paymentEvents.id });
      const [row] = await db
        .select({ processedAt: paymentEvents.processedAt })
        .from(paymentEvents)
        .where(eq(paymentEvents.id, event.id))
        .limit(1);
      return !row?.processedAt;
    },

    async finishEvent(id: string): Promise<void> {
      await db
        .update(paymentEvents)
        .set({ processedAt: new Date() })
        .where(and(eq(paymentEvents.id, id), isNull(paymentEvents.processedAt)));
    },

    // ------------------------------------------------------------ discount codes

    async findDiscountCode(code: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code)).limit(1);
      return row;
    },

    async findDiscountCodeById(id: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1);
      return row;
    },

    async listDiscountCodes(): Promise<DiscountCodeRow[]> {
      return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), discountCodes.code);
    },

    async insertDiscountCode(
      values: typeof discountCodes.$inferInsert,
    ): Promise<DiscountCodeRow | undefined> {
      const [row] = await db
        .insert(discountCodes)
        .values(values)
        .onConflictDoNothing({ target: discountCodes.code })
        .returning();
      return row;
    },

    async disableDiscountCode(id: string): Promise<DiscountCodeRow | undefined> {
      const [row] = await db
        .update(discountCodes)
        .set({ isActive: false, updatedAt: new Date() })
        .where(eq(discountCodes.id, id))
        .returning();
      return row;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;

/** Used inside a transaction by the quotes feature: one more use, never above the limit. */
export const discountUsageIncrement = {
  set: () => ({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: new Date() }),
  where: (code: string) =>
    and(
      eq(discountCodes.code, code),
      or(isNull(discountCodes.maxUses), sql`${discountCodes.usedCount} < ${discountCodes.maxUses}`),
    ),
};
