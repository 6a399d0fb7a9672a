import type { Project } from '@domain/projects/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { DocumentsList } from '../files/documents-list';
import { PhotoGallery } from '../files/photo-gallery';
import type { TrackerViewer } from '../progress-tracker';
import { formatDay } from './format';
import { Participants } from './participants';

/** The Project Details tab (spec 2 §2): description, timeline, participants, documents and photos. */
export function DetailsTab({ project, viewer }: { project: Project; viewer: TrackerViewer }) {
  const hasDocuments = project.files.some((f) => f.kind === 'document');
  const photos = project.files.filter((f) => f.kind === 'install_photo');
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Description</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="whitespace-pre-line break-words">
            {project.description?.trim() || 'No description provided'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Created</dt>
              <dd className="font-medium">{formatDay(project.createdAt, 'Not recorded')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Started</dt>
              <dd className="font-medium">{formatDay(project.startDate, 'Not started')}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Completed</dt>
              <dd className="font-medium">{formatDay(project.completionDate, 'Not completed')}</dd>
            </div>
          </dl>
        </CardContent>
      </Card>
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
