import { DIGEST_EXCERPT_CHARS } from '../../../domain/messages/schemas';
import type { Config } from '../../platform/config';
import type { OutgoingMail } from '../../platform/mail/types';
import type { DigestMessage, DigestReceiver } from './messages.repo';

export type DigestMailConfig = Pick<Config, 'publicUrl' | 'brandName' | 'supportEmail'>;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DIGEST_EXCERPT_CHARS ? `${flat.slice(0, DIGEST_EXCERPT_CHARS - 1)}…` : flat;
}

/** The mail of the messages a receiver has not read yet, grouped by project, each with its link. */
export function messageDigestMail(
  to: DigestReceiver,
  rows: DigestMessage[],
  config: DigestMailConfig,
): Omit<OutgoingMail, 'attachments'> {
  const byProject = new Map<string, DigestMessage[]>();
  for (const r of rows) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
  const count = rows.length;
  const lines = [
    `Hi ${to.firstName?.trim() || 'there'},`,
    '',
    `You have ${count} unread ${count === 1 ? 'message' : 'messages'} on ${config.brandName}:`,
  ];
  for (const [projectId, list] of byProject) {
    const first = list[0] as DigestMessage;
    lines.push('', `${first.projectTitle}`);
    for (const m of list) {
      const from = [m.senderFirstName, m.senderLastName].filter(Boolean).join(' ') || 'Someone';
      lines.push(`- ${from}: ${excerpt(m.content || '(a photo)')}`);
    }
    lines.push(`Reply: ${config.publicUrl}/projects/${projectId}?tab=messages`);
  }
  lines.push('', `Questions? Write to ${config.supportEmail}.`, '', `The ${config.brandName} team`);
  return {
    to: to.email,
    subject: `${count} unread ${count === 1 ? 'message' : 'messages'} on ${config.brandName}`,
    text: lines.join('\n'),
  };
}
