import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { formatCentsWhole } from '@domain/payments/money';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { PaymentsPanel, payoutTotalsQuery } from '@web/features/payouts';
import { OpenPunchLists } from '@web/features/projects';
import { OpenWarrantyClaims } from '@web/features/warranties';
import { errorMessage } from '@web/lib/error-message';
import { cn } from '@web/lib/utils';
import { Briefcase, ChevronDown, Clock, DollarSign, HardHat, ShieldCheck, Users } from 'lucide-react';
import type * as React from 'react';
import { useId, useState } from 'react';
import { allProjectsQuery, allUsersQuery } from '../../api/dashboard';
import { allContractorsQuery } from '../../api/get-contractors';
import { ContractorReviewDialog } from '../contractor-verification/review-dialog';
import { ContractorVerificationPanel } from '../contractor-verification/verification-panel';
import { type DashboardPanel, dashboardCounts } from '../dashboard-model';
import type { AssignTarget } from './assign-dialog';
import { ContractorDetailsDialog } from './contractor-details-dialog';
import { OverdueMatches } from './overdue-matches';
import { ContractorsPanel, PendingPanel, ProjectsPanel, RevenuePanel, UsersPanel } from './panels';

const cards: { panel: DashboardPanel; title: string; icon: React.ComponentType<{ className?: string }> }[] = [
  { panel: 'projects', title: 'Total Projects', icon: Briefcase },
  { panel: 'pending', title: 'Pending Projects', icon: Clock },
  { panel: 'contractors', title: 'Total Contractors', icon: HardHat },
  { panel: 'verification', title: 'Pending Verification', icon: ShieldCheck },
  { panel: 'users', title: 'Total Users', icon: Users },
  { panel: 'revenue', title: 'Total Revenue', icon: DollarSign },
];

const panelTitles: Record<DashboardPanel, string> = {
  projects: 'All Projects',
  pending: 'Pending Projects',
  contractors: 'All Contractors',
  verification: 'Contractor Verification',
  users: 'All Users',
  revenue: 'Revenue',
};

/**
 * The six cards of spec 2 §2, each toggling its detail panel (clicking again closes it), with
 * the Assign Contractor, Contractor Verification and View Details dialogs.
 */
export function AdminOverview({ onAssign }: { onAssign: (target: AssignTarget) => void }) {
  const id = useId();
  const projects = useQuery(allProjectsQuery());
  const contractors = useQuery(allContractorsQuery());
  const users = useQuery(allUsersQuery());
  // Total Revenue: the payments received, net of refunds (issue 25 #4)
  const totals = useQuery(payoutTotalsQuery());
  const [open, setOpen] = useState<DashboardPanel | null>(null);
  const [reviewing, setReviewing] = useState<ContractorProfileDetail | null>(null);
  const [details, setDetails] = useState<ContractorProfileDetail | null>(null);

  const failed = [projects, contractors, users].find((q) => q.isError);
  if (failed?.error) {
    return (
      <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
        <p>{errorMessage(failed.error)}</p>
        <Button
          variant="outline"
          onClick={() => {
            void projects.refetch();
            void contractors.refetch();
            void users.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
  if (!projects.data || !contractors.data || !users.data) return <Spinner label="Loading..." />;

  const counts = dashboardCounts(
    projects.data,
    contractors.data,
    users.data,
    totals.data?.netReceivedCents ?? 0,
  );
  const values: Record<DashboardPanel, string> = {
    projects: String(counts.totalProjects),
    pending: String(counts.pendingProjects),
    contractors: String(counts.totalContractors),
    verification: String(counts.pendingVerification),
    users: String(counts.totalUsers),
    revenue: formatCentsWhole(counts.totalRevenue),
  };
  const panelId = `${id}-panel`;
  // changes of bank details awaiting review are decided in the verification panel too
  const bankChanges = contractors.data.filter((c) => c.pendingBankChange).length;

  return (
    <div className="grid gap-6">
      <OverdueMatches projects={projects.data} />
      <OpenPunchLists />
      <OpenWarrantyClaims />
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Overview">
        {cards.map(({ panel, title, icon: Icon }) => (
          <li key={panel}>
            <button
              type="button"
              aria-expanded={open === panel}
              aria-controls={open === panel ? panelId : undefined}
              data-testid={`card-${panel}`}
              onClick={() => setOpen((current) => (current === panel ? null : panel))}
              className={cn(
                'flex h-full w-full flex-col items-start gap-1 rounded-lg border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                open === panel && 'border-primary ring-1 ring-primary',
              )}
            >
              <span className="flex w-full items-center justify-between gap-2 text-sm font-medium text-foreground/80">
                {title}
                <Icon aria-hidden="true" className="size-4 shrink-0" />
              </span>
              <span className="text-2xl font-bold tabular-nums" data-testid={`count-${panel}`}>
                {values[panel]}
              </span>
              {panel === 'verification' && bankChanges > 0 ? (
                <span className="text-xs font-medium text-amber-800" data-testid="count-bank-changes">
                  {bankChanges === 1 ? '1 bank change to review' : `${bankChanges} bank changes to review`}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1 text-xs text-foreground/80">
                {open === panel ? 'Hide details' : 'Show details'}
                <ChevronDown
                  aria-hidden="true"
                  className={cn('size-3 transition-transform', open === panel && 'rotate-180')}
                />
              </span>
            </button>
          </li>
        ))}
      </ul>

      {open === 'verification' ? (
        <div id={panelId} className="rounded-xl border bg-muted/30 p-4 sm:p-6">
          <ContractorVerificationPanel />
        </div>
      ) : open ? (
        <section
          id={panelId}
          aria-labelledby={`${panelId}-title`}
          className="grid gap-4 rounded-xl border bg-muted/30 p-4 sm:p-6"
        >
          <h2 id={`${panelId}-title`} className="text-xl font-semibold tracking-tight">
            {panelTitles[open]}
          </h2>
          {open === 'projects' ? <ProjectsPanel projects={projects.data} /> : null}
          {open === 'pending' ? <PendingPanel projects={projects.data} onAssign={onAssign} /> : null}
          {open === 'contractors' ? (
            <ContractorsPanel
              contractors={contractors.data}
              projects={projects.data}
              onReview={setReviewing}
              onDetails={setDetails}
            />
          ) : null}
          {open === 'users' ? <UsersPanel users={users.data} /> : null}
          {open === 'revenue' ? (
            <>
              <PaymentsPanel />
              <h3 className="text-lg font-semibold tracking-tight">Project pipeline</h3>
              <RevenuePanel projects={projects.data} />
            </>
          ) : null}
        </section>
      ) : null}
      <ContractorReviewDialog contractor={reviewing} onClose={() => setReviewing(null)} />
      <ContractorDetailsDialog contractor={details} onClose={() => setDetails(null)} />
    </div>
  );
}
