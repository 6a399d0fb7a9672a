import type { Project } from '@domain/projects/schemas';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { TrackerViewer } from '../progress-tracker';
import { formatDay } from './format';
import { Participants } from './participants';

/** The Project Details tab (spec 2 §2): description, timeline, participants, documents and photos. */
export function DetailsTab({ project }: { project: Project; viewer: TrackerViewer }) {
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
    </div>
  );
}
