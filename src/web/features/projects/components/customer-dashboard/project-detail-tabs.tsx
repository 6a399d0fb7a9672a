import { formatCents } from '@domain/payments/money';
import type { Project } from '@domain/projects/schemas';
import { statusText } from '@domain/projects/status-badges';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import type * as React from 'react';
import { useId } from 'react';
import { DocumentsList } from '../files/documents-list';
import { ImagesPanel } from '../files/images-panel';
import { PhotoGallery } from '../files/photo-gallery';
import { formatDay, formatRoofArea, formatRoofAreaWithSource } from '../project-detail/format';
import { jobFactRows } from '../project-detail/job-facts';
import { Fact, fullAddress, NOT_SPECIFIED } from './detail-facts';
import type { DetailTab } from './use-dashboard-selection';

/**
 * The tabs of the dashboard's project detail (spec 2 §2): Overview, Details, Documents and
 * Images (the images panel and the installation photos).
 */

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

/** The tab list and the chosen tab's panel; the tab is the dashboard's selection (use-dashboard-selection). */
export function ProjectDetailTabs({
  project,
  tab,
  onTabChange,
  tabsRef,
  canUpload,
}: {
  project: Project;
  canUpload: boolean;
  tab: DetailTab;
  onTabChange: (tab: DetailTab) => void;
  tabsRef?: React.Ref<HTMLDivElement>;
}) {
  const photosId = useId();
  return (
    <Tabs ref={tabsRef} value={tab} onValueChange={(v) => onTabChange(v as DetailTab)}>
      <TabsList aria-label="Project information" className="grid w-full grid-cols-4 sm:inline-flex sm:w-auto">
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
  );
}
