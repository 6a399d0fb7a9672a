import { and, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminSummary } from '../../src/domain/admin/lists';
import type { Db } from '../../src/server/platform/db/index';
import {
  contactMessages,
  contractorBankChanges,
  contractorProfiles,
  discountCodes,
  installRequests,
  mailOutbox,
  payoutLedger,
  payoutRefunds,
  projects,
  quotes,
  users,
} from '../../src/server/platform/db/schema';

const n = (v: string | number | null | undefined) => Number(v ?? 0);
const countWhere = (cond: SQL) => sql<string>`count(*) filter (where ${cond})`;

/**
 * The admin summary counted again from the rows by plain SQL (what GET /api/admin/summary did
 * before the counters of migration 0032): the reference the trigger-kept counters are held to.
 */
export function adminRecount(db: Db) {
  async function countOf(table: PgTable, where?: SQL) {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    return row?.n ?? 0;
  }

  return {
    async summary(): Promise<AdminSummary> {
      const [received] = await db
        .select({ n: sql<string>`coalesce(sum(${payoutLedger.grossCents}), 0)` })
        .from(payoutLedger);
      const [refunded] = await db
        .select({ n: sql<string>`coalesce(sum(${payoutRefunds.amountCents}), 0)` })
        .from(payoutRefunds);
      const totalRevenueCents = n(received?.n) - n(refunded?.n);
      const p = projects;
      const [pr] = await db
        .select({
          total: count(),
          pending: countWhere(sql`${p.status} = 'pending' and ${p.contractorId} is null`),
          pendingAll: countWhere(sql`${p.status} = 'pending'`),
          matched: countWhere(sql`${p.status} = 'matched'`),
          inProgress: countWhere(sql`${p.status} = 'in_progress'`),
          completed: countWhere(sql`${p.status} = 'completed'`),
          cancelled: countWhere(sql`${p.status} = 'cancelled'`),
          assigned: countWhere(sql`${p.contractorId} is not null`),
          completedRevenue: sql<string>`coalesce(sum(coalesce(${p.finalCost}, ${p.estimatedCost})) filter (where ${p.status} = 'completed'), 0)`,
          pipeline: sql<string>`coalesce(sum(${p.estimatedCost}) filter (where ${p.status} = 'in_progress'), 0)`,
        })
        .from(p);
      const c = contractorProfiles;
      const [cr] = await db
        .select({
          total: count(),
          verified: countWhere(sql`${c.verificationStatus} = 'verified'`),
          awaiting: countWhere(sql`${c.verificationStatus} in ('pending', 'pending_verification')`),
          available: countWhere(sql`${c.isAvailable}`),
        })
        .from(c);
      const [ur] = await db
        .select({
          total: count(),
          homeowner: countWhere(sql`${users.userType} = 'homeowner'`),
          contractor: countWhere(sql`${users.userType} = 'contractor'`),
          admin: countWhere(sql`${users.userType} = 'admin'`),
        })
        .from(users);
      const [bankChanges, reports, install, contact, outbox, codes, allQuotes] = await Promise.all([
        countOf(contractorBankChanges, eq(contractorBankChanges.status, 'pending')),
        // the report queue's rows (estimates feature: quotes whose report waits for an admin)
        countOf(
          quotes,
          and(
            eq(quotes.status, 'submitted'),
            or(
              inArray(quotes.reportStatus, ['awaiting_measurements', 'failed']),
              and(eq(quotes.reportBasis, 'preliminary'), eq(quotes.reportStatus, 'ready')),
            ),
          ),
        ),
        countOf(installRequests),
        countOf(contactMessages),
        countOf(mailOutbox),
        countOf(discountCodes),
        countOf(quotes),
      ]);
      return {
        projects: {
          total: n(pr?.total),
          pending: n(pr?.pending),
          byStatus: {
            pending: n(pr?.pendingAll),
            matched: n(pr?.matched),
            in_progress: n(pr?.inProgress),
            completed: n(pr?.completed),
            cancelled: n(pr?.cancelled),
          },
        },
        contractors: {
          total: n(cr?.total),
          verified: n(cr?.verified),
          pendingVerification: n(cr?.awaiting),
          available: n(cr?.available),
          assignedProjects: n(pr?.assigned),
          pendingBankChanges: n(bankChanges),
        },
        users: {
          total: n(ur?.total),
          homeowner: n(ur?.homeowner),
          contractor: n(ur?.contractor),
          admin: n(ur?.admin),
        },
        revenue: {
          totalRevenueCents: totalRevenueCents,
          completedRevenueCents: n(pr?.completedRevenue),
          activePipelineCents: n(pr?.pipeline),
        },
        queues: { reports, install, contact, outbox, codes, quotes: allQuotes },
      };
    },
  };
}
