import type { Project } from '@domain/projects/schemas';

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

/** Recent Activity shows the last 5 events (spec 1 §9; real events since issue 23 #8). */
export const RECENT_ACTIVITY_LIMIT = 5;

export const activityTexts = {
  justNow: 'Just now',
  empty: 'No recent activity. Start a project to see updates here.',
  /** An event that arrived before this page could note its time (another page of this visit). */
  earlier: 'Earlier in this visit',
} as const;

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
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
