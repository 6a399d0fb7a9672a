/**
 * The project's rules (spec 2 §3, §4, §9): statuses and their transitions, the six workflow
 * steps with their date stamping, both progress formulas, the tracker's stages and the
 * contractor's share. Pure: the server enforces them, the browser shows them, tests read them.
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

/** 'in_progress' -> 'in progress' (the first underscore becomes a space, as the spec shows it). */
export function statusText(status: string): string {
  return status.replace('_', ' ');
}

export type BadgeTone = 'yellow' | 'primary' | 'purple' | 'green' | 'red' | 'gray';

export const statusTones: Record<ProjectStatus, BadgeTone> = {
  pending: 'yellow',
  matched: 'primary',
  in_progress: 'purple',
  completed: 'green',
  cancelled: 'red',
};

export function statusTone(status: string): BadgeTone {
  return statusTones[status as ProjectStatus] ?? 'gray';
}

export const priorityTones: Record<ProjectPriority, BadgeTone> = {
  low: 'gray',
  normal: 'primary',
  medium: 'yellow',
  high: 'red',
  urgent: 'red',
};

export const permitTones: Record<PermitStatus, BadgeTone> = {
  application_needed: 'red',
  applied: 'yellow',
  issued: 'green',
  not_required: 'gray',
};

export const materialTones: Record<MaterialStatus, BadgeTone> = {
  not_ordered: 'gray',
  ordered: 'primary',
  delivered: 'green',
};

/** The homeowner's words for a status (spec 2 §4). */
export const homeownerStatusLabels: Record<ProjectStatus, string> = {
  pending: 'Finding Contractors',
  matched: 'Contractor Assigned',
  in_progress: 'Work in Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

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
  installCompleted: false,
  installCompletedDate: null,
  installNotes: null,
} as const satisfies Omit<WorkflowState, 'status' | 'startDate' | 'completionDate'>;

// ---------------------------------------------------------------- the six steps (contractor dashboard)

export const workflowStepKeys = [
  'homeowner_contact',
  'material_selection',
  'permit_status',
  'material_order',
  'crew_scheduled',
  'install_completed',
] as const;
export type WorkflowStepKey = (typeof workflowStepKeys)[number];

export const workflowSteps: Record<
  WorkflowStepKey,
  { label: string; dialogTitle: string; fields: readonly (keyof WorkflowState)[] }
> = {
  homeowner_contact: {
    label: 'Homeowner Contact',
    dialogTitle: 'Update Homeowner Contact',
    fields: ['homeownerContactCompleted', 'homeownerContactDate', 'homeownerContactNotes'],
  },
  material_selection: {
    label: 'Material Selection',
    dialogTitle: 'Update Material Selection',
    fields: [
      'materialSelectionCompleted',
      'materialSelectionDate',
      'selectedMaterial',
      'homeownerSignatureConfirmed',
      'homeownerSignatureDate',
      'signatureDocument',
    ],
  },
  permit_status: {
    label: 'Permit Status',
    dialogTitle: 'Update Permit Status',
    fields: ['permitStatus', 'permitApplicationDate', 'permitIssuedDate', 'permitNotes'],
  },
  material_order: {
    label: 'Material Order',
    dialogTitle: 'Update Material Order',
    fields: [
      'materialStatus',
      'materialOrderedDate',
      'materialDeliveryDate',
      'materialDeliveredDate',
      'materialNotes',
    ],
  },
  crew_scheduled: {
    label: 'Crew Scheduled',
    dialogTitle: 'Update Crew Schedule',
    fields: ['crewScheduled', 'crewScheduledDate', 'crewScheduledNotes'],
  },
  install_completed: {
    label: 'Install Completed',
    dialogTitle: 'Update Installation Status',
    fields: ['installCompleted', 'installCompletedDate', 'installNotes'],
  },
};

/** Every field a workflow update may carry. */
export const workflowFieldNames = workflowStepKeys.flatMap((k) => workflowSteps[k].fields);

type StepState = Pick<
  WorkflowState,
  | 'homeownerContactCompleted'
  | 'materialSelectionCompleted'
  | 'permitStatus'
  | 'materialStatus'
  | 'crewScheduled'
  | 'installCompleted'
>;

/** Which of the dashboard's six steps are done (spec 2 §4 'Contractor dashboard progress'). */
export function dashboardStepsDone(p: StepState): Record<WorkflowStepKey, boolean> {
  return {
    homeowner_contact: p.homeownerContactCompleted,
    material_selection: p.materialSelectionCompleted,
    permit_status: p.permitStatus === 'issued' || p.permitStatus === 'not_required',
    material_order: p.materialStatus === 'delivered',
    crew_scheduled: p.crewScheduled,
    install_completed: p.installCompleted,
  };
}

/** Done steps out of 6, as a whole percent (the dashboard's progress bar). */
export function dashboardProgressPercent(p: StepState): number {
  const done = Object.values(dashboardStepsDone(p)).filter(Boolean).length;
  return Math.round((done / 6) * 100);
}

// ---------------------------------------------------------------- the tracker's six stages

export const trackerStageKeys = [
  'homeowner_contact',
  'material_selection',
  'contract_signature',
  'permits',
  'material_delivery',
  'installation',
] as const;
export type TrackerStageKey = (typeof trackerStageKeys)[number];
export type StageState = 'completed' | 'in_progress' | 'pending';

export const trackerStages: Record<
  TrackerStageKey,
  { label: string; contractor: string; homeowner: string }
> = {
  homeowner_contact: {
    label: 'Homeowner Contact',
    contractor: 'Contact the homeowner to introduce yourself and plan the job.',
    homeowner: 'Your contractor gets in touch to introduce themselves and plan the work with you.',
  },
  material_selection: {
    label: 'Material Selection',
    contractor: 'Agree the roofing material with the homeowner.',
    homeowner: 'You choose the roofing material with your contractor.',
  },
  contract_signature: {
    label: 'Contract Signature',
    contractor: "Get the homeowner's signature on the contract.",
    homeowner: 'You sign the contract for the work.',
  },
  permits: {
    label: 'Permits & Approvals',
    contractor: 'Apply for the building permit, or confirm none is required.',
    homeowner: 'Your contractor obtains the building permit your town requires.',
  },
  material_delivery: {
    label: 'Material Delivery',
    contractor: 'Order the materials and confirm their delivery to the site.',
    homeowner: 'Your roofing materials are ordered and delivered to your home.',
  },
  installation: {
    label: 'Installation Complete',
    contractor: 'Install the roof and mark the job complete.',
    homeowner: 'Your new roof is installed and the job is complete.',
  },
};

/** Each stage's state (spec 2 §4 'Tracker stage completion'). */
export function trackerStageStates(p: StepState & Pick<WorkflowState, 'homeownerSignatureConfirmed'>) {
  const states: Record<TrackerStageKey, StageState> = {
    homeowner_contact: p.homeownerContactCompleted ? 'completed' : 'pending',
    material_selection: p.materialSelectionCompleted ? 'completed' : 'pending',
    contract_signature: p.homeownerSignatureConfirmed ? 'completed' : 'pending',
    permits:
      p.permitStatus === 'issued' || p.permitStatus === 'not_required'
        ? 'completed'
        : p.permitStatus === 'applied'
          ? 'in_progress'
          : 'pending',
    material_delivery:
      p.materialStatus === 'delivered'
        ? 'completed'
        : p.materialStatus === 'ordered'
          ? 'in_progress'
          : 'pending',
    installation: p.installCompleted ? 'completed' : 'pending',
  };
  return states;
}

/** Completed stages out of 6, as a whole percent; 100 shows 'Project completed!'. */
export function trackerProgressPercent(p: Parameters<typeof trackerStageStates>[0]): number {
  const done = Object.values(trackerStageStates(p)).filter((s) => s === 'completed').length;
  return Math.round((done / 6) * 100);
}

/** The tracker's update of one stage: the fields it sets (the choices the spec offers). */
export function trackerStageUpdate(
  stage: TrackerStageKey,
  choice?: 'issued' | 'not_required' | 'ordered' | 'delivered',
): WorkflowPatch {
  switch (stage) {
    case 'homeowner_contact':
      return { homeownerContactCompleted: true };
    case 'material_selection':
      return { materialSelectionCompleted: true };
    case 'contract_signature':
      return { homeownerSignatureConfirmed: true };
    case 'permits':
      return { permitStatus: choice === 'not_required' ? 'not_required' : 'issued' };
    case 'material_delivery':
      return { materialStatus: choice === 'ordered' ? 'ordered' : 'delivered' };
    case 'installation':
      return { installCompleted: true };
  }
}

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
  stampStatusDate(change, current, patch, now, 'permitStatus', {
    applied: 'permitApplicationDate',
    issued: 'permitIssuedDate',
  });
  stampStatusDate(change, current, patch, now, 'materialStatus', {
    ordered: 'materialOrderedDate',
    delivered: 'materialDeliveredDate',
  });
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

/**
 * The characters of a job id's suffix: digits and capitals no one confuses when reading one
 * aloud or typing it from a letter (no 0/O, 1/I/L).
 */
export const JOB_ID_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** 31^5, about 28.6 million suffixes a year: collisions are rare, and retried (projects service). */
export const JOB_ID_SUFFIX_LENGTH = 5;
/** A job id the platform makes: SWRX, the year, five characters of JOB_ID_ALPHABET. */
export const generatedJobIdPattern = /^SWRX-\d{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{5}$/;

/** Random bytes (Web Crypto, in Node and the browser); tests may pass their own. */
type RandomBytes = (length: number) => Uint8Array;
const cryptoBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A random job id suffix, each character equally likely: bytes of 248 and above are drawn
 * again (248 = 8 x 31), so no character is favoured by the modulo.
 */
export function randomJobIdSuffix(randomBytes: RandomBytes = cryptoBytes): string {
  const limit = 256 - (256 % JOB_ID_ALPHABET.length);
  let out = '';
  while (out.length < JOB_ID_SUFFIX_LENGTH) {
    for (const byte of randomBytes(JOB_ID_SUFFIX_LENGTH * 2)) {
      if (byte < limit && out.length < JOB_ID_SUFFIX_LENGTH)
        out += JOB_ID_ALPHABET[byte % JOB_ID_ALPHABET.length];
    }
  }
  return out;
}

/**
 * The SWRX job id of a new project (spec 2: 'SWRX-year-number'): its year and a random suffix,
 * e.g. SWRX-2026-7KQ4M. Readable, and not a count: a running number would tell anyone who sees
 * two job ids how many projects the platform made between them. Projects created before keep
 * their numbered ids (SWRX-2026-0042).
 */
export function projectTitle(createdAt: Date, suffix: string = randomJobIdSuffix()): string {
  return `SWRX-${createdAt.getUTCFullYear()}-${suffix}`;
}
