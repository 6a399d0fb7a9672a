/**
 * The end of a job (issue 25 items 1-2): after "Install Completed" the contractor submits the
 * final inspection (a checklist, each item with optional photos); the homeowner accepts the work
 * or reports issues (a punch list); the contractor resolves each item; the homeowner accepts or
 * reopens. Admins see open punch lists and may step in (a note visible to both, or resolve).
 *
 * The inspection is a stage of `completed`, not a status: the spec's statuses and labels stay,
 * and `closeoutStage` says where a completed job stands. Pure: the server enforces these rules
 * under the project's row lock, the browser shows them, later features (reviews, the final
 * payment) read `workAccepted`.
 */

export const inspectionItemKeys = [
  'flashing',
  'drip_edge',
  'ventilation',
  'ridge',
  'penetrations_sealed',
  'gutters_clear',
  'magnet_sweep',
  'debris_removed',
] as const;
export type InspectionItemKey = (typeof inspectionItemKeys)[number];

export const inspectionItemLabels: Record<InspectionItemKey, string> = {
  flashing: 'Flashing',
  drip_edge: 'Drip edge',
  ventilation: 'Ventilation',
  ridge: 'Ridge',
  penetrations_sealed: 'Penetrations sealed',
  gutters_clear: 'Gutters clear',
  magnet_sweep: 'Magnet sweep of nails',
  debris_removed: 'Debris removed',
};

export const closeoutStages = [
  /** Not completed (or completed, then reopened): nothing to inspect yet. */
  'not_ready',
  /** Installation completed; the contractor's final inspection is due. */
  'inspection_due',
  /** The homeowner reported issues that are not all resolved. */
  'punch_list_open',
  /** Inspection submitted (and every punch item resolved): the homeowner accepts or reports issues. */
  'awaiting_acceptance',
  /** The homeowner accepted the work. */
  'accepted',
] as const;
export type CloseoutStage = (typeof closeoutStages)[number];

type Moment = Date | string | null;

/** What the stage is made of: the project's own fields (on the Project JSON too). */
export interface CloseoutState {
  status: string;
  inspectionSubmittedAt: Moment;
  workAcceptedAt: Moment;
  /** Punch-list items still open. */
  openPunchItems: number;
}

/** Where a job stands at its end (see closeoutStages). */
export function closeoutStage(s: CloseoutState): CloseoutStage {
  if (s.workAcceptedAt) return 'accepted';
  if (s.status !== 'completed') return 'not_ready';
  if (!s.inspectionSubmittedAt) return 'inspection_due';
  return s.openPunchItems > 0 ? 'punch_list_open' : 'awaiting_acceptance';
}

/** Whether the homeowner accepted the work (reviews and the final payment wait for it). */
export function workAccepted(project: { workAcceptedAt: Moment }): boolean {
  return Boolean(project.workAcceptedAt);
}

export type CloseoutViewer = 'homeowner' | 'contractor' | 'admin';

/**
 * The words beside the status badge of a completed job, for everyone who sees it; null when the
 * status says it all (not completed, or accepted).
 */
export function closeoutStageLabel(stage: CloseoutStage, viewer: CloseoutViewer): string | null {
  switch (stage) {
    case 'inspection_due':
      return viewer === 'contractor' ? 'Final inspection due' : 'Awaiting final inspection';
    case 'punch_list_open':
      return 'Punch list open';
    case 'awaiting_acceptance':
      return viewer === 'homeowner' ? 'Awaiting your acceptance' : 'Awaiting acceptance';
    case 'accepted':
      return 'Work accepted';
    default:
      return null;
  }
}

export const closeoutMessages = {
  notCompleted: 'Mark the installation complete before submitting the final inspection.',
  alreadySubmitted: 'The final inspection was already submitted.',
  alreadyAccepted: 'The homeowner has already accepted the work.',
  notSubmitted: 'The contractor has not submitted the final inspection yet.',
  punchOpen: 'Some punch-list items are still open: the contractor resolves them first, or reopen one.',
  itemNotFound: 'This punch-list item could not be found.',
  itemNotOpen: 'This punch-list item is already resolved.',
  itemNotResolved: 'Only a resolved item can be reopened.',
  inspectionOnlyContractor: 'Only the contractor assigned to this project can submit its final inspection.',
  homeownerOnly: "Only the project's homeowner can accept the work or report issues.",
  resolveNotAllowed: "Only the project's contractor or an admin can resolve a punch-list item.",
  adminOnly: 'Only admins can add a note to a punch-list item.',
  reopenAccepted: 'The work is accepted: the installation can no longer be reopened.',
  unknownPhoto: 'A photo must be one of this project’s photos or images.',
  submitted: 'Final inspection submitted. The homeowner has been asked to review it.',
  accepted: 'Thank you! The work is accepted.',
  reported: 'Issue reported. The contractor has been told.',
  resolved: 'Item resolved. The homeowner has been asked to check it.',
  reopened: 'Item reopened. The contractor has been told.',
  noted: 'Note added. The homeowner and the contractor can read it.',
} as const;

/** An item's state, as the rules read it. */
export interface PunchItemState {
  status: 'open' | 'resolved';
}

/** Why the contractor may not submit the inspection now, or null when they may. */
export function submitInspectionRefusal(s: CloseoutState): string | null {
  const stage = closeoutStage(s);
  if (stage === 'accepted') return closeoutMessages.alreadyAccepted;
  if (stage === 'not_ready') return closeoutMessages.notCompleted;
  if (stage !== 'inspection_due') return closeoutMessages.alreadySubmitted;
  return null;
}

/** Why the homeowner may not accept the work now, or null. */
export function acceptWorkRefusal(s: CloseoutState): string | null {
  const stage = closeoutStage(s);
  if (stage === 'accepted') return closeoutMessages.alreadyAccepted;
  if (stage === 'punch_list_open') return closeoutMessages.punchOpen;
  if (stage !== 'awaiting_acceptance') return closeoutMessages.notSubmitted;
  return null;
}

/** Why the homeowner may not report an issue now, or null (after the inspection, before acceptance). */
export function reportIssueRefusal(s: CloseoutState): string | null {
  const stage = closeoutStage(s);
  if (stage === 'accepted') return closeoutMessages.alreadyAccepted;
  if (stage === 'not_ready' || stage === 'inspection_due') return closeoutMessages.notSubmitted;
  return null;
}

/** Why an item may not be resolved (by the contractor or an admin), or null. */
export function resolveRefusal(s: CloseoutState, item: PunchItemState): string | null {
  if (workAccepted(s)) return closeoutMessages.alreadyAccepted;
  if (item.status !== 'open') return closeoutMessages.itemNotOpen;
  return null;
}

/** Why the homeowner may not reopen an item, or null. */
export function reopenRefusal(s: CloseoutState, item: PunchItemState): string | null {
  if (workAccepted(s)) return closeoutMessages.alreadyAccepted;
  if (item.status !== 'resolved') return closeoutMessages.itemNotResolved;
  return null;
}

/** Why an admin may not add a note now (the work is accepted: the list is closed), or null. */
export function adminNoteRefusal(s: CloseoutState): string | null {
  return workAccepted(s) ? closeoutMessages.alreadyAccepted : null;
}

/**
 * What a workflow change does to the closeout: once the work is accepted the installation cannot
 * be reopened (null answers the refusal); reopened before that, the inspection is due again after
 * the next completion.
 */
export function closeoutAfterWorkflow(
  before: Pick<CloseoutState, 'inspectionSubmittedAt' | 'workAcceptedAt'>,
  nextStatus: string,
): { refusal: string } | { clearInspection: boolean } {
  if (nextStatus !== 'completed' && workAccepted(before)) return { refusal: closeoutMessages.reopenAccepted };
  return { clearInspection: nextStatus !== 'completed' && Boolean(before.inspectionSubmittedAt) };
}

/** How long a punch list has been open, for the admins' list: "3 h", "2 days". */
export function punchAgeText(openedAt: Date | string, now: Date): string {
  const ms = Math.max(0, now.getTime() - new Date(openedAt).getTime());
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return 'less than an hour';
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

export const closeoutEvents = [
  'inspection_submitted',
  'issue_reported',
  'issue_resolved',
  'issue_reopened',
  'admin_note',
  'work_accepted',
] as const;
export type CloseoutEvent = (typeof closeoutEvents)[number];

/** The activity feed's sentence of a closeout event. */
export function closeoutActivityText(event: CloseoutEvent, actor: string, byAdmin = false): string {
  switch (event) {
    case 'inspection_submitted':
      return `${actor} submitted the final inspection`;
    case 'issue_reported':
      return `${actor} reported an issue on the punch list`;
    case 'issue_resolved':
      return byAdmin
        ? 'The Ridgeline team resolved a punch-list item'
        : `${actor} resolved a punch-list item`;
    case 'issue_reopened':
      return `${actor} reopened a punch-list item`;
    case 'admin_note':
      return 'The Ridgeline team added a note to the punch list';
    case 'work_accepted':
      return `${actor} accepted the work`;
  }
}
