import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  PaymentRow,
  PayoutHoldReason,
  PayoutRow,
  PayoutStatus,
  PayoutTotals,
  RefundRow,
} from '../../../domain/payouts/schemas';
import type { Db } from '../../platform/db/index';
import {
  decodeCursor as decodeKeysetCursor,
  encodeCursor as encodeKeysetCursor,
  exactMoment,
} from '../../platform/db/keyset';
import { contractorProfiles, payoutLedger, payoutRefunds, payouts, projects } from '../../platform/db/schema';

/**
 * A page's position: the (moment, id) of its last row, newest first; opaque to the client. The
 * moment is the database's own text to the microsecond (a JavaScript Date keeps milliseconds
 * only: two rows in the same millisecond would be skipped or repeated).
 */
export interface Cursor {
  at: string;
  id: string;
}

/** The list's keyset (platform/db/keyset.ts: the one cursor of every bounded list). */
const NEWEST_FIRST = 'newest';

export function encodeCursor(at: string, id: string): string {
  return encodeKeysetCursor(NEWEST_FIRST, at, id);
}

/** The cursor back, or null when it is not one of ours (the service answers 400). */
export function decodeCursor(text: string): Cursor | null {
  const cursor = decodeKeysetCursor(text, NEWEST_FIRST, ['moment', 'uuid']);
  return cursor ? { at: String(cursor[0]), id: String(cursor[1]) } : null;
}

/** Rows after the cursor in (moment, id) descending order. */
function after(at: AnyPgColumn, id: AnyPgColumn, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const num = (v: string | number | null | undefined) => Number(v ?? 0);

const payoutColumns = {
  p: payouts,
  cursorAt: exactMoment(payouts.createdAt),
  projectTitle: projects.title,
  contractorName: contractorProfiles.companyName,
  part: payoutLedger.part,
};

function toPayoutRow(r: {
  p: typeof payouts.$inferSelect;
  projectTitle: string | null;
  contractorName: string | null;
  part: string | null;
}): PayoutRow {
  const { p } = r;
  return {
    id: p.id,
    projectId: p.projectId,
    projectTitle: r.projectTitle,
    contractorId: p.contractorId,
    contractorName: r.contractorName,
    part: r.part === 'first' || r.part === 'final' ? r.part : null,
    amountCents: p.amountCents,
    deductedCents: p.deductedCents + p.balanceTakenCents,
    netCents: p.amountCents - p.deductedCents - p.balanceTakenCents,
    status: p.status as PayoutStatus,
    holdReason: p.holdReason as PayoutHoldReason | null,
    accountLast4: p.accountLast4,
    provider: p.provider,
    transferId: p.transferId,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
  };
}

/** The admins' lists and totals and the contractor's own payouts: reads only. */
export function createPayoutListsRepo(db: Db) {
  return {
    async payments(cursor: Cursor | null, limit: number): Promise<{ rows: PaymentRow[]; last?: Cursor }> {
      const rows = await db
        .select({
          l: payoutLedger,
          cursorAt: exactMoment(payoutLedger.receivedAt),
          projectTitle: projects.title,
          contractorName: contractorProfiles.companyName,
        })
        .from(payoutLedger)
        .leftJoin(projects, eq(projects.id, payoutLedger.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, payoutLedger.contractorId))
        .where(after(payoutLedger.receivedAt, payoutLedger.id, cursor))
        .orderBy(desc(payoutLedger.receivedAt), desc(payoutLedger.id))
        .limit(limit);
      const lastRow = rows.at(-1);
      return {
        rows: rows.map(({ l, projectTitle, contractorName }) => ({
          id: l.id,
          jobPaymentId: l.jobPaymentId,
          projectId: l.projectId,
          projectTitle,
          contractorName,
          part: l.part as 'first' | 'final',
          method: l.method as 'card' | 'outside',
          grossCents: l.grossCents,
          feeCents: l.feeCents,
          shareCents: l.shareCents,
          refundedCents: l.refundedCents,
          receivedAt: l.receivedAt.toISOString(),
        })),
        last: lastRow ? { at: lastRow.cursorAt, id: lastRow.l.id } : undefined,
      };
    },

    async payouts(
      cursor: Cursor | null,
      limit: number,
      contractorId?: string,
    ): Promise<{ rows: PayoutRow[]; last?: Cursor }> {
      const rows = await db
        .select(payoutColumns)
        .from(payouts)
        .leftJoin(payoutLedger, eq(payoutLedger.id, payouts.ledgerId))
        .leftJoin(projects, eq(projects.id, payouts.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, payouts.contractorId))
        .where(
          and(
            after(payouts.createdAt, payouts.id, cursor),
            contractorId ? eq(payouts.contractorId, contractorId) : undefined,
          ),
        )
        .orderBy(desc(payouts.createdAt), desc(payouts.id))
        .limit(limit);
      const lastRow = rows.at(-1);
      return {
        rows: rows.map(toPayoutRow),
        last: lastRow ? { at: lastRow.cursorAt, id: lastRow.p.id } : undefined,
      };
    },

    async refunds(cursor: Cursor | null, limit: number): Promise<{ rows: RefundRow[]; last?: Cursor }> {
      const rows = await db
        .select({
          r: payoutRefunds,
          cursorAt: exactMoment(payoutRefunds.refundedAt),
          jobPaymentId: payoutLedger.jobPaymentId,
          projectTitle: projects.title,
          contractorName: contractorProfiles.companyName,
        })
        .from(payoutRefunds)
        .leftJoin(payoutLedger, eq(payoutLedger.id, payoutRefunds.ledgerId))
        .leftJoin(projects, eq(projects.id, payoutRefunds.projectId))
        .leftJoin(contractorProfiles, eq(contractorProfiles.id, payoutRefunds.contractorId))
        .where(after(payoutRefunds.refundedAt, payoutRefunds.id, cursor))
        .orderBy(desc(payoutRefunds.refundedAt), desc(payoutRefunds.id))
        .limit(limit);
      const lastRow = rows.at(-1);
      return {
        rows: rows.map(({ r, jobPaymentId, projectTitle, contractorName }) => ({
          id: r.id,
          refundId: r.refundId,
          jobPaymentId: jobPaymentId ?? '',
          projectId: r.projectId,
          projectTitle,
          contractorName,
          amountCents: r.amountCents,
          shareCents: r.shareCents,
          feeReturnedCents: r.feeReturnedCents,
          fromPayoutCents: r.fromPayoutCents,
          carriedCents: r.carriedCents,
          reason: r.reason,
          refundedAt: r.refundedAt.toISOString(),
        })),
        last: lastRow ? { at: lastRow.cursorAt, id: lastRow.r.id } : undefined,
      };
    },

    /** The totals over everything (the panel's figures and the admin dashboard's Total Revenue). */
    async totals(): Promise<PayoutTotals> {
      const [ledger] = await db
        .select({
          received: sql<string>`coalesce(sum(${payoutLedger.grossCents}), 0)`,
          fees: sql<string>`coalesce(sum(${payoutLedger.feeCents}), 0)`,
        })
        .from(payoutLedger);
      const [refunds] = await db
        .select({
          refunded: sql<string>`coalesce(sum(${payoutRefunds.amountCents}), 0)`,
          feesBack: sql<string>`coalesce(sum(${payoutRefunds.feeReturnedCents}), 0)`,
          carried: sql<string>`coalesce(sum(${payoutRefunds.carriedCents}), 0)`,
        })
        .from(payoutRefunds);
      const net = sql`${payouts.amountCents} - ${payouts.deductedCents} - ${payouts.balanceTakenCents}`;
      const [p] = await db
        .select({
          paid: sql<string>`coalesce(sum(${net}) filter (where ${payouts.status} = 'paid'), 0)`,
          pending: sql<string>`coalesce(sum(${net}) filter (where ${payouts.status} in ('pending', 'sending')), 0)`,
          held: sql<string>`coalesce(sum(${net}) filter (where ${payouts.status} = 'held'), 0)`,
          heldCount: sql<string>`count(*) filter (where ${payouts.status} = 'held')`,
          taken: sql<string>`coalesce(sum(${payouts.balanceTakenCents}), 0)`,
        })
        .from(payouts);
      const receivedCents = num(ledger?.received);
      const refundedCents = num(refunds?.refunded);
      return {
        receivedCents,
        refundedCents,
        netReceivedCents: receivedCents - refundedCents,
        feesCents: num(ledger?.fees) - num(refunds?.feesBack),
        paidOutCents: num(p?.paid),
        pendingCents: num(p?.pending),
        heldCents: num(p?.held),
        heldCount: num(p?.heldCount),
        owedCents: num(refunds?.carried) - num(p?.taken),
      };
    },

    /** The contractor's paid payouts, net: what reached its account. */
    async paidOutTo(contractorId: string): Promise<number> {
      const [row] = await db
        .select({
          paid: sql<string>`coalesce(sum(${payouts.amountCents} - ${payouts.deductedCents} - ${payouts.balanceTakenCents}), 0)`,
        })
        .from(payouts)
        .where(and(eq(payouts.contractorId, contractorId), inArray(payouts.status, ['paid'])));
      return num(row?.paid);
    },
  };
}

export type PayoutListsRepo = ReturnType<typeof createPayoutListsRepo>;

/** The contractor profile of a signed-in contractor account (null when it has none yet). */
export async function contractorIdOfUser(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: contractorProfiles.id })
    .from(contractorProfiles)
    .where(eq(contractorProfiles.userId, userId))
    .limit(1);
  return row?.id ?? null;
}
