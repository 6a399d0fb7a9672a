import type { AdminProjectRow, AdminSummary } from '@domain/admin/lists';
import { formatCentsWhole } from '@domain/payments/money';
import { homeownerPendingMessages } from '@domain/projects/job-file';
import { statusText } from '@domain/projects/status-badges';
import { projectPriorities, projectStatuses } from '@domain/projects/workflow';
import { Button } from '@web/components/ui/button';
import type * as React from 'react';
import type { AssignTarget } from './assign-dialog';
import { daysText, Figure, Figures, formatDay, Pill, StatusPill } from './badges';
import { type FilterSpec, PagedPanel } from './paged-panel';
import { ageFilter, all, capitalised, count, Row } from './panel-parts';

/**
 * The detail panels of the six cards (spec 2 §2) at any size (issue 26 #2): each panel's figures
 * come from the summary the server counts, its list a page at a time from the server, searched,
 * filtered and sorted there; aging is shown on the rows that wait.
 */

const priorityFilter: FilterSpec = {
  name: 'priority',
  label: 'Priority',
  options: [all('Any priority'), ...projectPriorities.map((p) => ({ value: p, label: capitalised(p) }))],
};
const projectSearch = 'job ID, address, homeowner name or e-mail';

function ProjectRow({
  project: p,
  aging,
  action,
}: {
  project: AdminProjectRow;
  aging?: boolean;
  action?: React.ReactNode;
}) {
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <a
          href={`/projects/${p.id}`}
          className="font-semibold [overflow-wrap:anywhere] text-primary hover:underline"
        >
          {p.title}
        </a>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">
          {[p.address, p.city, p.state].filter(Boolean).join(', ')}
        </p>
        <p className="text-muted-foreground">
          {[p.homeownerName, p.homeownerEmail].filter(Boolean).join(' · ') || 'No homeowner yet'}
          {p.contractorName ? ` · ${p.contractorName}` : ''}
        </p>
        <p className="text-muted-foreground">
          Created {formatDay(p.createdAt)}
          {aging ? (
            <span className="font-medium text-amber-900" data-testid="pending-age">
              {' '}
              · pending {daysText(p.ageDays)}
            </span>
          ) : null}
        </p>
        {p.homeownerConfirmed ? null : (
          <p data-testid="homeowner-pending">
            <Pill tone="yellow">{homeownerPendingMessages.badge}</Pill>
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <StatusPill status={p.status} />
        <span className="font-medium tabular-nums">{formatCentsWhole(p.estimatedCost, 'N/A')}</span>
        {action}
      </div>
    </Row>
  );
}

export function ProjectsPanel({ summary }: { summary: AdminSummary }) {
  const s = summary.projects.byStatus;
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Completed" value={count(s.completed)} />
        <Figure label="In Progress" value={count(s.in_progress)} />
        <Figure label="Pending" value={count(s.pending)} />
        <Figure label="Matched" value={count(s.matched)} />
      </Figures>
      <PagedPanel
        kind="projects"
        label="All projects"
        noun="projects"
        searchHint={projectSearch}
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              all('Any status'),
              ...projectStatuses.map((v) => ({ value: v, label: capitalised(statusText(v)) })),
            ],
          },
          priorityFilter,
          ageFilter,
        ]}
        sorts={[
          { value: 'createdAt', label: 'Newest first' },
          { value: 'age', label: 'Oldest first' },
          { value: 'title', label: 'Job ID' },
          { value: 'estimatedCost', label: 'Highest estimate' },
        ]}
        empty="No projects yet."
      >
        {(p) => <ProjectRow key={p.id} project={p} />}
      </PagedPanel>
    </div>
  );
}

/** Projects awaiting a contractor (pending, none assigned), oldest first, with how long each has waited. */
export function PendingPanel({ onAssign }: { onAssign: (p: AssignTarget) => void }) {
  return (
    <PagedPanel
      kind="projects"
      label="Projects awaiting a contractor"
      noun="pending projects"
      searchHint={projectSearch}
      fixed={{ status: 'pending', unassigned: 'true' }}
      filters={[priorityFilter, ageFilter]}
      sorts={[
        { value: 'age', label: 'Waiting longest' },
        { value: 'createdAt', label: 'Newest first' },
      ]}
      empty="No pending projects found."
    >
      {(p) => (
        <ProjectRow
          key={p.id}
          project={p}
          aging
          action={
            <Button size="sm" onClick={() => onAssign(p)} aria-label={`Assign Contractor to ${p.title}`}>
              Assign Contractor
            </Button>
          }
        />
      )}
    </PagedPanel>
  );
}

export function RevenuePanel({ summary }: { summary: AdminSummary }) {
  const r = summary.revenue;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Figure label="Completed Revenue" value={formatCentsWhole(r.completedRevenueCents)} />
        <Figure label="Active Pipeline" value={formatCentsWhole(r.activePipelineCents)} />
      </dl>
      <PagedPanel
        kind="projects"
        label="Projects by estimated cost"
        noun="projects"
        searchHint={projectSearch}
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: [
              all('Any status'),
              ...projectStatuses.map((v) => ({ value: v, label: capitalised(statusText(v)) })),
            ],
          },
        ]}
        sorts={[{ value: 'estimatedCost', label: 'Highest estimate' }]}
        empty="No projects with an estimated cost yet."
      >
        {(p) => <ProjectRow key={p.id} project={p} />}
      </PagedPanel>
    </div>
  );
}
