/**
 * The project's rules (spec 2 §3, §4, §9): statuses and their transitions with the date
 * stamping of the workflow steps, the progress by status, and the contractor's share. The six
 * steps, the dashboard's progress by steps and the tracker's stages are in workflow-steps.ts; the job id in job-id.ts; the
 * statuses' texts and badge tones in status-badges.ts.
 * Pure: the server enforces them, the browser shows them, tests read them.
 */

export const projectStatuses = ['pending', 'matched', 'in_progress', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

/** The form offers low, normal, high and urgent; medium is kept (it has a colour in the spec). */
export const projectPriorities = ['low', 'normal', 'medium', 'high', 'urgent'] as const;
export type ProjectPriority = (typeof projectPriorities)[number];
export const priorityOptions = [
  'low',
  'normal',
  'high',
  'urgent',
] as const satisfies readonly ProjectPriority[];
export const DEFAULT_PRIORITY: ProjectPriority = 'normal';

export const permitStatuses = ['application_needed', 'applied', 'issued', 'not_required'] as const;
export type PermitStatus = (typeof permitStatuses)[number];
export const materialStatuses = ['not_ordered', 'ordered', 'delivered'] as const;
export type MaterialStatus = (typeof materialStatuses)[number];

/** Contractor share of the approved budget (spec 2 §9). */
export const CONTRACTOR_SHARE = 0.88;

/** 88 % of the approved budget, in whole cents. */
export function contractorShareCents(estimatedCostCents: number): number {
  return Math.round(estimatedCostCents * CONTRACTOR_SHARE);
}

/** Homeowner project view: pending 10, in_progress 50, completed 100, otherwise 0 (spec 2 §9). */
export function projectProgressPercent(status: string): number {
  if (status === 'pending') return 10;
  if (status === 'in_progress') return 50;
  if (status === 'completed') return 100;
  return 0;
}

/** The workflow fields of a project (spec 2 §3), as the rules read them. Dates as Date or ISO text. */
export interface WorkflowState {
  status: ProjectStatus;
  homeownerContactCompleted: boolean;
  homeownerContactDate: DateLike;
  homeownerContactNotes: string | null;
  materialSelectionCompleted: boolean;
  materialSelectionDate: DateLike;
  selectedMaterial: string | null;
  homeownerSignatureConfirmed: boolean;
  homeownerSignatureDate: DateLike;
  signatureDocument: string | null;
  permitStatus: PermitStatus;
  permitApplicationDate: DateLike;
  permitIssuedDate: DateLike;
  permitNotes: string | null;
  materialStatus: MaterialStatus;
  materialOrderedDate: DateLike;
  materialDeliveryDate: DateLike;
  materialDeliveredDate: DateLike;
  materialNotes: string | null;
  crewScheduled: boolean;
  crewScheduledDate: DateLike;
  crewScheduledNotes: string | null;
  /** The arrival window of the crew date ('08:00' to '10:00', the job's local time), when given. */
  crewArrivalStart: string | null;
  crewArrivalEnd: string | null;
  installCompleted: boolean;
  installCompletedDate: DateLike;
  installNotes: string | null;
  startDate: DateLike;
  completionDate: DateLike;
}
type DateLike = Date | string | null;

/** The workflow of a project nobody has worked yet: every step pending, no date (the columns' defaults). */
export const initialWorkflow = {
  homeownerContactCompleted: false,
  homeownerContactDate: null,
  homeownerContactNotes: null,
  materialSelectionCompleted: false,
  materialSelectionDate: null,
  selectedMaterial: null,
  homeownerSignatureConfirmed: false,
  homeownerSignatureDate: null,
  signatureDocument: null,
  permitStatus: 'application_needed',
  permitApplicationDate: null,
  permitIssuedDate: null,
  permitNotes: null,
  materialStatus: 'not_ordered',
  materialOrderedDate: null,
  materialDeliveryDate: null,
  materialDeliveredDate: null,
  materialNotes: null,
  crewScheduled: false,
  crewScheduledDate: null,
  crewScheduledNotes: null,
  crewArrivalStart: null,
  crewArrivalEnd: null,
  installCompleted: false,
  installCompletedDate: null,
  installNotes: null,
} as const satisfies Omit<WorkflowState, 'status' | 'startDate' | 'completionDate'>;
// ---------------------------------------------------------------- status transitions

export const projectMessages = {
  notFound: "The project you're looking for doesn't exist or you don't have access to it.",
  notFoundTitle: 'Project Not Found',
  listForbidden: 'You can only see your own projects.',
  assignAdminOnly: 'Only admins can assign a contractor.',
  assignNotPending: 'Only a pending project can be assigned a contractor.',
  assignNotVerified: 'Only a verified contractor can be assigned to a project.',
  assignUnavailable: 'This contractor is not available for new projects.',
  assignLiabilityLapsed:
    "This contractor's general liability insurance is missing or expired: no new projects until it is renewed.",
  contractorNotFound: 'This contractor could not be found.',
  acceptNotAssigned: 'Only the contractor assigned to this project can accept it.',
  acceptNotMatched: 'Only a newly matched project can be accepted.',
  declineNotAssigned: 'Only the contractor assigned to this project can decline it.',
  declineNotMatched:
    'Only a newly matched project can be declined. Once work has started, ask the Ridgeline team to reassign it.',
  declineReason: 'Please tell us why you decline this project.',
  declineReasonTooLong: 'Please keep the reason under 1,000 characters.',
  declined: 'Project declined. It goes back to our team to find another contractor.',
  workflowNotAssigned: 'Only the contractor assigned to this project can update its workflow.',
  workflowNotStarted: 'Accept this project before updating its workflow.',
  workflowClosed: 'This project is cancelled: its workflow can no longer change.',
  statusNotAllowed:
    'This status change is not allowed. A project is matched by assigning a contractor, started by accepting it, and completed by marking the installation complete.',
  nothingToUpdate: 'Nothing to update: send the fields that changed.',
  mixedUpdate: 'Assign, accept and workflow changes are separate updates: send one at a time.',
  createRequired: 'Please fill in all required fields.',
  created: 'Project created successfully!',
  updated: 'Project updated successfully!',
  assigned: 'Contractor assigned successfully!',
} as const;

/** Project statuses from which a workflow step may change (installation unmarked reopens a completed job). */
export const WORKFLOW_EDITABLE_STATUSES: readonly ProjectStatus[] = ['in_progress', 'completed'];

/** A workflow change as sent: only the fields that change; dates are the chosen ones (or null). */
export type WorkflowPatch = Partial<Omit<WorkflowState, 'status' | 'startDate' | 'completionDate'>>;

/** What the server writes for a workflow patch: the fields with their dates stamped, and the new status. */
export type WorkflowChange = Partial<Omit<WorkflowState, DateKeys>> & Partial<Record<DateKeys, Date | null>>;
type DateKeys =
  | 'homeownerContactDate'
  | 'materialSelectionDate'
  | 'homeownerSignatureDate'
  | 'permitApplicationDate'
  | 'permitIssuedDate'
  | 'materialOrderedDate'
  | 'materialDeliveryDate'
  | 'materialDeliveredDate'
  | 'crewScheduledDate'
  | 'installCompletedDate'
  | 'startDate'
  | 'completionDate';

function toDate(v: DateLike | undefined): Date | null {
  if (v == null) return null;
  return v instanceof Date ? v : new Date(v);
}

/** Boolean steps and the date each stamps (spec 2 §4 'Date stamping on save'). */
const BOOLEAN_STEP_DATES = [
  ['homeownerContactCompleted', 'homeownerContactDate'],
  ['materialSelectionCompleted', 'materialSelectionDate'],
  ['homeownerSignatureConfirmed', 'homeownerSignatureDate'],
  ['crewScheduled', 'crewScheduledDate'],
  ['installCompleted', 'installCompletedDate'],
] as const;

/** Permit and material statuses and the date each stamps (spec 2 §4 'Date stamping on save'). */
const STATUS_DATES = {
  permitStatus: { applied: 'permitApplicationDate', issued: 'permitIssuedDate' },
  materialStatus: { ordered: 'materialOrderedDate', delivered: 'materialDeliveredDate' },
} as const;

/**
 * A workflow change made on a device offline and sent later (docs/pwa.md): each step it checks
 * and each permit or material status it sets gets the device's time `at` as its date when the
 * user chose none, so the server stamps when the work was done, not when the signal came back.
 */
export function withDeviceDates<P extends object>(patch: P, at: string): P {
  const sent = patch as Record<string, unknown>;
  const out: Record<string, unknown> = { ...sent };
  for (const [flag, dateKey] of BOOLEAN_STEP_DATES) {
    if (sent[flag] === true && !sent[dateKey]) out[dateKey] = at;
  }
  for (const [field, dates] of Object.entries(STATUS_DATES)) {
    const dateKey = (dates as Record<string, string>)[String(sent[field])];
    if (dateKey && !sent[dateKey]) out[dateKey] = at;
  }
  return out as P;
}

/**
 * Applies the date stamping of spec 2 §4 to a workflow patch against the project's current state:
 * a boolean step checked gets the chosen date, else the date it had if it was already checked, else `now`; unchecked,
 * its date is null. Permit applied/issued and material ordered/delivered stamp their dates the
 * same way. Installation completed completes the project (completionDate = its date); unmarked, a
 * completed project returns to in_progress. Other fields pass through as sent.
 */
export function applyWorkflowPatch(current: WorkflowState, patch: WorkflowPatch, now: Date): WorkflowChange {
  const change: WorkflowChange = {};
  for (const [key, value] of Object.entries(patch) as [keyof WorkflowPatch, unknown][]) {
    if (value === undefined) continue;
    (change as Record<string, unknown>)[key] =
      typeof value === 'string' && key.endsWith('Date') ? toDate(value) : value;
  }
  for (const [flag, dateKey] of BOOLEAN_STEP_DATES) {
    const checked = patch[flag];
    if (checked === undefined) {
      // a date sent alone for a step that is done moves its date; for a step not done it is dropped
      if (patch[dateKey] !== undefined && !current[flag]) delete change[dateKey];
      continue;
    }
    const kept = current[flag] ? toDate(current[dateKey]) : null;
    change[dateKey] = checked ? (toDate(patch[dateKey]) ?? kept ?? now) : null;
  }
  stampStatusDate(change, current, patch, now, 'permitStatus', STATUS_DATES.permitStatus);
  stampStatusDate(change, current, patch, now, 'materialStatus', STATUS_DATES.materialStatus);
  if (patch.installCompleted === true && current.status !== 'completed') {
    change.status = 'completed';
  }
  if (patch.installCompleted === true) {
    change.completionDate = change.installCompletedDate ?? now;
  } else if (patch.installCompleted === false) {
    if (current.status === 'completed') change.status = 'in_progress';
    change.completionDate = null;
  }
  return change;
}

function stampStatusDate<K extends 'permitStatus' | 'materialStatus'>(
  change: WorkflowChange,
  current: WorkflowState,
  patch: WorkflowPatch,
  now: Date,
  key: K,
  dates: Partial<Record<NonNullable<WorkflowPatch[K]>, DateKeys>>,
): void {
  const next = patch[key];
  if (next === undefined) return;
  const dateKey = dates[next as keyof typeof dates];
  if (!dateKey) return;
  const kept = current[key] === next ? toDate(current[dateKey]) : null;
  (change as Record<string, unknown>)[dateKey] =
    toDate(patch[dateKey as keyof WorkflowPatch] as DateLike) ?? kept ?? now;
}
