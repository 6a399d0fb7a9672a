import type { Project } from '@domain/projects/schemas';
import { priorityTones } from '@domain/projects/status-badges';
import type { ProjectPriority } from '@domain/projects/workflow';
import { reviewCountText } from '@domain/reviews/rating';
import { CredentialBadges } from '@web/components/contractor-credentials/credential-badges';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { CalendarDays, ExternalLink, HardHat, MapPin, Star, User } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ProgressTracker } from '../progress-tracker/progress-tracker';
import { formatDay, homeownerContact, personName } from '../project-detail/format';
import { CloseoutStageBadge, ProjectStatusBadge, ToneBadge } from '../project-status-badge';
import { Fact, fullAddress, NOT_SPECIFIED } from './detail-facts';
import { ProjectDetailTabs } from './project-detail-tabs';
import { ProjectProgressCard } from './project-progress-card';
import type { DetailTab } from './use-dashboard-selection';

function priorityText(priority: ProjectPriority): string {
  return `${priority} priority`;
}

/** Title, address, created date, status and priority badges, and the way to the full project page. */
function DetailHeader({ project, ref }: { project: Project; ref?: React.Ref<HTMLHeadingElement> }) {
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2
              ref={ref}
              tabIndex={-1}
              className="text-xl font-bold tracking-tight outline-none sm:text-2xl"
              data-testid="detail-title"
            >
              {project.title}
            </h2>
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{fullAddress(project)}</span>
            </p>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
              Created {formatDay(project.createdAt, 'on an unknown date')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <ProjectStatusBadge status={project.status} forHomeowner />
            <CloseoutStageBadge project={project} viewer="homeowner" />
            <ToneBadge tone={priorityTones[project.priority]}>{priorityText(project.priority)}</ToneBadge>
          </div>
        </div>
        <div>
          <Button asChild variant="outline" size="sm">
            <Link href={`/projects/${encodeURIComponent(project.id)}`}>
              <ExternalLink aria-hidden="true" />
              Open full project page
            </Link>
          </Button>
        </div>
      </CardHeader>
    </Card>
  );
}

/** Homeowner block (name, email, phone) and contractor block, or 'No contractor assigned yet'. */
function People({ project }: { project: Project }) {
  const { contractor } = project;
  const contact = homeownerContact(project);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-1">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <User aria-hidden="true" className="size-4 text-primary" /> Homeowner
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-2 text-sm" data-testid="homeowner-block">
            <Fact label="Name">{contact.name ?? NOT_SPECIFIED}</Fact>
            <Fact label="Email">{contact.email ?? NOT_SPECIFIED}</Fact>
            <Fact label="Phone">{contact.phone ?? NOT_SPECIFIED}</Fact>
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="flex items-center gap-2 text-base">
            <HardHat aria-hidden="true" className="size-4 text-primary" /> Contractor
          </CardTitle>
        </CardHeader>
        <CardContent data-testid="contractor-block">
          {contractor ? (
            <>
              <dl className="grid gap-2 text-sm">
                <Fact label="Company">{contractor.companyName}</Fact>
                <Fact label="Contact">{personName(contractor.user, NOT_SPECIFIED)}</Fact>
                <Fact label="Rating">
                  <span className="inline-flex items-center gap-1">
                    <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
                    {contractor.reviewCount > 0
                      ? `${contractor.rating.toFixed(1)}/5 (${reviewCountText(contractor.reviewCount)})`
                      : reviewCountText(0)}
                  </span>
                </Fact>
                <Fact label="Total projects">{contractor.totalProjects}</Fact>
              </dl>
              <CredentialBadges
                licensedUntil={contractor.licensedUntil}
                insuredUntil={contractor.insuredUntil}
                className="mt-3"
              />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No contractor assigned yet</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/** The project detail view inside the homeowner dashboard (spec 2 §2). */
export function ProjectDetail({
  project,
  tab,
  onTabChange,
  headingRef,
  tabsRef,
  canUpload,
}: {
  project: Project;
  /** The project's homeowner (and admins) may add documents and images; the server decides. */
  canUpload: boolean;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  /** The title, focused when a project is chosen so keyboard and screen reader users land on it. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** Around the tabs, so View Documents can move the focus to the tab it opened. */
  tabsRef?: React.Ref<HTMLDivElement>;
}) {
  return (
    <div className="grid min-w-0 gap-4" data-testid="project-detail">
      <DetailHeader ref={headingRef} project={project} />
      {/* on a wide screen the tall six-stage tracker stands beside the people and the timeline */}
      <div className="grid items-start gap-4 xl:grid-cols-2">
        <div className="grid gap-4">
          <People project={project} />
          <ProjectProgressCard project={project} />
        </div>
        <ProgressTracker
          project={project}
          viewer="homeowner"
          title="Step-by-Step Progress"
          showPercent={false}
        />
      </div>
      <ProjectDetailTabs
        project={project}
        tab={tab}
        onTabChange={onTabChange}
        tabsRef={tabsRef}
        canUpload={canUpload}
      />
    </div>
  );
}
