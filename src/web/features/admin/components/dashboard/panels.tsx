import type { AdminContractorRow, AdminProjectRow, AdminSummary, AdminUserRow } from '@domain/admin/lists';
import { formatCentsWhole } from '@domain/payments/money';
import { homeownerPendingMessages } from '@domain/projects/job-file';
import { projectPriorities, projectStatuses, statusText } from '@domain/projects/workflow';
import { Button } from '@web/components/ui/button';
import type * as React from 'react';
import type { AssignTarget } from './assign-dialog';
import { daysText, Figure, Figures, formatDay, Pill, StatusPill, VerificationPill } from './badges';
import { type Choice, type FilterSpec, PagedPanel } from './paged-panel';

/**
 * The detail panels of the six cards (spec 2 §2) at any size (issue 26 #2): each panel's figures
 * come from the summary the server counts, its list a page at a time from the server, searched,
 * filtered and sorted there; aging is shown on the rows that wait.
 */

const count = (n: number) => n.toLocaleString('en-US');
const all = (label: string): Choice => ({ value: '', label });
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const ageFilter: FilterSpec = {
  name: 'minAgeDays',
  label: 'Age',
  options: [
    all('Any age'),
    { value: '7', label: '7 days or more' },
    { value: '30', label: '30 days or more' },
    { value: '90', label: '90 days or more' },
  ],
};
const priorityFilter: FilterSpec = {
  name: 'priority',
  label: 'Priority',
  options: [all('Any priority'), ...projectPriorities.map((p) => ({ value: p, label: capitalised(p) }))],
};
const projectSearch = 'job ID, address, homeowner name or e-mail';

function Row({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between">
      {children}
    </li>
  );
}

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

/** What a row's button asks for: the Review dialog (awaiting a decision) or View Details (verified). */
export type ContractorAction = { contractorId: string; mode: 'review' | 'details' };

export function ContractorsPanel({
  summary,
  onOpen,
}: {
  summary: AdminSummary;
  onOpen: (action: ContractorAction) => void;
}) {
  const c = summary.contractors;
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Verified" value={count(c.verified)} />
        <Figure label="Pending" value={count(c.pendingVerification)} />
        <Figure label="Available" value={count(c.available)} />
        <Figure label="Total Projects" value={count(c.assignedProjects)} />
      </Figures>
      <PagedPanel
        kind="contractors"
        label="All contractors"
        noun="contractors"
        searchHint="company, contact name or e-mail"
        filters={[
          {
            name: 'status',
            label: 'Verification',
            options: [
              all('Any status'),
              { value: 'awaiting', label: 'Awaiting a decision' },
              { value: 'verified', label: 'Verified' },
              { value: 'rejected', label: 'Rejected' },
            ],
          },
          {
            name: 'available',
            label: 'Availability',
            options: [
              all('Any'),
              { value: 'true', label: 'Available' },
              { value: 'false', label: 'Not available' },
            ],
          },
          ageFilter,
        ]}
        sorts={[
          { value: 'createdAt', label: 'Newest first' },
          { value: 'age', label: 'Oldest first' },
          { value: 'companyName', label: 'Company' },
        ]}
        empty="No contractors yet."
      >
        {(k) => <ContractorRow key={k.id} contractor={k} onOpen={onOpen} />}
      </PagedPanel>
    </div>
  );
}

function ContractorRow({
  contractor: k,
  onOpen,
}: {
  contractor: AdminContractorRow;
  onOpen: (action: ContractorAction) => void;
}) {
  const awaiting = k.verificationStatus === 'pending' || k.verificationStatus === 'pending_verification';
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold [overflow-wrap:anywhere]">{k.companyName}</p>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">
          {k.contactName} · {k.contactEmail}
        </p>
        <p className="text-muted-foreground">
          {[k.businessCity, k.businessState].filter(Boolean).join(', ') || 'No business address yet'} ·
          Applied {formatDay(k.createdAt)}
          {awaiting ? (
            <span className="font-medium text-amber-900"> · waiting {daysText(k.ageDays)}</span>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <VerificationPill status={k.verificationStatus} />
        {awaiting ? (
          <Button
            size="sm"
            onClick={() => onOpen({ contractorId: k.id, mode: 'review' })}
            aria-label={`Review ${k.companyName}`}
          >
            Review
          </Button>
        ) : k.verificationStatus === 'verified' ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onOpen({ contractorId: k.id, mode: 'details' })}
            aria-label={`View Details of ${k.companyName}`}
          >
            View Details
          </Button>
        ) : null}
      </div>
    </Row>
  );
}

export function UsersPanel({ summary }: { summary: AdminSummary }) {
  const u = summary.users;
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Homeowners" value={count(u.homeowner)} />
        <Figure label="Contractors" value={count(u.contractor)} />
        <Figure label="Admins" value={count(u.admin)} />
      </Figures>
      <PagedPanel
        kind="users"
        label="All users"
        noun="users"
        searchHint="e-mail, first or last name"
        filters={[
          {
            name: 'userType',
            label: 'Type',
            options: [
              all('Any type'),
              { value: 'homeowner', label: 'Homeowners' },
              { value: 'contractor', label: 'Contractors' },
              { value: 'admin', label: 'Admins' },
            ],
          },
          {
            name: 'verified',
            label: 'Account',
            options: [
              all('Any'),
              { value: 'true', label: 'Confirmed' },
              { value: 'false', label: 'Not confirmed' },
            ],
          },
          ageFilter,
        ]}
        sorts={[
          { value: 'createdAt', label: 'Newest first' },
          { value: 'email', label: 'E-mail' },
        ]}
        empty="No users yet."
      >
        {(user) => <UserRow key={user.id} user={user} />}
      </PagedPanel>
    </div>
  );
}

function UserRow({ user: u }: { user: AdminUserRow }) {
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold [overflow-wrap:anywhere]">
          {[u.firstName, u.lastName].filter(Boolean).join(' ') || 'No name given'}
        </p>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">{u.email}</p>
        <p className="text-muted-foreground">Joined {formatDay(u.createdAt)}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Pill tone="gray">{u.userType}</Pill>
        {u.isVerified ? <Pill tone="green">Verified</Pill> : null}
      </div>
    </Row>
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
