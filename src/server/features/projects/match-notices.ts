import type { Config } from '../../platform/config';
import type { Executor } from './projects.repo';

/**
 * What the match tells people (issue 23 item 2), as notifications: each with its mail, which the
 * notifications feature stores only where the person's preferences allow.
 */
export interface ProjectNotice {
  userId: string;
  kind:
    | 'project_matched'
    | 'match_declined'
    | 'match_overdue'
    | 'crew_scheduled'
    | 'crew_reminder'
    | 'closeout'
    | 'review_requested'
    | 'job_payment';
  title: string;
  body?: string;
  link: string;
  projectId?: string | null;
  mail?: {
    subject: string;
    text: string;
    attachments?: { filename: string; contentType: string; content: Buffer }[];
  };
}

/** Stores notices in the caller's transaction; the answer pushes them live after the commit (services.ts wires notifications.stage). */
export type StageNotices = (tx: Executor, items: ProjectNotice[]) => Promise<() => Promise<void>>;

type NoticeConfig = Pick<Config, 'publicUrl' | 'brandName' | 'matchResponseHours'>;

interface MatchedJob {
  id: string;
  title: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

function place(p: MatchedJob): string {
  return [p.address, p.city, [p.state, p.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

/** The contractor's notice of a new match: what, where, and the answer expected within the target. */
export function matchedNotice(
  job: MatchedJob,
  contractorUserId: string,
  config: NoticeConfig,
): ProjectNotice {
  const hours = config.matchResponseHours;
  return {
    userId: contractorUserId,
    kind: 'project_matched',
    title: `New match: ${job.title} in ${[job.city, job.state].filter(Boolean).join(', ') || job.address}`,
    body: `Please accept or decline within ${hours} hours.`,
    link: '/contractor-dashboard?tab=matched',
    projectId: job.id,
    mail: {
      subject: `New project match: ${job.title}`,
      text: [
        `${config.brandName} matched a roofing project to you: ${job.title} at ${place(job)}.`,
        '',
        `Please accept or decline it within ${hours} hours on your dashboard: ${config.publicUrl}/contractor-dashboard?tab=matched`,
        '',
        `- The ${config.brandName} team`,
      ].join('\n'),
    },
  };
}

/** The admins' notice of a declined match, with the contractor's reason. */
export function declinedNotices(
  job: MatchedJob,
  by: { companyName: string; reason: string },
  adminIds: readonly string[],
  config: NoticeConfig,
): ProjectNotice[] {
  const title = `${by.companyName} declined ${job.title}`;
  return adminIds.map((userId) => ({
    userId,
    kind: 'match_declined',
    title,
    body: `Reason: ${by.reason}`,
    link: `/projects/${job.id}`,
    projectId: job.id,
    mail: {
      subject: `${title}: it needs a new contractor`,
      text: [
        `${by.companyName} declined the match of ${job.title} at ${place(job)}.`,
        '',
        `Their reason: ${by.reason}`,
        '',
        `The project is pending again; ${by.companyName} is no longer suggested for it. Assign another contractor: ${config.publicUrl}/projects/${job.id}`,
      ].join('\n'),
    },
  }));
}

/** The admins' notice of a match with no answer past the response target (sent once per match). */
export function overdueNotices(
  match: { projectId: string; title: string; companyName: string; assignedAt: Date },
  adminIds: readonly string[],
  config: NoticeConfig,
): ProjectNotice[] {
  const hours = config.matchResponseHours;
  const title = `No answer from ${match.companyName} on ${match.title} after ${hours} h`;
  return adminIds.map((userId) => ({
    userId,
    kind: 'match_overdue',
    title,
    body: `Assigned ${match.assignedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    link: `/projects/${match.projectId}`,
    projectId: match.projectId,
    mail: {
      subject: title,
      text: [
        `${match.companyName} has not accepted or declined ${match.title} within the ${hours}-hour response target (assigned ${match.assignedAt.toUTCString()}).`,
        '',
        `Contact them, or reassign the project: ${config.publicUrl}/projects/${match.projectId}`,
      ].join('\n'),
    },
  }));
}
