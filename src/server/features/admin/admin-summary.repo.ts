import type { AdminSummary } from '../../../domain/admin/lists';
import { projectStatuses } from '../../../domain/projects/workflow';
import { foldCounters, readCounters } from '../../platform/db/counters';
import type { Db } from '../../platform/db/index';

/**
 * The admin dashboard's figures (issue 26 #2) from the counters the database keeps (migration
 * 0032, decision 009): the folded totals plus the deltas appended since, one small read whatever
 * the size of the tables counted.
 */
export function createAdminSummaryRepo(db: Db) {
  return {
    async summary(): Promise<AdminSummary> {
      const c = await readCounters(db);
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

    fold: () => foldCounters(db),
  };
}
