/**
 * A new match waits for the contractor's answer (accept or decline) for a configured number of hours
 * (MATCH_RESPONSE_HOURS, default 24); past it the match is overdue and the admins are told.
 * Pure: the server's overdue check, the contractor's match card and the admin dashboard read it.
 */
export const DEFAULT_MATCH_RESPONSE_HOURS = 24;

const HOUR_MS = 3_600_000;

export interface MatchWait {
  /** Whole minutes since the assignment (never negative). */
  waitedMinutes: number;
  /** When the answer is due. */
  dueAt: Date;
  overdue: boolean;
  /** 'Waiting 3 h 10 min' */
  waitedText: string;
  /** 'Please respond within 20 h 50 min' or 'Response overdue by 2 h' */
  dueText: string;
}

/** '45 min', '3 h', '3 h 10 min', '2 days 4 h' */
export function durationText(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  const rest = m % 60;
  if (hours < 48) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  const days = Math.floor(hours / 24);
  const h = hours % 24;
  return h === 0 ? `${days} days` : `${days} days ${h} h`;
}

/** How long a match has waited and whether its answer is overdue; null without an assignment time. */
export function matchWait(
  assignedAt: Date | string | null | undefined,
  now: Date,
  targetHours: number = DEFAULT_MATCH_RESPONSE_HOURS,
): MatchWait | null {
  if (assignedAt == null) return null;
  const start = new Date(assignedAt).getTime();
  if (!Number.isFinite(start)) return null;
  const dueAt = new Date(start + targetHours * HOUR_MS);
  const waitedMinutes = Math.max(0, Math.floor((now.getTime() - start) / 60_000));
  const leftMinutes = Math.floor((dueAt.getTime() - now.getTime()) / 60_000);
  const overdue = now.getTime() >= dueAt.getTime();
  return {
    waitedMinutes,
    dueAt,
    overdue,
    waitedText: `Waiting ${durationText(waitedMinutes)}`,
    dueText: overdue
      ? `Response overdue by ${durationText(-leftMinutes)}`
      : `Please respond within ${durationText(leftMinutes)}`,
  };
}

/** True when a matched project's answer is overdue (the server's check and the dashboards' flag). */
export function isMatchOverdue(
  project: { status: string; assignedAt: Date | string | null },
  now: Date,
  targetHours: number = DEFAULT_MATCH_RESPONSE_HOURS,
): boolean {
  if (project.status !== 'matched') return false;
  return matchWait(project.assignedAt, now, targetHours)?.overdue ?? false;
}
