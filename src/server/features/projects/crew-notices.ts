import {
  arrivalWindowProblems,
  type CrewSchedule,
  crewDateText,
  crewDay,
} from '../../../domain/projects/crew-date';
import type { Config } from '../../platform/config';
import { ValidationError } from '../../platform/errors';
import { crewCalendarFile } from './crew-calendar';
import type { ProjectNotice } from './match-notices';
import { dashboardLink } from './project-mail';

/** The project as the crew notices read it. */
export interface CrewJob extends CrewSchedule {
  id: string;
  title: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  crewScheduleSequence: number;
}

type CrewConfig = Pick<Config, 'publicUrl' | 'brandName'>;

const place = (p: CrewJob) =>
  [p.address, p.city, [p.state, p.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The crew date as it was and is: null when the change did not touch it. */
export function crewChange(before: CrewSchedule, after: CrewSchedule): 'set' | 'moved' | 'cancelled' | null {
  const key = (s: CrewSchedule) =>
    s.crewScheduled
      ? `${crewDay(s.crewScheduledDate)}|${s.crewArrivalStart ?? ''}|${s.crewArrivalEnd ?? ''}`
      : null;
  const was = key(before);
  const is = key(after);
  if (was === is) return null;
  if (is === null) return 'cancelled';
  return was === null ? 'set' : 'moved';
}

function calendarAttachment(job: CrewJob, companyName: string, config: CrewConfig, link: string) {
  const ics = crewCalendarFile({
    ...job,
    place: place(job),
    companyName,
    sequence: job.crewScheduleSequence,
    brandName: config.brandName,
    link,
    projectId: job.id,
  });
  return ics
    ? [
        {
          filename: `crew-${job.title}.ics`,
          contentType: 'text/calendar; charset=utf-8',
          content: Buffer.from(ics),
        },
      ]
    : [];
}

/**
 * The homeowner's notice of a crew date set, moved or cancelled (issue 23 item 4): the date and
 * arrival window, with the calendar file (the same event, a higher sequence, when it moves).
 */
export function crewScheduledNotice(
  job: CrewJob,
  change: 'set' | 'moved' | 'cancelled',
  people: { homeownerId: string; companyName: string },
  before: CrewSchedule,
  config: CrewConfig,
): ProjectNotice {
  const link = dashboardLink(config, job.id);
  const when = crewDateText(job, true);
  const was = crewDateText(before, true);
  const title =
    change === 'cancelled'
      ? `The crew date of ${job.title} was cancelled`
      : change === 'moved'
        ? `Crew date changed: ${crewDateText(job)}`
        : `Crew scheduled for ${crewDateText(job)}`;
  const text =
    change === 'cancelled'
      ? [
          `${people.companyName} cancelled the crew date of your roofing project ${job.title}${was ? ` (${was})` : ''}.`,
          'They will set a new date with you.',
        ]
      : [
          `${people.companyName} ${change === 'moved' ? 'moved' : 'scheduled'} the crew for your roofing project ${job.title} at ${place(job)}:`,
          '',
          `  ${when}`,
          ...(change === 'moved' && was ? ['', `(It was ${was}.)`] : []),
          '',
          'The attached calendar file adds the date to your calendar (and updates it if it moves).',
        ];
  return {
    userId: people.homeownerId,
    kind: 'crew_scheduled',
    title,
    link: `/customer-dashboard?project=${job.id}`,
    projectId: job.id,
    mail: {
      subject: `${title} (${job.title})`,
      text: [...text, '', `Follow your project: ${link}`, '', `- The ${config.brandName} team`].join('\n'),
      attachments: change === 'cancelled' ? [] : calendarAttachment(job, people.companyName, config, link),
    },
  };
}

/** The reminder the day before the crew comes, to the homeowner and the contractor. */
export function crewReminderNotices(
  job: CrewJob,
  people: { homeownerId: string | null; contractorUserId: string | null; companyName: string },
  config: CrewConfig,
): ProjectNotice[] {
  const when = crewDateText(job, true) ?? '';
  const notices: ProjectNotice[] = [];
  if (people.homeownerId) {
    notices.push({
      userId: people.homeownerId,
      kind: 'crew_reminder',
      title: `Tomorrow: the roofing crew comes (${crewDateText(job)})`,
      link: `/customer-dashboard?project=${job.id}`,
      projectId: job.id,
      mail: {
        subject: `Tomorrow: your roofing crew for ${job.title}`,
        text: [
          `A reminder: ${people.companyName} comes tomorrow to install your roof at ${place(job)}.`,
          '',
          `  ${when}`,
          '',
          'Please keep the driveway clear and pets inside.',
          '',
          `Follow your project: ${dashboardLink(config, job.id)}`,
        ].join('\n'),
      },
    });
  }
  if (people.contractorUserId) {
    notices.push({
      userId: people.contractorUserId,
      kind: 'crew_reminder',
      title: `Tomorrow: crew at ${job.title} (${crewDateText(job)})`,
      link: `/project/${job.id}`,
      projectId: job.id,
      mail: {
        subject: `Tomorrow: crew at ${job.title}, ${place(job)}`,
        text: [`A reminder: your crew is due tomorrow at ${place(job)}.`, '', `  ${when}`].join('\n'),
      },
    });
  }
  return notices;
}

/** An arrival window must have both ends, real times, and end after it starts (checked on the merged state). */
export function refuseBadArrivalWindow(next: CrewSchedule): void {
  const problems = arrivalWindowProblems(next.crewArrivalStart, next.crewArrivalEnd);
  if (problems.length === 0) return;
  const fieldErrors: Record<string, string[]> = {};
  for (const p of problems) fieldErrors[p.field] = [...(fieldErrors[p.field] ?? []), p.message];
  throw new ValidationError(problems[0]?.message ?? 'Invalid arrival window', fieldErrors);
}
