import type { Project } from '@domain/projects/schemas';
import type { RealtimeEvent } from '@domain/realtime';

/**
 * The homeowner dashboard's rules (spec 1 §2, spec 2 §2 'Project detail view inside the homeowner
 * dashboard'), pure so they are tested without a browser.
 */

export interface HomeownerStats {
  total: number;
  /** Not completed and not cancelled. */
  active: number;
  completed: number;
  /** Sum of estimatedCost, cents (a project without one counts 0). */
  totalValueCents: number;
}

export function homeownerStats(
  projects: readonly Pick<Project, 'status' | 'estimatedCost'>[],
): HomeownerStats {
  let active = 0;
  let completed = 0;
  let totalValueCents = 0;
  for (const p of projects) {
    if (p.status === 'completed') completed++;
    else if (p.status !== 'cancelled') active++;
    totalValueCents += p.estimatedCost ?? 0;
  }
  return { total: projects.length, active, completed, totalValueCents };
}

// The four-step timeline of the Project Progress card is the domain's jobTimeline
// (src/domain/projects/job-steps.ts): the same dates on every screen, assignment included.

/** Recent Activity shows the last 5 live messages (spec 1 §9). */
export const RECENT_ACTIVITY_LIMIT = 5;

export const activityTexts = {
  received: 'Real-time update received',
  justNow: 'Just now',
  empty: 'No recent activity. Start a project to see updates here.',
  /** An event that arrived before this page could note its time (another page of this visit). */
  earlier: 'Earlier in this visit',
} as const;

/** 'project_updated' -> 'project updated' (every underscore becomes a space). */
export function activityTypeText(type: string): string {
  return type.replaceAll('_', ' ');
}

/**
 * Events that are updates to show: 'connected' only says the channel opened, and the bell's own
 * events (notification_created, notifications_read) repeat what another event already said.
 */
const NOT_ACTIVITY = new Set<RealtimeEvent['type']>([
  'connected',
  'notification_created',
  'notifications_read',
]);

export function activityEvents(events: readonly RealtimeEvent[]): RealtimeEvent[] {
  return events.filter((e) => !NOT_ACTIVITY.has(e.type)).slice(0, RECENT_ACTIVITY_LIMIT);
}

/**
 * When an event arrived, in words: 'Just now' for the first minute, then minutes, then hours;
 * the 'earlier' text when its arrival time is not known.
 */
export function receivedText(receivedAt: number | undefined, now: number): string {
  if (receivedAt === undefined) return activityTexts.earlier;
  const minutes = Math.floor(Math.max(0, now - receivedAt) / 60_000);
  if (minutes < 1) return activityTexts.justNow;
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
}

/** The project an event is about, when it names one. */
export function eventProjectId(event: RealtimeEvent): string | null {
  return 'projectId' in event ? (event.projectId ?? null) : null;
}
