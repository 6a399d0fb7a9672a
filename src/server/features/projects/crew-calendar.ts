import { createEvent, type DateArray } from 'ics';
import { type CrewSchedule, crewDay } from '../../../domain/projects/crew-date';

/** What the calendar file of a crew date says. */
export interface CrewCalendarInput extends CrewSchedule {
  projectId: string;
  title: string;
  place: string;
  companyName: string;
  /** Raised at each change, so calendars replace the event they already have (RFC 5545 SEQUENCE). */
  sequence: number;
  brandName: string;
  link: string;
}

function dayArray(day: string): [number, number, number] {
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return [y, m, d];
}

function at(day: string, hhmm: string): DateArray {
  const [h = 0, min = 0] = hhmm.split(':').map(Number);
  return [...dayArray(day), h, min];
}

/**
 * The .ics file of the crew date (issue 23 item 4): one event with a stable UID per project, so a
 * reschedule updates the event instead of adding one. With an arrival window, the window in the
 * job's local time (floating times, read in the calendar's own zone: the homeowner is at the
 * house); without one, an all-day event. Null when no crew is scheduled.
 */
export function crewCalendarFile(input: CrewCalendarInput): string | null {
  const day = input.crewScheduled ? crewDay(input.crewScheduledDate) : null;
  if (!day) return null;
  const window = input.crewArrivalStart && input.crewArrivalEnd;
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const timing = window
    ? {
        start: at(day, input.crewArrivalStart as string),
        startInputType: 'local' as const,
        startOutputType: 'local' as const,
        end: at(day, input.crewArrivalEnd as string),
        endInputType: 'local' as const,
        endOutputType: 'local' as const,
      }
    : { start: dayArray(day), end: dayArray(next.toISOString().slice(0, 10)) };
  const { error, value } = createEvent({
    ...timing,
    title: `Roofing crew: ${input.title}`,
    description: [
      `${input.companyName} comes to install your roof${window ? ' (arrival window)' : ''}.`,
      `Follow the job: ${input.link}`,
    ].join('\n'),
    location: input.place,
    uid: `crew-${input.projectId}@ridgeline`,
    sequence: input.sequence,
    method: 'PUBLISH',
    productId: `-//${input.brandName}//Crew date//EN`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar file not created');
  return value;
}
