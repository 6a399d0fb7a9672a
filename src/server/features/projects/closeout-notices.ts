import type { CloseoutEvent } from '../../../domain/projects/closeout';
import type { Config } from '../../platform/config';
import type { ProjectNotice } from './match-notices';

type NoticeConfig = Pick<Config, 'publicUrl' | 'brandName'>;

/** What each closeout event tells the other side (title; the mail's first line). */
const texts: Record<CloseoutEvent, (title: string) => { title: string; body: string }> = {
  inspection_submitted: (t) => ({
    title: `Final inspection ready: ${t}`,
    body: 'Your contractor finished the final inspection. Please review it and accept the work or report issues.',
  }),
  issue_reported: (t) => ({
    title: `Issue reported on ${t}`,
    body: 'The homeowner reported an issue on the punch list. Please resolve it.',
  }),
  issue_resolved: (t) => ({
    title: `Punch-list item resolved on ${t}`,
    body: 'An item of your punch list was resolved. Please check it, then accept the work or reopen the item.',
  }),
  issue_reopened: (t) => ({
    title: `Punch-list item reopened on ${t}`,
    body: 'The homeowner reopened a punch-list item. Please look at it again.',
  }),
  admin_note: (t) => ({
    title: `Note from the Ridgeline team on ${t}`,
    body: 'The Ridgeline team added a note to the punch list.',
  }),
  work_accepted: (t) => ({
    title: `Work accepted: ${t}`,
    body: 'The homeowner accepted the work. Thank you!',
  }),
};

/**
 * The notifications (with their mails) of one closeout event, for each receiver (the homeowner,
 * the contractor, or both), each linking to the project page.
 */
export function closeoutNotices(
  event: CloseoutEvent,
  project: { id: string; title: string },
  receivers: (string | null | undefined)[],
  config: NoticeConfig,
): ProjectNotice[] {
  const { title, body } = texts[event](project.title);
  const link = `/projects/${project.id}`;
  return [...new Set(receivers.filter((r): r is string => Boolean(r)))].map((userId) => ({
    userId,
    kind: 'closeout',
    title,
    body,
    link,
    projectId: project.id,
    mail: {
      subject: title,
      text: [body, '', `See the project on ${config.brandName}: ${config.publicUrl}${link}`].join('\n'),
    },
  }));
}
