import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type * as Nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { decryptSecret, encryptSecret } from '../crypto';
import type { Db } from '../db/index';
import type { JobQueue, WorkOptions } from '../jobs/types';
import { lazyModule } from '../lazy-module';
import type { Platform } from '../platform';
import type { FileStorage } from '../storage/file-storage';

/** nodemailer, loaded with the first mail sent rather than at start-up. */
const nodemailer = lazyModule<typeof Nodemailer>('nodemailer');

import { mailOutbox, type OutboxAttachment } from './mail.schema';
import { devMailDir, redactSecrets, revealSecrets, writeDevMail } from './mail-secrets';
import type { Mailer, OutgoingMail } from './types';

export interface MailerDeps {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  config: Config;
  logger: Logger;
}

const MAX_ERROR_LENGTH = 1000;

/** A file name that is safe inside a storage key; the original name is kept in the outbox row. */
function storageFileName(filename: string): string {
  const cleaned = filename
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '_')
    .slice(-100);
  return cleaned || 'attachment';
}

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, MAX_ERROR_LENGTH);
}

/** The domain of the sender address, for Message-IDs. */
function senderDomain(config: Config): string {
  const match = /@([^>\s]+)>?\s*$/.exec(config.mailFrom);
  return match?.[1] ?? config.adminEmailDomain;
}

/**
 * Every mail is stored in the outbox first (attachments in the file storage). With SMTP configured
 * it is `pending` and a `mail.send` job delivers it; without, it is `kept` for admins to read.
 * The stored copy never holds the mail's secrets (its links, OutgoingMail.secrets): placeholders
 * stand in their place; a pending mail keeps them encrypted until it is sent, a kept mail not at
 * all (outside production they are written, with the mail, to the development mail folder).
 */
export function createMailer(deps: MailerDeps): Mailer {
  const { db, storage, jobs, config, logger } = deps;
  const log = logger.child({ module: 'mail' });
  const devDir = devMailDir(config);
  if (config.nodeEnv === 'production' && !config.smtpUrl) {
    log.warn(
      'SMTP_URL is not set: mail stays in the outbox with its links hidden, so confirm, password-reset and report links reach nobody',
    );
  }

  /** The outbox row of a mail: kept for admins when no SMTP is configured, else pending. */
  function outboxRow(id: string, mail: Omit<OutgoingMail, 'attachments'>, attachments: OutboxAttachment[]) {
    const secrets = mail.secrets ?? [];
    const stored = redactSecrets(mail, secrets);
    if (secrets.some((s) => mail.subject.includes(s) || (mail.replyTo ?? '').includes(s)))
      throw new Error('a mail secret may only appear in the text or html');
    return {
      id,
      to: mail.to,
      cc: mail.cc,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: stored.text,
      html: stored.html,
      attachments,
      sealedSecrets:
        config.smtpUrl && secrets.length > 0
          ? encryptSecret(config.encryptionKey, JSON.stringify(secrets))
          : null,
      status: config.smtpUrl ? ('pending' as const) : ('kept' as const),
    };
  }

  /** Outside production and without SMTP: the mail as it would be sent, for a developer or a test. */
  function keepForDevelopment(id: string, mail: Omit<OutgoingMail, 'attachments'>): void {
    if (!devDir) return;
    try {
      writeDevMail(devDir, {
        id,
        to: mail.to,
        cc: mail.cc ?? null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        createdAt: new Date().toISOString(),
      });
    } catch (err) {
      log.warn({ err, outboxId: id }, 'could not write the development copy of a mail');
    }
  }

  /** The mail's attachments, written to the file storage under `mail/<id>/`. */
  async function storeAttachments(id: string, mail: OutgoingMail): Promise<OutboxAttachment[]> {
    const attachments: OutboxAttachment[] = [];
    for (const [index, attachment] of (mail.attachments ?? []).entries()) {
      const storageKey = `mail/${id}/${index}-${storageFileName(attachment.filename)}`;
      await storage.put(storageKey, attachment.content);
      attachments.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.content.length,
        storageKey,
      });
    }
    return attachments;
  }

  async function queue(id: string): Promise<void> {
    if (config.smtpUrl) await jobs.send('mail.send', { outboxId: id }, { singletonKey: id });
  }

  return {
    async storeIn(tx, mail) {
      const id = randomUUID();
      await tx.insert(mailOutbox).values(outboxRow(id, mail, await storeAttachments(id, mail)));
      keepForDevelopment(id, mail);
      return { id };
    },

    queue,

    async send(mail) {
      const id = randomUUID();
      await db.insert(mailOutbox).values(outboxRow(id, mail, await storeAttachments(id, mail)));
      keepForDevelopment(id, mail);
      try {
        await queue(id);
      } catch (err) {
        // the mail is stored: the worker's start-up sweep enqueues it again
        log.error({ err, outboxId: id }, 'could not enqueue a stored mail');
      }
      log.info({ outboxId: id, queued: Boolean(config.smtpUrl) }, 'mail stored');
      return { id };
    },
  };
}

type Transport = ReturnType<typeof Nodemailer.createTransport>;

/** Delivers one outbox mail through SMTP; at most once per outbox row, retried by the job queue on errors. */
export function createMailDelivery(deps: Pick<MailerDeps, 'db' | 'storage' | 'config' | 'logger'>) {
  const { db, storage, config, logger } = deps;
  const log = logger.child({ module: 'mail' });
  let transport: Transport | undefined;

  function getTransport(url: string): Transport {
    transport ??= nodemailer().createTransport({
      url,
      connectionTimeout: 30_000,
      greetingTimeout: 30_000,
      socketTimeout: 120_000,
    });
    return transport;
  }

  return {
    async deliver(outboxId: string): Promise<void> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)).limit(1);
      if (!row) {
        log.warn({ outboxId }, 'mail.send for an unknown outbox row; nothing to send');
        return;
      }
      // a repeated job (crash after sending, second process, manual resend) never sends twice
      if (row.status === 'sent' || row.status === 'kept') return;
      if (!config.smtpUrl) {
        await db
          .update(mailOutbox)
          .set({ status: 'kept', sealedSecrets: null })
          .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, row.status)));
        return;
      }
      try {
        const attachments = [];
        for (const a of row.attachments) {
          attachments.push({
            filename: a.filename,
            contentType: a.contentType,
            content: await storage.get(a.storageKey),
          });
        }
        const secrets = row.sealedSecrets
          ? (JSON.parse(decryptSecret(config.encryptionKey, row.sealedSecrets)) as string[])
          : [];
        const body = revealSecrets({ text: row.text, html: row.html }, secrets);
        const info = await getTransport(config.smtpUrl).sendMail({
          from: config.mailFrom,
          to: row.to,
          cc: row.cc ?? undefined,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: body.text,
          html: body.html ?? undefined,
          attachments,
          // stable across retries, so a receiving server can drop a duplicate
          messageId: `<${row.id}@${senderDomain(config)}>`,
        });
        await db
          .update(mailOutbox)
          .set({
            status: 'sent',
            sentAt: new Date(),
            // sent: the links exist only in the recipient's mailbox now
            sealedSecrets: null,
            providerMessageId: info.messageId,
            attempts: sql`${mailOutbox.attempts} + 1`,
          })
          .where(eq(mailOutbox.id, outboxId));
        log.info({ outboxId, providerMessageId: info.messageId }, 'mail sent');
      } catch (err) {
        await db
          .update(mailOutbox)
          .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: errorText(err) })
          .where(eq(mailOutbox.id, outboxId));
        throw err;
      }
    },

    /** After the last retry: the row says so, unless another run sent it meanwhile. */
    async markFailed(outboxId: string, error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ status: 'failed', lastError: error.slice(0, MAX_ERROR_LENGTH), sealedSecrets: null })
        .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'pending')));
      log.error({ outboxId, error }, 'mail not sent after all retries');
    },

    /** Pending rows that never had a job run (a crash between storing and enqueueing). */
    async pendingNeverTried(): Promise<string[]> {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0)));
      return rows.map((r) => r.id);
    },
  };
}

/** Starts delivering outbox mail in this process. Retries default to the queue's (5, from 2 s, doubling). */
export async function registerMailWorker(
  platform: Platform,
  retry: Pick<WorkOptions, 'retryLimit' | 'retryDelaySeconds'> = {},
): Promise<void> {
  const { db, storage, config, logger, jobs } = platform;
  const delivery = createMailDelivery({ db, storage, config, logger });
  await jobs.work('mail.send', async ({ outboxId }) => delivery.deliver(outboxId), {
    ...retry,
    onFinalFailure: async ({ outboxId }, error) => delivery.markFailed(outboxId, error),
  });
  if (!config.smtpUrl) return;
  // the singleton key makes this a no-op for mails whose job is still waiting
  for (const outboxId of await delivery.pendingNeverTried()) {
    await jobs.send('mail.send', { outboxId }, { singletonKey: outboxId });
  }
}
