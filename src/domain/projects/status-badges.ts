/**
 * How a project's statuses show (spec 2 §4): the status as text, the badge tone of each status,
 * priority, permit and material status, and the homeowner's words for a status. Pure.
 */
import type { MaterialStatus, PermitStatus, ProjectPriority, ProjectStatus } from './workflow';

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
