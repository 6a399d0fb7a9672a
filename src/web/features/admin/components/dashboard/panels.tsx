import type { PublicUser } from '@domain/auth/schemas';
import type { ContractorProfileDetail } from '@domain/contractors/credentials';
import { formatCentsWhole } from '@domain/payments/money';
import { homeownerPendingMessages } from '@domain/projects/job-file';
import type { Project } from '@domain/projects/schemas';
import { reviewCountText } from '@domain/reviews/rating';
import { Button } from '@web/components/ui/button';
import { Star } from 'lucide-react';
import type * as React from 'react';
import {
  contractorCounts,
  isPendingVerification,
  pendingProjects,
  projectStatusCounts,
  revenueSummary,
  userTypeCounts,
} from '../dashboard-model';
import { Empty, Figure, Figures, formatDay, Pill, StatusPill, VerificationPill } from './badges';

function PanelList({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <ul aria-label={label} className="grid gap-2">
      {children}
    </ul>
  );
}

function Row({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-lg border bg-card p-3 text-sm [overflow-wrap:anywhere] sm:flex-row sm:items-center sm:justify-between">
      {children}
    </li>
  );
}

function ProjectRow({ project, action }: { project: Project; action?: React.ReactNode }) {
  return (
    <Row>
      <div className="grid min-w-0 gap-0.5">
        <a
          href={`/projects/${project.id}`}
          className="font-semibold [overflow-wrap:anywhere] text-primary hover:underline"
        >
          {project.title}
        </a>
        <p className="[overflow-wrap:anywhere] text-muted-foreground">
          {[project.address, project.city, project.state].filter(Boolean).join(', ')}
        </p>
        <p className="text-muted-foreground">Created {formatDay(project.createdAt)}</p>
        {project.homeownerConfirmed ? null : (
          <p data-testid="homeowner-pending">
            <Pill tone="yellow">{homeownerPendingMessages.badge}</Pill>
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <StatusPill status={project.status} />
        <span className="font-medium tabular-nums">{formatCentsWhole(project.estimatedCost, 'N/A')}</span>
        {action}
      </div>
    </Row>
  );
}

export function ProjectsPanel({ projects }: { projects: Project[] }) {
  const c = projectStatusCounts(projects);
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Completed" value={c.completed} />
        <Figure label="In Progress" value={c.inProgress} />
        <Figure label="Pending" value={c.pending} />
        <Figure label="Matched" value={c.matched} />
      </Figures>
      {projects.length === 0 ? (
        <Empty>No projects yet.</Empty>
      ) : (
        <PanelList label="All projects">
          {projects.map((p) => (
            <ProjectRow key={p.id} project={p} />
          ))}
        </PanelList>
      )}
    </div>
  );
}

export function PendingPanel({
  projects,
  onAssign,
}: {
  projects: Project[];
  onAssign: (p: Project) => void;
}) {
  const pending = pendingProjects(projects);
  if (pending.length === 0) return <Empty>No pending projects found.</Empty>;
  return (
    <PanelList label="Projects awaiting a contractor">
      {pending.map((p) => (
        <ProjectRow
          key={p.id}
          project={p}
          action={
            <Button size="sm" onClick={() => onAssign(p)} aria-label={`Assign Contractor to ${p.title}`}>
              Assign Contractor
            </Button>
          }
        />
      ))}
    </PanelList>
  );
}

export function ContractorsPanel({
  contractors,
  projects,
  onReview,
  onDetails,
}: {
  contractors: ContractorProfileDetail[];
  projects: readonly Project[];
  onReview: (c: ContractorProfileDetail) => void;
  onDetails: (c: ContractorProfileDetail) => void;
}) {
  const c = contractorCounts(contractors, projects);
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Verified" value={c.verified} />
        <Figure label="Pending" value={c.pending} />
        <Figure label="Available" value={c.available} />
        <Figure label="Total Projects" value={c.totalProjects} />
      </Figures>
      {contractors.length === 0 ? (
        <Empty>No contractors yet.</Empty>
      ) : (
        <PanelList label="All contractors">
          {contractors.map((k) => (
            <Row key={k.id}>
              <div className="grid min-w-0 gap-0.5">
                <p className="font-semibold [overflow-wrap:anywhere]">{k.companyName}</p>
                <p className="[overflow-wrap:anywhere] text-muted-foreground">
                  {[k.user.firstName, k.user.lastName].filter(Boolean).join(' ') || k.contactName} ·{' '}
                  {k.user.email}
                </p>
                <p className="text-muted-foreground">
                  {k.yearsExperience} years experience · {k.totalProjects} projects ·{' '}
                  <span className="inline-flex items-center gap-0.5">
                    <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
                    {k.reviewCount > 0 ? k.rating.toFixed(1) : 'No reviews yet'}
                    {k.reviewCount > 0 ? <span className="sr-only"> out of 5</span> : null}
                    {k.reviewCount > 0 ? ` (${reviewCountText(k.reviewCount)})` : null}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-3">
                <VerificationPill status={k.verificationStatus} />
                {isPendingVerification(k) ? (
                  <Button size="sm" onClick={() => onReview(k)} aria-label={`Review ${k.companyName}`}>
                    Review
                  </Button>
                ) : k.verificationStatus === 'verified' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => onDetails(k)}
                    aria-label={`View Details of ${k.companyName}`}
                  >
                    View Details
                  </Button>
                ) : null}
              </div>
            </Row>
          ))}
        </PanelList>
      )}
    </div>
  );
}

export function UsersPanel({ users }: { users: PublicUser[] }) {
  const c = userTypeCounts(users);
  return (
    <div className="grid gap-4">
      <Figures>
        <Figure label="Homeowners" value={c.homeowners} />
        <Figure label="Contractors" value={c.contractors} />
        <Figure label="Admins" value={c.admins} />
      </Figures>
      {users.length === 0 ? (
        <Empty>No users yet.</Empty>
      ) : (
        <PanelList label="All users">
          {users.map((u) => (
            <Row key={u.id}>
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
          ))}
        </PanelList>
      )}
    </div>
  );
}

export function RevenuePanel({ projects }: { projects: Project[] }) {
  const r = revenueSummary(projects);
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Figure label="Completed Revenue" value={formatCentsWhole(r.completedRevenue)} />
        <Figure label="Active Pipeline" value={formatCentsWhole(r.activePipeline)} />
      </dl>
      {r.byValue.length === 0 ? (
        <Empty>No projects with an estimated cost yet.</Empty>
      ) : (
        <PanelList label="Projects by estimated cost">
          {r.byValue.map((p) => (
            <ProjectRow key={p.id} project={p} />
          ))}
        </PanelList>
      )}
    </div>
  );
}
