/**
 * One story of a job for both sides (issue 23 #5): the steps done, the current ones and those
 * next, each with its date, and the timeline of the project's milestones. The homeowner's tracker,
 * the project page (homeowner, contractor, admin) and the contractor's dashboard read these, so the
 * two parties never see different steps or dates. The spec's percentages stay where the spec shows
 * them (workflow.ts projectProgressPercent, workflow-steps.ts dashboardProgressPercent and
 * trackerProgressPercent); each screen labels what its figure counts.
 */

import { crewDateText } from './crew-date';
import type { ProjectStatus, WorkflowState } from './workflow';
import { type TrackerStageKey, trackerStageKeys, trackerStageStates, trackerStages } from './workflow-steps';

export type JobStepState = 'done' | 'current' | 'next';

export interface JobStep {
  key: TrackerStageKey;
  label: string;
  state: JobStepState;
  /** What the date is ('Completed', 'Permit issued', 'Ordered'...), null without one. */
  dateLabel: string | null;
  /** The step's date (ISO), null when it has none yet. */
  date: string | null;
  /** More about the step: the material chosen, 'No permit required', 'Crew scheduled'. */
  detail: string | null;
  /** A date ahead for a step not done: the crew's date on the installation step. */
  scheduledDate: string | null;
}

type DateLike = Date | string | null;
type StepSource = Pick<
  WorkflowState,
  | 'homeownerContactCompleted'
  | 'homeownerContactDate'
  | 'materialSelectionCompleted'
  | 'materialSelectionDate'
  | 'selectedMaterial'
  | 'homeownerSignatureConfirmed'
  | 'homeownerSignatureDate'
  | 'permitStatus'
  | 'permitApplicationDate'
  | 'permitIssuedDate'
  | 'materialStatus'
  | 'materialOrderedDate'
  | 'materialDeliveredDate'
  | 'crewScheduled'
  | 'crewScheduledDate'
  | 'crewArrivalStart'
  | 'crewArrivalEnd'
  | 'installCompleted'
  | 'installCompletedDate'
> & { status: ProjectStatus };

const isoOf = (d: DateLike | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : d;

/** The date a stage shows and what it is, from the project's fields (spec 2 §4's date stamping). */
function stageDate(key: TrackerStageKey, p: StepSource): { dateLabel: string; date: string | null } | null {
  switch (key) {
    case 'homeowner_contact':
      return p.homeownerContactCompleted
        ? { dateLabel: 'Completed', date: isoOf(p.homeownerContactDate) }
        : null;
    case 'material_selection':
      return p.materialSelectionCompleted
        ? { dateLabel: 'Completed', date: isoOf(p.materialSelectionDate) }
        : null;
    case 'contract_signature':
      return p.homeownerSignatureConfirmed
        ? { dateLabel: 'Signed', date: isoOf(p.homeownerSignatureDate) }
        : null;
    case 'permits':
      if (p.permitStatus === 'issued') return { dateLabel: 'Permit issued', date: isoOf(p.permitIssuedDate) };
      if (p.permitStatus === 'applied') return { dateLabel: 'Applied', date: isoOf(p.permitApplicationDate) };
      return null;
    case 'material_delivery':
      if (p.materialStatus === 'delivered')
        return { dateLabel: 'Delivered', date: isoOf(p.materialDeliveredDate) };
      if (p.materialStatus === 'ordered') return { dateLabel: 'Ordered', date: isoOf(p.materialOrderedDate) };
      return null;
    case 'installation':
      return p.installCompleted ? { dateLabel: 'Completed', date: isoOf(p.installCompletedDate) } : null;
  }
}

function stageDetail(key: TrackerStageKey, p: StepSource): string | null {
  if (key === 'material_selection' && p.materialSelectionCompleted) return p.selectedMaterial ?? null;
  if (key === 'permits' && p.permitStatus === 'not_required') return 'No permit required';
  if (key === 'installation' && !p.installCompleted && p.crewScheduled) {
    // the homeowner's most important date: the day and the arrival window, when given
    const when = crewDateText(p, true);
    return when ? `Crew scheduled for ${when}` : 'Crew scheduled';
  }
  return null;
}

/**
 * The job's six steps in order (the tracker's stages, spec 2 §4), each done, current or next,
 * with its date. While work has not started (pending, matched, cancelled) nothing is current.
 * Once it has, a step under way (permit applied, material ordered) is current, and so is the first
 * step not done: what the contractor does next and the homeowner waits for.
 */
export function jobSteps(p: StepSource): JobStep[] {
  const states = trackerStageStates(p);
  const working = p.status === 'in_progress' || p.status === 'completed';
  const firstOpen = trackerStageKeys.find((k) => states[k] !== 'completed');
  return trackerStageKeys.map((key) => {
    const s = states[key];
    const state: JobStepState =
      s === 'completed' ? 'done' : working && (s === 'in_progress' || key === firstOpen) ? 'current' : 'next';
    const dated = stageDate(key, p);
    return {
      key,
      label: trackerStages[key].label,
      state,
      dateLabel: dated?.dateLabel ?? null,
      date: dated?.date ?? null,
      detail: stageDetail(key, p),
      scheduledDate:
        key === 'installation' && !p.installCompleted && p.crewScheduled ? isoOf(p.crewScheduledDate) : null,
    };
  });
}

export interface JobStepsSummary {
  done: number;
  total: number;
  /** The first step not done, or null when every step is. */
  next: JobStep | null;
  /** '4 of 6 steps done': the figure's own words. */
  text: string;
}

export function jobStepsSummary(p: StepSource): JobStepsSummary {
  const steps = jobSteps(p);
  const done = steps.filter((s) => s.state === 'done').length;
  return {
    done,
    total: steps.length,
    next: steps.find((s) => s.state !== 'done') ?? null,
    text: `${done} of ${steps.length} steps done`,
  };
}

// ---------------------------------------------------------------- the milestones' timeline

export interface TimelineStep {
  key: 'created' | 'assigned' | 'started' | 'completed';
  label: string;
  done: boolean;
  /** The step's date once done; null when not done or not recorded. */
  date: string | null;
}

type TimelineSource = {
  status: ProjectStatus;
  contractorId: string | null;
  createdAt: DateLike;
  assignedAt: DateLike;
  startDate: DateLike;
  completionDate: DateLike;
};

/**
 * The four milestones of the Project Progress card (spec 2 §2) with their dates: created,
 * contractor assigned (the moment of assignment, stored: issue 23 #5, not the last update), work
 * started, work completed. Dates are in order: a recorded date earlier than the one before it
 * (a record older than assignedAt, filled in by the migration) is shown as not recorded rather
 * than out of order.
 */
export function jobTimeline(p: TimelineSource): TimelineStep[] {
  const assigned = p.contractorId !== null;
  const started = p.status === 'in_progress' || p.status === 'completed';
  const completed = p.status === 'completed';
  const steps: TimelineStep[] = [
    { key: 'created', label: 'Project Created', done: true, date: isoOf(p.createdAt) },
    {
      key: 'assigned',
      label: 'Contractor Assigned',
      done: assigned,
      date: assigned ? isoOf(p.assignedAt) : null,
    },
    { key: 'started', label: 'Work Started', done: started, date: started ? isoOf(p.startDate) : null },
    {
      key: 'completed',
      label: 'Work Completed',
      done: completed,
      date: completed ? isoOf(p.completionDate) : null,
    },
  ];
  let latest = Number.NEGATIVE_INFINITY;
  for (const step of steps) {
    if (!step.date) continue;
    const t = new Date(step.date).getTime();
    if (Number.isNaN(t) || t < latest) step.date = null;
    else latest = t;
  }
  return steps;
}

/** Whether recorded dates never go back in time along the steps (tests and checks). */
export function datesInOrder(dates: readonly (string | null)[]): boolean {
  let latest = Number.NEGATIVE_INFINITY;
  for (const d of dates) {
    if (!d) continue;
    const t = new Date(d).getTime();
    if (t < latest) return false;
    latest = t;
  }
  return true;
}
