import { jobTimeline } from '@domain/projects/job-steps';
import type { Project } from '@domain/projects/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { DocumentsList } from '../files/documents-list';
import { PhotoGallery } from '../files/photo-gallery';
import type { TrackerViewer } from '../progress-tracker/progress-tracker';
import { formatDay } from './format';
import { jobFactRows } from './job-facts';
import { Participants } from './participants';

/** The Project Details tab (spec 2 §2): description, timeline, participants, documents and photos. */
export function DetailsTab({ project, viewer }: { project: Project; viewer: TrackerViewer }) {
  const hasDocuments =
    project.files.some((f) => f.kind === 'document') ||
    project.reportUrl !== null ||
    project.measurementFileUrl !== null ||
    // a job under way or done has payments, whose receipts are in the job file; a completed
    // job's warranty certificate is kept there too (issue 25 #6)
    project.status === 'in_progress' ||
    project.status === 'completed';
  const facts = jobFactRows(project);
  const photos = project.files.filter((f) => f.kind === 'install_photo');
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Description</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-line [overflow-wrap:anywhere]">
            {project.description?.trim() || 'No description provided'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="timeline">
            {jobTimeline(project).map((step) => (
              <div key={step.key}>
                <dt className="text-muted-foreground">{step.label}</dt>
                <dd className="font-medium">
                  {step.done ? formatDay(step.date, 'Date not recorded') : 'Not yet'}
                </dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      {facts.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Job Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm sm:grid-cols-3" data-testid="job-facts">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Participants</CardTitle>
        </CardHeader>
        <CardContent>
          <Participants project={project} />
        </CardContent>
      </Card>
      {hasDocuments ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Documents</CardTitle>
          </CardHeader>
          <CardContent>
            {/* the homeowner and admins add documents; the contractor reads them (spec 2 §6) */}
            <DocumentsList project={project} canUpload={viewer !== 'contractor'} />
          </CardContent>
        </Card>
      ) : null}
      {photos.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Installation Photos</CardTitle>
          </CardHeader>
          <CardContent>
            <PhotoGallery files={photos} />
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
