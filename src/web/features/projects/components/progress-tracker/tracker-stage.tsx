/**
 * One stage of the progress tracker: its mark, name, state and words for the viewer, the date it
 * moved, the crew's date, the installation's photos, and the assigned contractor's buttons.
 */
import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import type { JobStep } from '@domain/projects/job-steps';
import type { Project, ProjectFile } from '@domain/projects/schemas';
import { type StageState, type TrackerStageKey, trackerStages } from '@domain/projects/workflow-steps';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import { Camera, CheckCircle2, Circle, Clock } from 'lucide-react';
import { PhotoGallery } from '../files/photo-gallery';
import { formatDay } from '../project-detail/format';
import { stageActions, stageDetail, stageInput } from './tracker-model';

const stateText: Record<StageState, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  pending: 'Pending',
};

export function TrackerStage({
  stage,
  last,
  state,
  shared,
  project,
  headingId,
  isAssignedContractor,
  canWork,
  photos,
  busy,
  send,
  onUpload,
}: {
  stage: TrackerStageKey;
  /** The last stage draws no line down to the next. */
  last: boolean;
  state: StageState;
  /** The same step in the shared job steps (its 'Next' and the crew's date). */
  shared: JobStep | undefined;
  project: Project;
  headingId: string;
  isAssignedContractor: boolean;
  canWork: boolean;
  photos: ProjectFile[];
  busy: string | null;
  send: (key: string, input: ProjectUpdateInput, done: string) => void;
  onUpload: () => void;
}) {
  const detail = stageDetail(stage, project);
  const labelId = `${headingId}-${stage}`;
  const actions = canWork && state !== 'completed' ? stageActions(stage, state) : [];
  return (
    <li aria-labelledby={labelId} className="relative flex gap-4 pb-6 last:pb-0">
      {last ? null : (
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-9 bottom-1 left-[1.0625rem] w-0.5',
            state === 'completed' ? 'bg-emerald-500' : 'bg-border',
          )}
        />
      )}
      <StageIcon state={state} />
      <div className="grid min-w-0 flex-1 gap-1 pt-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={labelId} className="font-semibold">
            {trackerStages[stage].label}
          </h3>
          <StageBadge state={state} next={state === 'pending' && shared?.state === 'current'} />
        </div>
        <p className="text-sm text-muted-foreground">
          {isAssignedContractor ? trackerStages[stage].contractor : trackerStages[stage].homeowner}
        </p>
        {detail ? <p className="text-sm font-medium">{detail}</p> : null}
        {shared?.scheduledDate ? (
          <p className="text-sm font-medium" data-testid="crew-date">
            {shared.detail?.startsWith('Crew scheduled for ')
              ? shared.detail
              : `Crew scheduled for ${formatDay(shared.scheduledDate, '')}`}
          </p>
        ) : null}
        {stage === 'installation' && photos.length > 0 ? (
          <PhotoGallery files={photos} className="mt-2 grid-cols-3 sm:grid-cols-4 lg:grid-cols-6" />
        ) : null}
        {actions.length > 0 || (stage === 'installation' && canWork) ? (
          <div className="mt-2 flex flex-wrap gap-2">
            {actions.map((action) => {
              const key = `${stage}:${action.choice ?? 'done'}`;
              return (
                <Button
                  key={key}
                  size="sm"
                  variant={
                    action.choice === 'ordered' || action.choice === 'not_required' ? 'outline' : 'default'
                  }
                  disabled={busy !== null}
                  onClick={() => send(key, stageInput(stage, action.choice), action.done)}
                >
                  {busy === key ? 'Updating...' : action.label}
                </Button>
              );
            })}
            {stage === 'installation' && canWork ? (
              <Button size="sm" variant="outline" onClick={onUpload}>
                <Camera aria-hidden="true" />
                Upload Installation Photos
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function StageIcon({ state }: { state: StageState }) {
  const common = 'relative z-10 flex size-9 shrink-0 items-center justify-center rounded-full border-2';
  if (state === 'completed') {
    return (
      <span className={cn(common, 'border-emerald-500 bg-emerald-500 text-white')}>
        <CheckCircle2 aria-hidden="true" className="size-5" />
      </span>
    );
  }
  if (state === 'in_progress') {
    return (
      <span className={cn(common, 'border-amber-500 bg-amber-50 text-amber-700')}>
        <Clock aria-hidden="true" className="size-5" />
      </span>
    );
  }
  return (
    <span className={cn(common, 'border-border bg-card text-muted-foreground')}>
      <Circle aria-hidden="true" className="size-4" />
    </span>
  );
}

function StageBadge({ state, next }: { state: StageState; next: boolean }) {
  if (next) {
    return (
      <span className="inline-flex items-center rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
        Next
      </span>
    );
  }
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold',
        state === 'completed' && 'bg-emerald-100 text-emerald-900',
        state === 'in_progress' && 'bg-amber-100 text-amber-900',
        state === 'pending' && 'bg-muted text-muted-foreground',
      )}
    >
      {stateText[state]}
    </span>
  );
}
