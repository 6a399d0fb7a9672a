import { jobStepsSummary } from '@domain/projects/job-steps';
import type { Project } from '@domain/projects/schemas';
import { dashboardProgressPercent, dashboardStepsDone } from '@domain/projects/workflow-steps';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { Camera } from 'lucide-react';
import { useId } from 'react';
import { PhotoUploadDialog } from '../files/photo-upload-dialog';
import { ProjectCardHeader } from './project-card-header';
import { StepTiles } from './step-tiles';
import { STEP_ACTION } from './update-step-dialog';
import { useCardFocus } from './use-card-focus';
import { useReturningDialog } from './use-returning-dialog';

/**
 * An Active Projects card: title, address, status, progress and the six step tiles (spec 2 §2).
 * The bar is the spec's checklist formula (the six tiles below), labelled as such; the job steps
 * line is the list the homeowner's tracker shows, with the same next step.
 */
export function ActiveProjectCard({
  project,
  focusTitle,
  onFocusLost,
}: {
  project: Project;
  /** Take the focus on the title when shown (the project just accepted). */
  focusTitle?: boolean;
  onFocusLost?: () => void;
}) {
  const id = useId();
  const ref = useCardFocus<HTMLDivElement>({ onFocusLost, focusTitle, titleId: `${id}-title` });
  const percent = dashboardProgressPercent(project);
  const checklistDone = Object.values(dashboardStepsDone(project)).filter(Boolean).length;
  const summary = jobStepsSummary(project);
  const photos = useReturningDialog();
  return (
    <Card ref={ref} role="article" aria-labelledby={`${id}-title`} data-project-id={project.id}>
      <CardHeader className="gap-4 pb-4">
        <ProjectCardHeader project={project} titleId={`${id}-title`} />
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-x-3 text-sm">
            <span id={`${id}-progress`} className="font-medium">
              Checklist progress: {checklistDone} of 6 checklist steps done
            </span>
            <span className="font-semibold tabular-nums">{percent}%</span>
          </div>
          <Progress value={percent} aria-labelledby={`${id}-progress`} />
          {/* the job's steps as the homeowner reads them, from the same list (issue 23 #5) */}
          <p className="text-sm text-muted-foreground" data-testid="job-steps-summary">
            Job steps: {summary.text}
            {summary.next ? ` · Next: ${summary.next.label}` : ''}
          </p>
        </div>
      </CardHeader>
      <CardContent>
        <StepTiles
          project={project}
          photosButton={
            <Button
              ref={photos.buttonRef}
              variant="outline"
              size="sm"
              className={STEP_ACTION}
              aria-label="Photos: Upload Installation Photos"
              onClick={photos.show}
            >
              <Camera aria-hidden="true" />
              Photos
            </Button>
          }
        />
        <PhotoUploadDialog projectId={project.id} open={photos.open} onOpenChange={photos.onOpenChange} />
      </CardContent>
    </Card>
  );
}
