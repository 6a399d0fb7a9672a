import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import type { WorkOptions } from '../../platform/jobs/types';
import type { Mailer } from '../../platform/mail/types';
import type { Platform } from '../../platform/platform';
import { type ContactMessageRow, createContactRepo } from './contact.repo';

export interface ContactDeliveryDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  logger: Logger;
}

const SLACK_TIMEOUT_MS = 10_000;

/** Slack's mrkdwn needs these three escaped; everything else is shown as typed. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function senderName(row: ContactMessageRow): string {
  return row.name ?? [row.firstName, row.lastName].filter(Boolean).join(' ');
}

/** The chat message as the support channel reads it. */
export function slackText(row: ContactMessageRow, brandName: string): string {
  const lines = [
    `*New priority chat message* on ${slackEscape(brandName)}`,
    `*From:* ${slackEscape(senderName(row))} <mailto:${slackEscape(row.email)}|${slackEscape(row.email)}>`,
  ];
  if (row.subject) lines.push(`*Subject:* ${slackEscape(row.subject)}`);
  if (row.projectId) lines.push(`*Project ID:* ${slackEscape(row.projectId)}`);
  lines.push(`*Signed in:* ${row.userId ? 'yes' : 'no'}`);
  lines.push(
    '',
    ...row.message.split(/\r?\n/).map((line) => `> ${slackEscape(line)}`),
    '',
    `Received ${row.createdAt.toISOString()} · message ${row.id} · promised reply within 5-10 minutes in business hours`,
  );
  return lines.join('\n');
}

function supportMailText(row: ContactMessageRow): string {
  return [
    `New message from the contact form (email support).`,
    '',
    `From: ${senderName(row)} <${row.email}>`,
    `Phone: ${row.phone ?? 'not given'}`,
    `Subject: ${row.subject ?? ''}`,
    `Received: ${row.createdAt.toISOString()}`,
    `Reference: ${row.id}`,
    '',
    row.message,
    '',
    '---',
    'Reply to this mail to answer the sender directly. We promised a reply within 24 hours.',
  ].join('\n');
}

function acknowledgementText(row: ContactMessageRow, config: Config): string {
  return [
    `Hi ${row.firstName ?? senderName(row)},`,
    '',
    `Thank you for contacting ${config.brandName} support. We've received your message and will get back to you within 24 hours.`,
    '',
    `Your message (${row.subject ?? 'no subject'}):`,
    ...row.message.split(/\r?\n/).map((line) => `> ${line}`),
    '',
    `If you need to add anything, reply to ${config.supportEmail}.`,
    '',
    `The ${config.brandName} team`,
  ].join('\n');
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Delivers stored contact messages; each method is safe to run again (a delivered message is left alone). */
export function createContactDelivery(deps: ContactDeliveryDeps) {
  const { db, mailer, config, logger } = deps;
  const repo = createContactRepo(db);
  const log = logger.child({ module: 'contact' });

  async function postToSlack(url: string, text: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
      });
    } catch (err) {
      // the webhook URL is a secret: never in the error text
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      throw new Error(`Slack webhook unreachable: ${cause ?? errorText(err)}`);
    }
    if (!res.ok) {
      const body = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`Slack webhook answered ${res.status}${body ? `: ${body}` : ''}`);
    }
  }

  return {
    async deliverChat(id: string): Promise<void> {
      const row = await repo.find(id);
      if (row?.channel !== 'chat' || row.deliveryStatus !== 'pending') return;
      if (!config.slackWebhookUrl) {
        // no chat workspace configured: the stored message is the inbox admins read
        await repo.markDelivered(id, 'inbox');
        log.info({ contactMessageId: id }, 'chat message kept for admins (no Slack webhook configured)');
        return;
      }
      try {
        await postToSlack(config.slackWebhookUrl, slackText(row, config.brandName));
      } catch (err) {
        await repo.recordFailedAttempt(id, errorText(err));
        throw err;
      }
      await repo.markDelivered(id, 'slack');
      log.info({ contactMessageId: id }, 'chat message posted to Slack');
    },

    async deliverEmail(id: string): Promise<void> {
      const row = await repo.find(id);
      if (row?.channel !== 'email' || row.deliveryStatus !== 'pending') return;
      try {
        await mailer.send({
          to: config.supportEmail,
          replyTo: row.email,
          subject: `Contact form: ${row.subject ?? 'no subject'} (from ${senderName(row)})`,
          text: supportMailText(row),
        });
        await mailer.send({
          to: row.email,
          replyTo: config.supportEmail,
          subject: `We received your message: ${row.subject ?? 'no subject'}`,
          text: acknowledgementText(row, config),
        });
      } catch (err) {
        await repo.recordFailedAttempt(id, errorText(err));
        throw err;
      }
      await repo.markDelivered(id, 'support_email');
    },

    async markFailed(id: string, error: string): Promise<void> {
      await repo.markFailed(id, error);
      log.error({ contactMessageId: id, error }, 'contact message not delivered after all retries');
    },

    pendingNeverTried: (before: Date) => repo.pendingNeverTried(before),
  };
}

export type ContactRetry = Pick<WorkOptions, 'retryLimit' | 'retryDelaySeconds'>;

/** Slack gets a few minutes of retries (5 s doubling, 6 times) before a message is marked failed. */
export const DEFAULT_SLACK_RETRY: ContactRetry = { retryLimit: 6, retryDelaySeconds: 5 };

const registered = new WeakSet<Platform>();

/**
 * Starts delivering contact messages in this process, once per platform (the first call's retry
 * settings win, so a test can register faster retries before building the app).
 * Messages stored by a process that died before enqueueing them are enqueued again.
 */
export async function registerContactWorkers(
  platform: Platform,
  retry: { slack?: ContactRetry; email?: ContactRetry } = {},
): Promise<void> {
  if (registered.has(platform)) return;
  registered.add(platform);
  const { jobs } = platform;
  const delivery = createContactDelivery(platform);
  await jobs.work('contact.slack', async ({ contactMessageId }) => delivery.deliverChat(contactMessageId), {
    ...(retry.slack ?? DEFAULT_SLACK_RETRY),
    onFinalFailure: async ({ contactMessageId }, error) => delivery.markFailed(contactMessageId, error),
  });
  await jobs.work('contact.email', async ({ contactMessageId }) => delivery.deliverEmail(contactMessageId), {
    ...(retry.email ?? {}),
    onFinalFailure: async ({ contactMessageId }, error) => delivery.markFailed(contactMessageId, error),
  });
  for (const { id, channel } of await delivery.pendingNeverTried(new Date(Date.now() - 60_000))) {
    await jobs.send(
      channel === 'chat' ? 'contact.slack' : 'contact.email',
      { contactMessageId: id },
      { singletonKey: id },
    );
  }
}
