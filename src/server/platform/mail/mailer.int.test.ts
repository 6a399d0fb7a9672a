import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { settledJobs } from '../../../../tests/helpers/jobs';
import { asSent } from '../../../../tests/helpers/outbox';
import { crash, startQueueChild } from '../../../../tests/helpers/queue-child-runner';
import { freePort, type SmtpReceiver, startSmtpReceiver } from '../../../../tests/helpers/smtp-receiver';
import {
  createTestContext,
  FAST_JOBS,
  freshDatabase,
  type TestContext,
  testDbKind,
} from '../../../../tests/helpers/test-context';
import { loadConfig } from '../config';
import type { Db } from '../db/index';
import { mailOutbox } from '../db/schema';
import { createPlatform } from '../platform';
import { createMailDelivery, createMailer, registerMailWorker } from './create-mailer';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch(() => {});
});

async function receiver(port?: number): Promise<SmtpReceiver> {
  const r = await startSmtpReceiver(port);
  cleanups.push(() => r.close());
  return r;
}

async function context(opts: Parameters<typeof createTestContext>[0] = {}): Promise<TestContext> {
  const ctx = await createTestContext(opts);
  cleanups.push(() => ctx.close());
  return ctx;
}

async function outboxRow(db: Db, id: string) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** Small enough to stay on one base64 line in the raw message. */
const PDF = Buffer.from('%PDF-1.4\n%Ridgeline test\n%%EOF\n');

describe(`mailer on ${testDbKind}`, () => {
  it('sends a stored mail with its attachment through SMTP and marks it sent', async () => {
    const smtp = await receiver();
    const ctx = await context({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ridgeline <no-reply@ridgeline.test>' },
    });

    const { id } = await ctx.platform.mailer.send({
      to: 'homeowner@example.com',
      subject: 'Your roof report RL-TEST1234',
      text: 'Your Fair Market Value report is attached.',
      attachments: [{ filename: 'report RL-TEST1234.pdf', contentType: 'application/pdf', content: PDF }],
    });
    const stored = await outboxRow(ctx.platform.db, id);
    expect(stored.attachments).toEqual([
      {
        filename: 'report RL-TEST1234.pdf',
        contentType: 'application/pdf',
        size: PDF.length,
        storageKey: `mail/${id}/0-report_RL-TEST1234.pdf`,
      },
    ]);
    expect(await ctx.platform.storage.get(`mail/${id}/0-report_RL-TEST1234.pdf`)).toEqual(PDF);

    await vi.waitFor(
      async () => {
        expect((await outboxRow(ctx.platform.db, id)).status).toBe('sent');
      },
      { timeout: 10_000, interval: 100 },
    );
    const row = await outboxRow(ctx.platform.db, id);
    expect(row).toMatchObject({ attempts: 1, lastError: null, providerMessageId: `<${id}@ridgeline.test>` });
    expect(row.sentAt).toBeInstanceOf(Date);

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail?.from).toBe('no-reply@ridgeline.test');
    expect(mail?.to).toEqual(['homeowner@example.com']);
    expect(mail?.raw).toContain('Subject: Your roof report RL-TEST1234');
    expect(mail?.raw).toContain('Your Fair Market Value report is attached.');
    expect(mail?.raw).toMatch(/Content-Type: application\/pdf/);
    expect(mail?.raw).toMatch(/filename="?report RL-TEST1234\.pdf"?/);
    expect(mail?.raw).toContain(PDF.toString('base64'));
    expect(mail?.raw).toContain(`Message-ID: <${id}@ridgeline.test>`);

    // the same outbox id again, by a second job and by a direct call: nothing more goes out
    const again = await ctx.platform.jobs.send(
      'mail.send',
      { outboxId: id },
      { singletonKey: `${id}-again` },
    );
    await createMailDelivery(ctx.platform).deliver(id);
    expect(await settledJobs(ctx.platform.database, 'mail.send', { id: again ?? undefined })).toEqual([
      'completed',
    ]);
    expect(smtp.received).toHaveLength(1);
    expect((await outboxRow(ctx.platform.db, id)).attempts).toBe(1);
  });

  it("stores a mail's links only sealed while it waits, sends them, and erases them once sent", async () => {
    const smtp = await receiver();
    const ctx = await context({ env: { SMTP_URL: smtp.url } });
    const link = 'https://rl.example/l?t=Secret-Token_123&v=2';
    const { id } = await ctx.platform.mailer.send({
      to: 'linked@example.com',
      subject: 'Your link',
      text: `Open ${link} within a day.`,
      html: `<a href="${link.replace('&', '&amp;')}">Open</a>`,
      secrets: [link],
    });
    const waiting = await outboxRow(ctx.platform.db, id);
    expect(JSON.stringify(waiting)).not.toContain('Secret-Token_123');
    expect(waiting.text).toBe('Open [link hidden: only in the mail sent, #1] within a day.');
    expect(waiting.html).toBe('<a href="[link hidden: only in the mail sent, #1]">Open</a>');
    expect(waiting.sealedSecrets).toMatch(/^v1\./);

    await vi.waitFor(
      async () => {
        expect((await outboxRow(ctx.platform.db, id)).status).toBe('sent');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await outboxRow(ctx.platform.db, id)).sealedSecrets).toBeNull();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain(`Open ${link} within a day.`);
    expect(smtp.received[0]?.raw).toContain('href="https://rl.example/l?t=Secret-Token_123&amp;v=2"');
  });

  it('records the error and retries while the SMTP server is down, then sends once it is back', async () => {
    const port = await freePort();
    const ctx = await context({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      runWorkers: false,
      jobs: FAST_JOBS,
    });
    // the default retries (5, from 2 s, doubling) but from 1 s: the retry that sends comes sooner
    await registerMailWorker(ctx.platform, { retryDelaySeconds: 1 });

    const { id } = await ctx.platform.mailer.send({
      to: 'later@example.com',
      subject: 'Retry me',
      text: 'Hello',
    });
    await vi.waitFor(
      async () => {
        const row = await outboxRow(ctx.platform.db, id);
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.lastError).toMatch(/ECONNREFUSED/);
        expect(row.status).toBe('pending');
      },
      { timeout: 10_000, interval: 100 },
    );

    const smtp = await receiver(port);
    await vi.waitFor(
      async () => {
        expect((await outboxRow(ctx.platform.db, id)).status).toBe('sent');
      },
      { timeout: 30_000, interval: 200 },
    );
    const row = await outboxRow(ctx.platform.db, id);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain('Subject: Retry me');
  });

  it('marks the mail failed once the last retry failed', async () => {
    const port = await freePort();
    // the dead-letter worker that marks the mail failed polls every 0.5 s instead of 5 s
    const ctx = await context({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      runWorkers: false,
      jobs: FAST_JOBS,
    });
    await registerMailWorker(ctx.platform, { retryLimit: 1, retryDelaySeconds: 1 });

    const { id } = await ctx.platform.mailer.send({
      to: 'never@example.com',
      subject: 'Doomed',
      text: 'Hello',
    });
    await vi.waitFor(
      async () => {
        expect((await outboxRow(ctx.platform.db, id)).status).toBe('failed');
      },
      { timeout: 20_000, interval: 200 },
    );
    const row = await outboxRow(ctx.platform.db, id);
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.sentAt).toBeNull();
  });

  it('keeps the mail in the outbox when no SMTP server is configured', async () => {
    const ctx = await context();
    const { id } = await ctx.platform.mailer.send({
      to: 'kept@example.com',
      cc: 'copy@example.com',
      subject: 'Kept',
      text: 'Read me in the admin outbox',
      html: '<p>Read me</p>',
      attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: PDF }],
    });
    // no delivery job was queued, so nothing will change the row later
    expect(await settledJobs(ctx.platform.database, 'mail.send')).toEqual([]);
    const row = await outboxRow(ctx.platform.db, id);
    expect(row).toMatchObject({
      status: 'kept',
      attempts: 0,
      lastError: null,
      sentAt: null,
      cc: 'copy@example.com',
      html: '<p>Read me</p>',
    });
    expect(await ctx.platform.storage.get(`mail/${id}/0-a.pdf`)).toEqual(PDF);
  });

  it('keeps no link of a kept mail in the database; outside production only the development copy has it', async () => {
    const ctx = await context();
    const mail = {
      to: 'kept.link@example.com',
      subject: 'Confirm',
      text: 'Open https://rl.example/c?token=Kept-Secret-1',
      secrets: ['https://rl.example/c?token=Kept-Secret-1'],
    };
    const { id } = await ctx.platform.mailer.send(mail);
    const row = await outboxRow(ctx.platform.db, id);
    expect(JSON.stringify(row)).not.toContain('Kept-Secret-1');
    expect(row.text).toBe('Open [link hidden: only in the mail sent, #1]');
    expect(asSent(ctx.config, row).text).toBe(mail.text);

    // in production, no copy is written anywhere: the link exists only in the mail (with SMTP)
    const production = await context({
      env: { NODE_ENV: 'production', PUBLIC_URL: 'https://rl.example' },
      runWorkers: false,
    });
    const kept = await production.platform.mailer.send({ ...mail, to: 'prod.kept@example.com' });
    const prodRow = await outboxRow(production.platform.db, kept.id);
    expect(JSON.stringify(prodRow)).not.toContain('Kept-Secret-1');
    expect(asSent(production.config, prodRow).text).toBe('Open [link hidden: only in the mail sent, #1]');
    expect(existsSync(path.join(production.config.dataDir, 'dev-mail'))).toBe(false);

    // such a production mailer says so at start: its account mails would reach nobody
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const { db, storage, jobs } = production.platform;
    createMailer({ db, storage, jobs, config: production.config, logger });
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      expect.stringMatching(/^SMTP_URL is not set/),
    ]);
    lines.length = 0;
    createMailer({ db, storage, jobs, config: ctx.config, logger });
    expect(lines).toEqual([]);
  });

  it('sends a mail stored by a process that was killed before sending it, after the restart', async () => {
    const smtp = await receiver();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-mail-crash-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const fresh = testDbKind === 'postgres' ? await freshDatabase() : undefined;
    if (fresh) {
      cleanups.push(async () => {
        await fresh.database.close().catch(() => {});
        await fresh.drop();
      });
    }

    const child = await startQueueChild({
      mode: 'mail',
      db: fresh
        ? { kind: 'postgres', url: fresh.url as string }
        : { kind: 'pglite', dataDir, template: inject('pgliteTemplate') },
      dataDir,
      smtpUrl: smtp.url,
      subject: 'Stored before the crash',
    });
    await crash(child);
    expect(smtp.received).toHaveLength(0);

    // the restarted server: same DATA_DIR (PGlite and files) or the same PostgreSQL database
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SEED_DEMO: '0',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    });
    const platform = await createPlatform(config, { database: fresh?.database });
    cleanups.push(() => platform.close());

    await vi.waitFor(
      async () => {
        expect((await outboxRow(platform.db, child.ready)).status).toBe('sent');
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.raw).toContain('Subject: Stored before the crash');
    expect(smtp.received[0]?.raw).toContain(Buffer.from('survivor').toString('base64'));
  });
});
