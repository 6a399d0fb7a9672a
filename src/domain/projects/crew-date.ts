/**
 * The crew date (issue 23 item 4): the day the crew comes and, optionally, the arrival window the
 * contractor gives ('08:00' to '10:00', the job's local time). Pure: the server's mails and
 * calendar file, the homeowner's tracker and the contractor's dialog read it.
 */

import { formatDay } from '../en-us-format';

/** 'HH:MM', 24-hour. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const crewDateMessages = {
  time: 'Please enter a time like 08:00',
  windowBoth: 'Please give both the start and the end of the arrival window, or neither',
  windowOrder: 'The arrival window must end after it starts',
} as const;

/** The calendar day of a crew date as stored (the date input's day, kept at midnight UTC): '2026-12-03'. */
export function crewDay(date: Date | string | null | undefined): string | null {
  if (date == null) return null;
  const d = new Date(date);
  return Number.isFinite(d.getTime()) ? d.toISOString().slice(0, 10) : null;
}

/** '8 am', '8:30 am', '12 pm', '1:15 pm' */
export function timeText(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'am' : 'pm';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m === 0 ? `${hour} ${suffix}` : `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** '8-10 am', '11 am-1 pm', '8:30-10 am' */
export function windowText(start: string, end: string): string {
  const a = timeText(start);
  const b = timeText(end);
  const [aTime, aSuffix] = a.split(' ');
  const [, bSuffix] = b.split(' ');
  return aSuffix === bSuffix ? `${aTime}-${b}` : `${a}-${b}`;
}

/** 'Dec 3' (or 'Thu, Dec 3, 2026' with `long`), from the stored day. */
export function dayText(day: string, long = false): string {
  return formatDay(new Date(`${day}T12:00:00Z`), { utc: true, year: long, weekday: long });
}

export interface CrewSchedule {
  crewScheduled: boolean;
  crewScheduledDate: Date | string | null;
  crewArrivalStart: string | null;
  crewArrivalEnd: string | null;
}

/** 'Dec 3, 8-10 am' / 'Dec 3' (long: 'Thu, Dec 3, 2026, arrival 8-10 am'), or null when no crew is scheduled. */
export function crewDateText(p: CrewSchedule, long = false): string | null {
  const day = p.crewScheduled ? crewDay(p.crewScheduledDate) : null;
  if (!day) return null;
  const window =
    p.crewArrivalStart && p.crewArrivalEnd ? windowText(p.crewArrivalStart, p.crewArrivalEnd) : null;
  if (!window) return dayText(day, long);
  return long ? `${dayText(day, true)}, arrival ${window}` : `${dayText(day)}, ${window}`;
}

/** Problems of an arrival window as entered (empty strings or nulls: no window). */
export function arrivalWindowProblems(
  start: string | null | undefined,
  end: string | null | undefined,
): { field: 'crewArrivalStart' | 'crewArrivalEnd'; message: string }[] {
  const a = start || null;
  const b = end || null;
  if (!a && !b) return [];
  const problems: { field: 'crewArrivalStart' | 'crewArrivalEnd'; message: string }[] = [];
  if (a && !TIME_PATTERN.test(a))
    problems.push({ field: 'crewArrivalStart', message: crewDateMessages.time });
  if (b && !TIME_PATTERN.test(b)) problems.push({ field: 'crewArrivalEnd', message: crewDateMessages.time });
  if (problems.length > 0) return problems;
  if (!a || !b)
    return [{ field: a ? 'crewArrivalEnd' : 'crewArrivalStart', message: crewDateMessages.windowBoth }];
  if (b <= a) return [{ field: 'crewArrivalEnd', message: crewDateMessages.windowOrder }];
  return [];
}

/** The day after `now` (UTC): the crew dates the reminder job tells about. */
export function tomorrowDay(now: Date): string {
  return new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}
