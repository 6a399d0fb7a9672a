import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { paymentEvents } from '../../platform/db/schema';

/**
 * The provider's events (Stripe webhooks, the sandbox's charges), each processed once: part of the
 * payments repo.
 */
export function createPaymentEventsRepo(db: Db) {
  return {
    /** The sandbox's charge recorded by a confirm that did not live to apply it. */
    async unfinishedSandboxEvent(
      providerPaymentId: string,
    ): Promise<{ type: string; payload: Record<string, unknown> } | undefined> {
      const [row] = await db
        .select({ type: paymentEvents.type, payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(
          and(
            eq(paymentEvents.provider, 'sandbox'),
            isNull(paymentEvents.processedAt),
            sql`${paymentEvents.payload}->>'paymentIntentId' = ${providerPaymentId}`,
          ),
        )
        .orderBy(desc(paymentEvents.createdAt))
        .limit(1);
      return row;
    },

    async finishSandboxEvents(providerPaymentId: string): Promise<void> {
      await db
        .update(paymentEvents)
        .set({ processedAt: new Date() })
        .where(
          and(
            eq(paymentEvents.provider, 'sandbox'),
            isNull(paymentEvents.processedAt),
            sql`${paymentEvents.payload}->>'paymentIntentId' = ${providerPaymentId}`,
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
  };
}
