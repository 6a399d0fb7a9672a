import { jobSteps, jobStepsSummary } from '@domain/projects/job-steps';
import type { Project } from '@domain/projects/schemas';
import { WORKFLOW_EDITABLE_STATUSES } from '@domain/projects/workflow';
import {
  trackerProgressPercent,
  trackerStageKeys,
  trackerStageStates,
} from '@domain/projects/workflow-steps';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { useAuth } from '@web/lib/use-auth';
import { PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import { PhotoUploadDialog } from '../files/photo-upload-dialog';
import { statusNote } from './tracker-model';
import { TrackerStage } from './tracker-stage';
import { useTrackerUpdate } from './use-tracker-update';

export type TrackerViewer = 'homeowner' | 'contractor' | 'admin';

/**
 * The project progress tracker (spec 2 §2, §4): six stages in order, each completed, in progress
 * or pending, and the share completed. The contractor assigned to the project accepts a new match
 * here and completes the stages not yet completed; everyone else (the homeowner, an admin) reads
 * the homeowner's words for each stage. Who may change what is the server's decision; this only
 * chooses what to offer.
 */
export function ProgressTracker({
  project,
  viewer,
  title = 'Project Progress',
  showPercent = true,
}: {
  project: Project;
  viewer: TrackerViewer;
  /** The card's title; a screen that already has a 'Project Progress' card names this one apart. */
  title?: string;
  /**
   * Whether to print the steps' percentage beside the count. A screen that already shows another
   * percentage (the homeowner dashboard's status progress) leaves it out: no screen shows two
   * percentages that disagree (issue 23 #5).
   */
  showPercent?: boolean;
}) {
  const { user } = useAuth();
  const { busy, send } = useTrackerUpdate(project.id);
  const [uploadOpen, setUploadOpen] = useState(false);
  const headingId = useId();

  const isAssignedContractor =
    viewer === 'contractor' && user !== null && project.contractor?.userId === user.id;
  const canWork = isAssignedContractor && WORKFLOW_EDITABLE_STATUSES.includes(project.status);
  const canAccept = isAssignedContractor && project.status === 'matched';
  const states = trackerStageStates(project);
  const percent = trackerProgressPercent(project);
  const steps = jobSteps(project);
  const summary = jobStepsSummary(project);
  const note = statusNote(project, isAssignedContractor);
  const photos = project.files.filter((f) => f.kind === 'install_photo');

  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id={headingId}>{title}</CardTitle>
          <p aria-live="polite" className="text-sm font-semibold" id={`${headingId}-count`}>
            <span data-testid="tracker-count">{summary.text}</span>
            {showPercent ? (
              <span className="text-muted-foreground">
                {' · '}
                <span data-testid="tracker-percent">{percent}% complete</span>
              </span>
            ) : null}
          </p>
        </div>
        <Progress value={percent} aria-labelledby={`${headingId} ${headingId}-count`} />
        {percent === 100 ? (
          <p className="flex items-center gap-2 font-semibold text-emerald-700" role="status">
            <PartyPopper aria-hidden="true" className="size-5" />
            Project completed!
          </p>
        ) : null}
        {note ? <CardDescription>{note}</CardDescription> : null}
        {canAccept ? (
          <div>
            <Button
              onClick={() =>
                send('accept', { status: 'in_progress' }, 'You accepted this project. Its workflow is open.')
              }
              disabled={busy !== null}
            >
              {busy === 'accept' ? 'Accepting...' : 'Accept Project'}
            </Button>
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        <ol className="grid gap-0">
          {trackerStageKeys.map((stage, index) => (
            <TrackerStage
              key={stage}
              stage={stage}
              last={index === trackerStageKeys.length - 1}
              state={states[stage]}
              shared={steps[index]}
              project={project}
              headingId={headingId}
              isAssignedContractor={isAssignedContractor}
              canWork={canWork}
              photos={photos}
              busy={busy}
              send={send}
              onUpload={() => setUploadOpen(true)}
            />
          ))}
        </ol>
        {canWork ? (
          <PhotoUploadDialog projectId={project.id} open={uploadOpen} onOpenChange={setUploadOpen} />
        ) : null}
      </CardContent>
    </Card>
  );
}
