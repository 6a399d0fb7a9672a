import type { ProjectUpdateInput } from '@domain/projects/change-schemas';
import { jobSteps, jobStepsSummary } from '@domain/projects/job-steps';
import type { Project } from '@domain/projects/schemas';
import { projectMessages, WORKFLOW_EDITABLE_STATUSES } from '@domain/projects/workflow';
import {
  type StageState,
  type TrackerStageKey,
  trackerProgressPercent,
  trackerStageKeys,
  trackerStageStates,
  trackerStages,
  trackerStageUpdate,
} from '@domain/projects/workflow-steps';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Progress } from '@web/components/ui/progress';
import { serverMessage } from '@web/lib/server-message';
import { useAuth } from '@web/lib/use-auth';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { Camera, CheckCircle2, Circle, Clock, PartyPopper } from 'lucide-react';
import { useId, useState } from 'react';
import { useUpdateProject } from '../api/update-project';
import { PhotoGallery } from './files/photo-gallery';
import { PhotoUploadDialog } from './files/photo-upload-dialog';
import { formatDay } from './project-detail/format';

export type TrackerViewer = 'homeowner' | 'contractor' | 'admin';

type Choice = Parameters<typeof trackerStageUpdate>[1];

interface StageAction {
  choice?: Choice;
  label: string;
  /** The 'Project Updated' toast's sentence once the server took it. */
  done: string;
}

const stateText: Record<StageState, string> = {
  completed: 'Completed',
  in_progress: 'In Progress',
  pending: 'Pending',
};

/** What the assigned contractor may do on a stage not yet completed (spec 2 §4: the tracker's choices). */
function stageActions(stage: TrackerStageKey, state: StageState): StageAction[] {
  switch (stage) {
    case 'permits':
      return [
        { choice: 'issued', label: 'Permit Issued', done: 'The permit is marked as issued.' },
        { choice: 'not_required', label: 'Not Required', done: 'The permit is marked as not required.' },
      ];
    case 'material_delivery':
      return [
        ...(state === 'in_progress'
          ? []
          : [
              {
                choice: 'ordered' as const,
                label: 'Mark Ordered',
                done: 'The materials are marked as ordered.',
              },
            ]),
        { choice: 'delivered', label: 'Mark Delivered', done: 'The materials are marked as delivered.' },
      ];
    case 'installation':
      return [{ label: 'Mark Complete', done: 'The installation is complete and so is the project.' }];
    default:
      return [{ label: 'Mark Complete', done: `${trackerStages[stage].label} is marked complete.` }];
  }
}

/** A stage's update as sent: it sets only flags and statuses (no dates: the server stamps them). */
function stageInput(stage: TrackerStageKey, choice: Choice): ProjectUpdateInput {
  return trackerStageUpdate(stage, choice) as ProjectUpdateInput;
}

/** The date and detail a stage shows once it has moved (e.g. 'Delivered May 14, 2026'). */
function stageDetail(stage: TrackerStageKey, project: Project): string | null {
  const on = (iso: string | null) => (iso ? ` ${formatDay(iso, '')}` : '');
  switch (stage) {
    case 'homeowner_contact':
      return project.homeownerContactCompleted ? `Completed${on(project.homeownerContactDate)}` : null;
    case 'material_selection':
      if (!project.materialSelectionCompleted) return null;
      return `Completed${on(project.materialSelectionDate)}${project.selectedMaterial ? ` · ${project.selectedMaterial}` : ''}`;
    case 'contract_signature':
      return project.homeownerSignatureConfirmed ? `Signed${on(project.homeownerSignatureDate)}` : null;
    case 'permits':
      if (project.permitStatus === 'issued') return `Permit issued${on(project.permitIssuedDate)}`;
      if (project.permitStatus === 'not_required') return 'No permit required';
      if (project.permitStatus === 'applied') return `Applied${on(project.permitApplicationDate)}`;
      return null;
    case 'material_delivery':
      if (project.materialStatus === 'delivered') return `Delivered${on(project.materialDeliveredDate)}`;
      if (project.materialStatus === 'ordered') return `Ordered${on(project.materialOrderedDate)}`;
      return null;
    case 'installation':
      return project.installCompleted ? `Completed${on(project.installCompletedDate)}` : null;
  }
}

/** Why the steps are not moving yet, in the viewer's words; null while the work is under way. */
function statusNote(project: Project, isAssignedContractor: boolean): string | null {
  switch (project.status) {
    case 'cancelled':
      return projectMessages.workflowClosed;
    case 'pending':
      return 'We are matching this project with a verified contractor. The steps start once a contractor accepts it.';
    case 'matched':
      return isAssignedContractor
        ? 'This project is waiting for you. Accept it to start its workflow.'
        : 'A contractor has been assigned. The steps start once they accept the project.';
    default:
      return null;
  }
}

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
  const update = useUpdateProject();
  const [busy, setBusy] = useState<string | null>(null);
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

  function send(key: string, input: ProjectUpdateInput, done: string) {
    setBusy(key);
    update.mutate(
      { id: project.id, input },
      {
        onSuccess: () => toast({ title: 'Project Updated', description: done }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: serverMessage(error) ?? 'Failed to update project',
          }),
        onSettled: () => setBusy(null),
      },
    );
  }

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
          {trackerStageKeys.map((stage, index) => {
            const state = states[stage];
            const shared = steps[index];
            const detail = stageDetail(stage, project);
            const labelId = `${headingId}-${stage}`;
            const actions = canWork && state !== 'completed' ? stageActions(stage, state) : [];
            const last = index === trackerStageKeys.length - 1;
            return (
              <li key={stage} aria-labelledby={labelId} className="relative flex gap-4 pb-6 last:pb-0">
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
                              action.choice === 'ordered' || action.choice === 'not_required'
                                ? 'outline'
                                : 'default'
                            }
                            disabled={busy !== null}
                            onClick={() => send(key, stageInput(stage, action.choice), action.done)}
                          >
                            {busy === key ? 'Updating...' : action.label}
                          </Button>
                        );
                      })}
                      {stage === 'installation' && canWork ? (
                        <Button size="sm" variant="outline" onClick={() => setUploadOpen(true)}>
                          <Camera aria-hidden="true" />
                          Upload Installation Photos
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
        {canWork ? (
          <PhotoUploadDialog projectId={project.id} open={uploadOpen} onOpenChange={setUploadOpen} />
        ) : null}
      </CardContent>
    </Card>
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
