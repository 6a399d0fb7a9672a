import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  JobPaymentReceived,
  JobPaymentRefunded,
  PayoutAccount,
  PayoutHoldReason,
} from '../../../domain/payouts/schemas';
import { applyRefundToPayout, refundSplit, settlePayout, splitPayment } from '../../../domain/payouts/split';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { payoutLedger, payoutRefunds, payouts } from '../../platform/db/schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type PayoutDbRow = typeof payouts.$inferSelect;

/** What the sending step decided for one payout. */
export type Claim =
  | { action: 'send'; payout: PayoutDbRow; netCents: number }
  | { action: 'none'; status: string; holdReason: string | null };

const UNSENT = ['held', 'pending'] as const;

/** What a contractor owes: refund shares carried, less what later payouts already took. */
async function owedBy(tx: Tx | Db, contractorId: string): Promise<number> {
  const [carried] = await tx
    .select({ cents: sql<string>`coalesce(sum(${payoutRefunds.carriedCents}), 0)` })
    .from(payoutRefunds)
    .where(eq(payoutRefunds.contractorId, contractorId));
  const [taken] = await tx
    .select({ cents: sql<string>`coalesce(sum(${payouts.balanceTakenCents}), 0)` })
    .from(payouts)
    .where(eq(payouts.contractorId, contractorId));
  return Number(carried?.cents ?? 0) - Number(taken?.cents ?? 0);
}

/** The payouts tables' one writer: the ledger, the payouts, the refunds taken back. */
export function createPayoutsRepo(db: Db) {
  return {
    owedBy: (contractorId: string) => owedBy(db, contractorId),

    /**
     * A payment received: its ledger row (gross, fee, share) and its payout, pending (held when the
     * project has no contractor), audited; nothing at all when this job payment was recorded before.
     */
    async recordPaymentReceived(tx: Tx, e: JobPaymentReceived): Promise<boolean> {
      const split = splitPayment(e.amountCents);
      const [ledger] = await tx
        .insert(payoutLedger)
        .values({
          jobPaymentId: e.jobPaymentId,
          projectId: e.projectId,
          contractorId: e.contractorId,
          part: e.part,
          method: e.method,
          grossCents: split.grossCents,
          feeCents: split.feeCents,
          shareCents: split.shareCents,
          receivedAt: e.receivedAt,
        })
        .onConflictDoNothing({ target: payoutLedger.jobPaymentId })
        .returning();
      if (!ledger) return false;
      const held = e.contractorId === null;
      const [payout] = await tx
        .insert(payouts)
        .values({
          ledgerId: ledger.id,
          projectId: e.projectId,
          contractorId: e.contractorId,
          amountCents: split.shareCents,
          status: held ? 'held' : 'pending',
          holdReason: held ? ('no_contractor' satisfies PayoutHoldReason) : null,
        })
        .returning({ id: payouts.id });
      await audit(tx, {
        action: 'payouts.payment_recorded',
        entityType: 'project',
        entityId: e.projectId,
        data: {
          jobPaymentId: e.jobPaymentId,
          ledgerId: ledger.id,
          payoutId: payout?.id,
          ...split,
          part: e.part,
          method: e.method,
        },
      });
      return true;
    },

    /**
     * A refund: its share (see refundSplit) taken from the payment's payout while that is not yet
     * sent, the rest carried as owed (taken from the next payouts when they are sent); audited.
     * Nothing when this refund was recorded before. Throws when the payment is unknown here.
     */
    async recordRefund(tx: Tx, e: JobPaymentRefunded): Promise<boolean> {
      const [ledger] = await tx
        .select()
        .from(payoutLedger)
        .where(eq(payoutLedger.jobPaymentId, e.jobPaymentId))
        .for('update');
      if (!ledger) throw new Error(`refund ${e.refundId}: job payment ${e.jobPaymentId} was never recorded`);
      const [seen] = await tx
        .select({ id: payoutRefunds.id })
        .from(payoutRefunds)
        .where(eq(payoutRefunds.refundId, e.refundId));
      if (seen) return false;
      const split = refundSplit(ledger.grossCents, ledger.refundedCents, e.amountCents);
      const [payout] = await tx.select().from(payouts).where(eq(payouts.ledgerId, ledger.id)).for('update');
      const unsent = payout !== undefined && (UNSENT as readonly string[]).includes(payout.status);
      const left =
        payout && unsent ? payout.amountCents - payout.deductedCents - payout.balanceTakenCents : 0;
      const { fromPayoutCents, carriedCents } = applyRefundToPayout(left, split.shareCents);
      if (payout && fromPayoutCents > 0) {
        const emptied = left - fromPayoutCents === 0;
        await tx
          .update(payouts)
          .set({
            deductedCents: payout.deductedCents + fromPayoutCents,
            ...(emptied ? { status: 'offset', holdReason: null } : {}),
            updatedAt: new Date(),
          })
          .where(eq(payouts.id, payout.id));
      }
      await tx.insert(payoutRefunds).values({
        refundId: e.refundId,
        ledgerId: ledger.id,
        projectId: ledger.projectId,
        contractorId: ledger.contractorId,
        amountCents: e.amountCents,
        shareCents: split.shareCents,
        feeReturnedCents: split.feeCents,
        fromPayoutCents,
        // a payment without a contractor has nobody to owe it: its payout is held and shrinks instead
        carriedCents,
        payoutId: payout?.id ?? null,
        reason: e.reason,
        refundedAt: e.refundedAt,
      });
      await tx
        .update(payoutLedger)
        .set({ refundedCents: ledger.refundedCents + e.amountCents })
        .where(eq(payoutLedger.id, ledger.id));
      await audit(tx, {
        action: 'payouts.refund_recorded',
        entityType: 'project',
        entityId: ledger.projectId,
        data: {
          refundId: e.refundId,
          jobPaymentId: e.jobPaymentId,
          payoutId: payout?.id ?? null,
          payoutStatus: payout?.status ?? null,
          amountCents: e.amountCents,
          shareCents: split.shareCents,
          feeReturnedCents: split.feeCents,
          fromPayoutCents,
          carriedCents,
          reason: e.reason,
        },
      });
      return true;
    },

    /** Payouts the sending job looks at: held (the hold may be over), pending, and sending ones a crash left. */
    async dueIds(): Promise<string[]> {
      const rows = await db
        .select({ id: payouts.id })
        .from(payouts)
        .where(
          and(
            inArray(payouts.status, ['held', 'pending', 'sending']),
            sql`${payouts.contractorId} is not null`,
          ),
        )
        .orderBy(payouts.createdAt, payouts.id);
      return rows.map((r) => r.id);
    },

    async contractorOf(payoutId: string): Promise<string | null | undefined> {
      const [row] = await db
        .select({ contractorId: payouts.contractorId })
        .from(payouts)
        .where(eq(payouts.id, payoutId));
      return row ? row.contractorId : undefined;
    },

    /**
     * Decides one payout under the lock of all the contractor's payouts (so two runs never take
     * the same owed balance): held while `hold` says so; else the owed balance taken from it and
     * it is marked sending (or offset when nothing is left). A payout already sending is sent again
     * as it was (same amount, same idempotency key): a crash after the provider took it pays once.
     */
    async claim(
      payoutId: string,
      contractorId: string,
      account: PayoutAccount | null,
      hold: PayoutHoldReason | null,
      provider: string,
    ): Promise<Claim> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: payouts.id })
          .from(payouts)
          .where(eq(payouts.contractorId, contractorId))
          .orderBy(payouts.id)
          .for('update');
        const [p] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
        if (!p) return { action: 'none', status: 'missing', holdReason: null };
        const sendable = p.amountCents - p.deductedCents - p.balanceTakenCents;
        if (p.status === 'sending') return { action: 'send', payout: p, netCents: sendable };
        if (!(UNSENT as readonly string[]).includes(p.status)) {
          return { action: 'none', status: p.status, holdReason: p.holdReason };
        }
        const now = new Date();
        if (hold) {
          if (p.status !== 'held' || p.holdReason !== hold) {
            await tx
              .update(payouts)
              .set({ status: 'held', holdReason: hold, accountLast4: account?.last4 ?? null, updatedAt: now })
              .where(eq(payouts.id, p.id));
            await audit(tx, {
              action: 'payouts.payout_held',
              entityType: 'payout',
              entityId: p.id,
              data: { contractorId, holdReason: hold, amountCents: p.amountCents },
            });
          }
          return { action: 'none', status: 'held', holdReason: hold };
        }
        const owed = await owedBy(tx, contractorId);
        const { takeFromBalanceCents, netCents } = settlePayout(p.amountCents, p.deductedCents, owed);
        const [updated] = await tx
          .update(payouts)
          .set({
            status: netCents === 0 ? 'offset' : 'sending',
            holdReason: null,
            balanceTakenCents: p.balanceTakenCents + takeFromBalanceCents,
            accountLast4: account?.last4 ?? null,
            provider: netCents === 0 ? null : provider,
            sentAt: netCents === 0 ? null : now,
            updatedAt: now,
          })
          .where(eq(payouts.id, p.id))
          .returning();
        await audit(tx, {
          action: netCents === 0 ? 'payouts.payout_offset' : 'payouts.payout_sending',
          entityType: 'payout',
          entityId: p.id,
          data: {
            contractorId,
            amountCents: p.amountCents,
            deductedCents: p.deductedCents,
            balanceTakenCents: takeFromBalanceCents,
            netCents,
            accountLast4: account?.last4 ?? null,
            provider,
            ...(p.status === 'held' ? { releasedHold: p.holdReason } : {}),
          },
        });
        if (!updated || netCents === 0) return { action: 'none', status: 'offset', holdReason: null };
        return { action: 'send', payout: updated, netCents };
      });
    },

    /** The provider took the transfer: paid, with its id, audited (only a payout still sending). */
    async markPaid(payoutId: string, transferId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .update(payouts)
          .set({ status: 'paid', transferId, paidAt: now, updatedAt: now })
          .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'sending')))
          .returning();
        if (!row) return false;
        await audit(tx, {
          action: 'payouts.payout_paid',
          entityType: 'payout',
          entityId: payoutId,
          data: {
            contractorId: row.contractorId,
            netCents: row.amountCents - row.deductedCents - row.balanceTakenCents,
            accountLast4: row.accountLast4,
            provider: row.provider,
            transferId,
          },
        });
        return true;
      });
    },
  };
}

export type PayoutsRepo = ReturnType<typeof createPayoutsRepo>;
