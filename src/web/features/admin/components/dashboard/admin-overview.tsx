import { formatCentsWhole } from '@domain/payments/money';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { PaymentsPanel } from '@web/features/payouts';
import { OpenPunchLists } from '@web/features/projects';
import { OpenWarrantyClaims } from '@web/features/warranties';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { Briefcase, ChevronDown, Clock, DollarSign, HardHat, ShieldCheck, Users } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useId, useState } from 'react';
import { adminSummaryQuery, contractorDetailQuery } from '../../api/admin-lists';
import { ContractorReviewDialog } from '../contractor-verification/review-dialog';
import { ContractorVerificationPanel } from '../contractor-verification/verification-panel';
import type { DashboardPanel } from '../dashboard-model';
import type { AssignTarget } from './assign-dialog';
import { ContractorDetailsDialog } from './contractor-details-dialog';
import { OverdueMatches } from './overdue-matches';
import { PendingPanel, ProjectsPanel, RevenuePanel } from './panels';
import { type ContractorAction, ContractorsPanel, UsersPanel } from './people-panels';

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
  // the cards' figures, counted by the server (issue 26 #2): no list is loaded to add them up
  const summary = useQuery(adminSummaryQuery());
  const [open, setOpen] = useState<DashboardPanel | null>(null);
  const contractor = useContractorDialogs();

  if (summary.isError) {
    return (
      <div className="grid justify-items-start gap-2 rounded-lg border p-4" role="alert">
        <p>{errorMessage(summary.error)}</p>
        <Button variant="outline" onClick={() => void summary.refetch()} disabled={summary.isFetching}>
          {summary.isFetching ? 'Trying again...' : 'Try again'}
        </Button>
      </div>
    );
  }
  if (!summary.data) return <Spinner label="Loading..." />;
  const s = summary.data;
  const values: Record<DashboardPanel, string> = {
    projects: s.projects.total.toLocaleString('en-US'),
    pending: s.projects.pending.toLocaleString('en-US'),
    contractors: s.contractors.total.toLocaleString('en-US'),
    verification: s.contractors.pendingVerification.toLocaleString('en-US'),
    users: s.users.total.toLocaleString('en-US'),
    // Total Revenue: the payments received, net of refunds (issue 25 #4)
    revenue: formatCentsWhole(s.revenue.totalRevenueCents),
  };
  const panelId = `${id}-panel`;
  // changes of bank details awaiting review are decided in the verification panel too
  const bankChanges = s.contractors.pendingBankChanges;

  return (
    <div className="grid gap-6">
      <OverdueMatches />
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
          {open === 'projects' ? <ProjectsPanel summary={s} /> : null}
          {open === 'pending' ? <PendingPanel onAssign={onAssign} /> : null}
          {open === 'contractors' ? <ContractorsPanel summary={s} onOpen={contractor.open} /> : null}
          {open === 'users' ? <UsersPanel summary={s} /> : null}
          {open === 'revenue' ? (
            <>
              <PaymentsPanel />
              <h3 className="text-lg font-semibold tracking-tight">Project pipeline</h3>
              <RevenuePanel summary={s} />
            </>
          ) : null}
        </section>
      ) : null}
      <ContractorReviewDialog contractor={contractor.reviewing} onClose={contractor.close} />
      <ContractorDetailsDialog contractor={contractor.details} onClose={contractor.close} />
    </div>
  );
}

/**
 * A row of the contractors panel carries the list's fields only: Review and View Details read the
 * contractor in full first (GET /api/admin/contractors/{id}), then open their dialog.
 */
function useContractorDialogs() {
  const [action, setAction] = useState<ContractorAction | null>(null);
  const detail = useQuery({
    ...contractorDetailQuery(action?.contractorId ?? ''),
    enabled: action !== null,
  });
  const failed = detail.isError ? errorMessage(detail.error) : null;
  useEffect(() => {
    if (!failed) return;
    toast({ variant: 'destructive', title: 'Error', description: failed });
    setAction(null);
  }, [failed]);
  const data = action && detail.data?.id === action.contractorId ? detail.data : null;
  return {
    open: setAction,
    close: () => setAction(null),
    reviewing: action?.mode === 'review' ? data : null,
    details: action?.mode === 'details' ? data : null,
  };
}
