import { z } from 'zod';
import { type CloseoutEvent, closeoutActivityText, closeoutEvents } from './closeout';
import { type ProjectDocumentType, projectDocumentTypeLabels, projectDocumentTypes } from './job-file';
import { type WorkflowStepKey, workflowStepKeys, workflowSteps } from './workflow-steps';

/**
 * A project's activity feed (issue 23 #8): what happened, newest first, as one sentence each.
 * The server stores one row per event in the transaction of the change (project_activity, owned
 * by the projects feature) with the structured facts below; the sentence is made here, for the
 * viewer's role, and shown as text (never as HTML). Money is never stored in an activity row; a
 * decline's reason is shown to admins only.
 */

export const activityKinds = [
  'created',
  'assigned',
  'accepted',
  'declined',
  'step',
  'files_added',
  'closeout',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

const stepValue = z.union([z.string().max(500), z.boolean(), z.null()]);

/** The facts each kind carries (validated when read back: a row that does not fit renders plainly). */
export const activityDataSchemas = {
  created: z.object({}),
  assigned: z.object({ contractorId: z.string(), companyName: z.string() }),
  accepted: z.object({ companyName: z.string().optional() }),
  declined: z.object({ contractorId: z.string(), companyName: z.string(), reason: z.string() }),
  /** One workflow step's changed fields and their new values (dates as ISO strings). */
  step: z.object({
    step: z.enum(workflowStepKeys),
    changes: z.record(z.string(), stepValue),
    /** Crew Scheduled: the crew date after the change (ISO) and its arrival window ("8-10 am"), if any. */
    scheduledFor: z.string().max(40).nullish(),
    arrivalWindow: z.string().max(100).nullish(),
  }),
  files_added: z.object({
    kind: z.enum(['document', 'image', 'install_photo']),
    count: z.number().int().min(1),
    step: z.enum(workflowStepKeys).nullable(),
    documentType: z.enum(projectDocumentTypes).nullable(),
  }),
  /** The final inspection and the punch list (issue 25 #1; sentences in closeout.ts). */
  closeout: z.object({ event: z.enum(closeoutEvents), byAdmin: z.boolean().optional() }),
} satisfies Record<ActivityKind, z.ZodType>;

export type ActivityData<K extends ActivityKind = ActivityKind> = z.infer<(typeof activityDataSchemas)[K]>;

/** One stored event, as the renderer reads it. */
export interface ActivityEvent {
  kind: string;
  /** The person who did it, as shown (first name), or null for the system. */
  actorName: string | null;
  data: unknown;
}

/** Who reads the feed: a decline's reason is an admin's; a contractor sees no other contractor's match. */
export interface ActivityViewer {
  role: 'homeowner' | 'contractor' | 'admin';
  /** The viewing contractor's profile id (contractors only). */
  contractorId?: string | null;
}

export const activityMessages = {
  findingContractor: 'Finding another contractor',
  created: 'Project created',
  started: 'Work started',
  installed: 'Installation completed',
} as const;

const permitLabels: Record<string, string> = {
  application_needed: 'application needed',
  applied: 'applied',
  issued: 'issued',
  not_required: 'not required',
};
const materialLabels: Record<string, string> = {
  not_ordered: 'not ordered',
  ordered: 'ordered',
  delivered: 'delivered',
};

/** "Dec 3" (the day as stored: dates are kept at noon UTC, so UTC names the chosen day). */
export function activityDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'a date to be confirmed';
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Crew scheduled for Dec 3", with the arrival window when there is one: "Crew scheduled for Dec 3, 8-10 am". */
export function crewScheduledText(date: string | null | undefined, arrivalWindow?: string | null): string {
  const window = arrivalWindow?.trim();
  if (!date) return window ? `Crew scheduled, ${window}` : 'Crew scheduled';
  return `Crew scheduled for ${activityDay(date)}${window ? `, ${window}` : ''}`;
}

/** "4 photos added to Install Completed", "1 photo added", "Contract added", "2 documents added". */
export function filesAddedText(data: ActivityData<'files_added'>): string {
  const { count } = data;
  if (data.kind === 'document') {
    if (data.documentType && data.documentType !== 'other') {
      const label = projectDocumentTypeLabels[data.documentType as ProjectDocumentType];
      return count === 1 ? `${label} added` : `${count} ${label.toLowerCase()} documents added`;
    }
    return `${count} ${count === 1 ? 'document' : 'documents'} added`;
  }
  const noun = data.kind === 'image' ? 'image' : 'photo';
  const what = `${count} ${count === 1 ? noun : `${noun}s`} added`;
  return data.step ? `${what} to ${workflowSteps[data.step].label}` : what;
}

function stepText(actor: string, data: ActivityData<'step'>): string {
  const { step, changes } = data;
  const label = workflowSteps[step].label;
  const has = (field: string) => Object.hasOwn(changes, field);
  switch (step) {
    case 'crew_scheduled':
      if (changes.crewScheduled === false) return `${actor} marked ${label} not done`;
      if (
        data.scheduledFor ||
        changes.crewScheduled === true ||
        has('crewScheduledDate') ||
        has('crewArrivalStart') ||
        has('crewArrivalEnd')
      ) {
        const changed = typeof changes.crewScheduledDate === 'string' ? changes.crewScheduledDate : null;
        return crewScheduledText(data.scheduledFor ?? changed, data.arrivalWindow);
      }
      break;
    case 'install_completed':
      if (changes.installCompleted === true) return activityMessages.installed;
      if (changes.installCompleted === false) return `${actor} reopened ${label}`;
      break;
    case 'permit_status':
      if (typeof changes.permitStatus === 'string') {
        return `${actor} set ${label}: ${permitLabels[changes.permitStatus] ?? changes.permitStatus}`;
      }
      break;
    case 'material_order':
      if (typeof changes.materialStatus === 'string') {
        return `${actor} set ${label}: ${materialLabels[changes.materialStatus] ?? changes.materialStatus}`;
      }
      break;
    case 'material_selection':
      if (changes.homeownerSignatureConfirmed === true) return `${actor} confirmed the homeowner's signature`;
      if (typeof changes.selectedMaterial === 'string')
        return `${actor} set ${label}: ${changes.selectedMaterial}`;
      if (changes.materialSelectionCompleted === true) return `${actor} completed ${label}`;
      break;
    case 'homeowner_contact':
      if (changes.homeownerContactCompleted === true) return `${actor} completed ${label}`;
      break;
  }
  const completedField = Object.entries(changes).find(([k, v]) => k.endsWith('Completed') && v === false);
  if (completedField) return `${actor} marked ${label} not done`;
  return `${actor} updated ${label}`;
}

/**
 * The sentence for one event as `viewer` may read it, or null when it is not theirs to see (a
 * contractor is not shown another contractor's match or decline).
 */
export function activityText(event: ActivityEvent, viewer: ActivityViewer): string | null {
  const kind = event.kind as ActivityKind;
  const schema = activityDataSchemas[kind];
  const parsed = schema?.safeParse(event.data ?? {});
  const actor = event.actorName?.trim() || 'Someone';
  if (!parsed?.success) return `${actor} updated the project`;
  switch (kind) {
    case 'created':
      return activityMessages.created;
    case 'assigned': {
      const data = parsed.data as ActivityData<'assigned'>;
      if (viewer.role === 'contractor' && data.contractorId !== viewer.contractorId) return null;
      return `${data.companyName} was assigned`;
    }
    case 'accepted':
      return activityMessages.started;
    case 'declined': {
      const data = parsed.data as ActivityData<'declined'>;
      if (viewer.role === 'contractor') return null;
      if (viewer.role === 'homeowner') return activityMessages.findingContractor;
      return `${data.companyName} declined the match: ${data.reason}`;
    }
    case 'step':
      return stepText(actor, parsed.data as ActivityData<'step'>);
    case 'files_added':
      return filesAddedText(parsed.data as ActivityData<'files_added'>);
    case 'closeout': {
      const data = parsed.data as { event: CloseoutEvent; byAdmin?: boolean };
      return closeoutActivityText(data.event, actor, data.byAdmin);
    }
  }
  return `${actor} updated the project`;
}

/**
 * The step rows of one workflow change: the changed fields grouped by the step they belong to,
 * each with its new value (dates as ISO strings), in the steps' order.
 */
export function stepChanges(
  patch: Record<string, unknown>,
): { step: WorkflowStepKey; changes: Record<string, string | boolean | null> }[] {
  const out: { step: WorkflowStepKey; changes: Record<string, string | boolean | null> }[] = [];
  for (const step of workflowStepKeys) {
    const changes: Record<string, string | boolean | null> = {};
    for (const field of workflowSteps[step].fields) {
      if (!Object.hasOwn(patch, field)) continue;
      const value = patch[field];
      // notes are the contractor's working text: the feed says the step was updated, not what they wrote
      if (field.endsWith('Notes')) {
        changes[field] = null;
        continue;
      }
      changes[field] =
        value instanceof Date
          ? value.toISOString()
          : typeof value === 'string'
            ? value.slice(0, 500)
            : typeof value === 'boolean'
              ? value
              : null;
    }
    if (Object.keys(changes).length > 0) out.push({ step, changes });
  }
  return out;
}

// ---------------------------------------------------------------- the API's shapes

export const ACTIVITY_PAGE_MAX = 50;
export const ACTIVITY_PAGE_DEFAULT = 20;

export const activityItemSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    /** The project's SWRX title (the dashboard's recent activity names it). */
    projectTitle: z.string(),
    kind: z.string(),
    text: z.string(),
    actorName: z.string().nullable(),
    step: z.enum(workflowStepKeys).nullable(),
    at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProjectActivityItem' });
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const activityPageSchema = z
  .object({ items: z.array(activityItemSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'ProjectActivityPage' });
export type ActivityPage = z.infer<typeof activityPageSchema>;

const limitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(max, { error: `limit must be at most ${max}` })
    .default(fallback);

export const activityQuerySchema = z.object({
  cursor: z.string().max(200, { error: 'cursor is not valid' }).optional(),
  limit: limitSchema(ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_DEFAULT),
});

export const myActivityQuerySchema = z.object({ limit: limitSchema(20, 5) });
