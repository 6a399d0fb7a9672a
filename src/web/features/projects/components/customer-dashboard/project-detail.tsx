import { formatCents } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { type ProjectPriority, priorityTones, statusText } from '@domain/projects/workflow';
import { reviewCountText } from '@domain/reviews/rating';
import { CredentialBadges } from '@web/components/contractor-credentials/credential-badges';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { CalendarDays, ExternalLink, HardHat, MapPin, Star, User } from 'lucide-react';
import type * as React from 'react';
import { useId } from 'react';
import { Link } from 'wouter';
import { DocumentsList } from '../files/documents-list';
import { ImagesPanel } from '../files/images-panel';
import { PhotoGallery } from '../files/photo-gallery';
import { ProgressTracker } from '../progress-tracker/progress-tracker';
import {
  cityLine,
  formatDay,
  formatRoofArea,
  formatRoofAreaWithSource,
  homeownerContact,
  personName,
} from '../project-detail/format';
import { jobFactRows } from '../project-detail/job-facts';
import { CloseoutStageBadge, ProjectStatusBadge, ToneBadge } from '../project-status-badge';
import { ProjectProgressCard } from './project-progress-card';
import type { DetailTab } from './use-dashboard-selection';

const NOT_SPECIFIED = 'Not specified';

/** One label and value of a definition list. */
function Fact({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 font-medium [overflow-wrap:anywhere] whitespace-pre-line">{children}</dd>
    </div>
  );
}

function fullAddress(p: Project): string {
  return [p.address, cityLine(p.city, p.state, p.zipCode)].filter(Boolean).join(', ');
}

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

function OverviewTab({ project }: { project: Project }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Project Details</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm">
            <Fact label="Description">{project.description?.trim() || 'No description provided'}</Fact>
            <Fact label="Roof area">{formatRoofAreaWithSource(project, NOT_SPECIFIED)}</Fact>
            <Fact label="Roof type">{project.roofType ?? NOT_SPECIFIED}</Fact>
            <Fact label="Material preference">{project.materialPreference ?? NOT_SPECIFIED}</Fact>
            {jobFactRows(project)
              .filter(([label]) => label !== 'Roof area')
              .map(([label, value]) => (
                <Fact key={label} label={label}>
                  {value}
                </Fact>
              ))}
          </dl>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="pb-3">
          <CardTitle className="text-base">Financial Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm" data-testid="financial-information">
            <Fact label="Estimated cost">{formatCents(project.estimatedCost, 'Not calculated')}</Fact>
            <Fact label="Final cost">{formatCents(project.finalCost, 'Not finalized')}</Fact>
            <Fact label="Start date">{formatDay(project.startDate, 'Not scheduled')}</Fact>
            <Fact label="Completion date">{formatDay(project.completionDate, 'Not scheduled')}</Fact>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

function DetailsTab({ project }: { project: Project }) {
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Fact label="Full address" wide>
            {fullAddress(project)}
          </Fact>
          <Fact label="Roof area">{formatRoofArea(project.roofArea, NOT_SPECIFIED)}</Fact>
          <Fact label="Roof type">{project.roofType ?? NOT_SPECIFIED}</Fact>
          <Fact label="Material preference">{project.materialPreference ?? NOT_SPECIFIED}</Fact>
          <Fact label="Priority">
            <span className="capitalize">{project.priority}</span>
          </Fact>
          <Fact label="Status">
            <span className="capitalize">{statusText(project.status)}</span>
          </Fact>
          <Fact label="Created">{formatDay(project.createdAt, NOT_SPECIFIED)}</Fact>
          <Fact label="Last updated">{formatDay(project.updatedAt, NOT_SPECIFIED)}</Fact>
          <Fact label="Description" wide>
            {project.description?.trim() || 'No description provided'}
          </Fact>
        </dl>
      </CardContent>
    </Card>
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
  const photosId = useId();
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
      <Tabs ref={tabsRef} value={tab} onValueChange={(v) => onTabChange(v as DetailTab)}>
        <TabsList
          aria-label="Project information"
          className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto"
        >
          <TabsTrigger value="overview" className="px-1 sm:px-3">
            Overview
          </TabsTrigger>
          <TabsTrigger value="details" className="px-1 sm:px-3">
            Details
          </TabsTrigger>
          <TabsTrigger value="documents" className="px-1 sm:px-3">
            Documents
          </TabsTrigger>
          <TabsTrigger value="images" className="px-1 sm:px-3">
            Images
          </TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab project={project} />
        </TabsContent>
        <TabsContent value="details">
          <DetailsTab project={project} />
        </TabsContent>
        <TabsContent value="documents">
          <Card>
            <CardContent className="pt-6">
              <DocumentsList project={project} canUpload={canUpload} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="images">
          <Card>
            <CardContent className="grid gap-6 pt-6">
              <ImagesPanel project={project} canUpload={canUpload} />
              <section aria-labelledby={photosId} className="grid gap-3">
                <h3 id={photosId} className="font-semibold">
                  Installation Photos
                </h3>
                <PhotoGallery
                  files={project.files.filter((f) => f.kind === 'install_photo')}
                  emptyText="No installation photos uploaded yet"
                />
              </section>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
