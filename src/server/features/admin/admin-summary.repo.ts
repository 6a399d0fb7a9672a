import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AdminSummary } from '../../../domain/admin/lists';
import { projectStatuses } from '../../../domain/projects/workflow';
import type { Db } from '../../platform/db/index';
import { adminCounterDeltas, adminCounters } from '../../platform/db/schema';

/**
 * The admin dashboard's figures (issue 26 #2) from the counters the database keeps (migration
 * 0032, decision 009): the folded totals plus the deltas appended since, one small read whatever
 * the size of the tables counted.
 */
export function createAdminSummaryRepo(db: Db) {
  async function rowsOf<R>(query: SQL): Promise<R[]> {
    return ((await db.execute(query)) as unknown as { rows: R[] }).rows;
  }

  /** Every counter, by key (a key no row ever counted for is absent: 0). */
  async function counters(): Promise<Map<string, number>> {
    const rows = await rowsOf<{ key: string; n: string }>(sql`
      select key, sum(n)::text as n from (
        select ${adminCounters.key} as key, ${adminCounters.n} as n from ${adminCounters}
        union all
        select ${adminCounterDeltas.key}, ${adminCounterDeltas.n} from ${adminCounterDeltas}
      ) c group by key`);
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  }

  return {
    /** The sum of some counters (an exact count the lists' first pages give as their total). */
    async countersSum(keys: readonly string[]): Promise<number> {
      const [row] = await rowsOf<{ n: string }>(sql`
        select coalesce(sum(n), 0)::text as n from (
          select ${adminCounters.n} as n from ${adminCounters} where ${inArray(adminCounters.key, [...keys])}
          union all
          select ${adminCounterDeltas.n} from ${adminCounterDeltas} where ${inArray(adminCounterDeltas.key, [...keys])}
        ) c`);
      return Number(row?.n ?? 0);
    },

    async summary(): Promise<AdminSummary> {
      const c = await counters();
      const n = (key: string) => c.get(key) ?? 0;
      return {
        projects: {
          total: n('projects.total'),
          pending: n('projects.pending_unassigned'),
          byStatus: Object.fromEntries(
            projectStatuses.map((s) => [s, n(`projects.status.${s}`)]),
          ) as AdminSummary['projects']['byStatus'],
        },
        contractors: {
          total: n('contractor_profiles.total'),
          verified: n('contractor_profiles.status.verified'),
          pendingVerification:
            n('contractor_profiles.status.pending') + n('contractor_profiles.status.pending_verification'),
          available: n('contractor_profiles.available'),
          assignedProjects: n('projects.assigned'),
          pendingBankChanges: n('contractor_bank_changes.pending'),
        },
        users: {
          total: n('users.total'),
          homeowner: n('users.type.homeowner'),
          contractor: n('users.type.contractor'),
          admin: n('users.type.admin'),
        },
        revenue: {
          // payments received net of refunds: the payouts ledger's gross less what was refunded
          totalRevenueCents: n('payout_ledger.gross_cents') - n('payout_refunds.amount_cents'),
          completedRevenueCents: n('projects.completed_revenue_cents'),
          activePipelineCents: n('projects.pipeline_cents'),
        },
        queues: {
          reports: n('quotes.report_queue'),
          install: n('install_requests.total'),
          contact: n('contact_messages.total'),
          outbox: n('mail_outbox.total'),
          codes: n('discount_codes.total'),
          quotes: n('quotes.total'),
        },
      };
    },

    /**
     * Moves the deltas into the totals in one transaction (readers see either side, never both or
     * neither): the admin.counters-fold job, every minute.
     */
    async fold(): Promise<number> {
      const res = await rowsOf<{ moved: string }>(sql`
        with moved as (delete from ${adminCounterDeltas} returning key, n),
        summed as (select key, sum(n) as n from moved group by key),
        upserted as (
          insert into ${adminCounters} as a (key, n) select key, n from summed
          on conflict (key) do update set n = a.n + excluded.n
          returning 1
        )
        select (select count(*) from moved)::text as moved`);
      return Number(res[0]?.moved ?? 0);
    },
  };
}
