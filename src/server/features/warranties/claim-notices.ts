import type { Config } from '../../platform/config';
import type { NotificationItem } from '../notifications';
import { warrantyPath } from './warranty-mail';

type NoticeConfig = Pick<Config, 'publicUrl' | 'brandName'>;

export type ClaimEvent = 'opened' | 'message' | 'scheduled' | 'resolved' | 'reopened';

const texts: Record<ClaimEvent, (title: string, detail: string) => { title: string; body: string }> = {
  opened: (t, d) => ({
    title: `Warranty claim opened on ${t}`,
    body: `The homeowner opened a warranty claim: ${d}`,
  }),
  message: (t, d) => ({ title: `New message on the warranty claim of ${t}`, body: d }),
  scheduled: (t, d) => ({
    title: `Warranty visit scheduled on ${t}`,
    body: `A visit for the warranty claim is scheduled for ${d}.`,
  }),
  resolved: (t, d) => ({ title: `Warranty claim resolved on ${t}`, body: `How it was resolved: ${d}` }),
  reopened: (t) => ({ title: `Warranty claim reopened on ${t}`, body: 'The warranty claim is open again.' }),
};

/** One line of at most 300 characters for a notification's body (a description may be long). */
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}

/**
 * The notifications (in-app and mail) of a claim event for each receiver except its author: the
 * homeowner, the project's contractor and the admins, linking to the project's warranty panel.
 */
export function claimNotices(
  event: ClaimEvent,
  project: { id: string; title: string },
  detail: string,
  receivers: (string | null | undefined)[],
  authorId: string,
  config: NoticeConfig,
): NotificationItem[] {
  const { title, body } = texts[event](project.title, excerpt(detail));
  const link = warrantyPath(project.id);
  return [...new Set(receivers.filter((r): r is string => Boolean(r) && r !== authorId))].map((userId) => ({
    userId,
    kind: 'warranty_claim' as const,
    title,
    body,
    link,
    projectId: project.id,
    mail: {
      subject: title,
      text: [body, '', `See the claim on ${config.brandName}: ${config.publicUrl}${link}`].join('\n'),
    },
  }));
}
