import { rmSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { type FakeWebhook, startFakeWebhook } from '../../../../tests/helpers/fake-webhook';
import {
  createTestContext,
  FAST_JOBS,
  freshDatabase,
  type TestContext,
  testConfig,
  testDbKind,
} from '../../../../tests/helpers/test-context';
import { contactNotices } from '../../../domain/contact/schemas';
import { buildApp } from '../../app';
import { contactMessages, mailOutbox } from '../../platform/db/schema';
import { createPlatform } from '../../platform/platform';
import { registerContactWorkers } from './contact.delivery';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0)
    await cleanups
      .pop()?.()
      .catch(() => {});
});

async function context(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestContext({ env });
  cleanups.push(() => ctx.close());
  return ctx;
}

async function webhook(status?: number): Promise<FakeWebhook> {
  const hook = await startFakeWebhook(status);
  cleanups.push(() => hook.close());
  return hook;
}

async function row(ctx: TestContext, id: string) {
  const [r] = await ctx.platform.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!r) throw new Error(`no contact message ${id}`);
  return r;
}

const chat = {
  name: 'Jordan Ellis',
  email: 'Jordan@Example.com',
  subject: 'Hail damage & my claim',
  message: 'Is <b>anyone</b> there?\nMy adjuster visits Friday.',
  projectId: '42',
};

const emailForm = {
  firstName: 'Morgan',
  lastName: 'Lee',
  email: 'morgan.lee@example.com',
  phone: '(214) 555-0188',
  subject: 'Question about my report',
  message: 'Can the report include the detached garage?',
};

describe(`contact messages on ${testDbKind}`, () => {
  it('stores a chat message and posts a readable summary to the Slack webhook', async () => {
    const hook = await webhook();
    const ctx = await context({ SLACK_WEBHOOK_URL: hook.url });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/slack/contact', payload: chat });
    expect(res.statusCode).toBe(201);
    const { id, message } = res.json();
    expect(message).toBe(contactNotices.chatSuccess);
    expect(await row(ctx, id)).toMatchObject({
      channel: 'chat',
      name: 'Jordan Ellis',
      email: 'jordan@example.com',
      subject: 'Hail damage & my claim',
      projectId: '42',
      userId: null,
    });

    await vi.waitFor(async () => expect((await row(ctx, id)).deliveryStatus).toBe('delivered'), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await row(ctx, id)).toMatchObject({ deliveredTo: 'slack', deliveryAttempts: 1, lastError: null });
    expect(hook.received).toHaveLength(1);
    const { text } = hook.received[0] as { text: string };
    expect(text).toContain('Jordan Ellis');
    expect(text).toContain('jordan@example.com');
    expect(text).toContain('*Subject:* Hail damage &amp; my claim');
    expect(text).toContain('*Project ID:* 42');
    expect(text).toContain('> Is &lt;b&gt;anyone&lt;/b&gt; there?');
    expect(text).toContain('> My adjuster visits Friday.');
  });

  it('retries a failing webhook, then marks the message failed and keeps it', async () => {
    const hook = await webhook(500);
    const config = testConfig({ SLACK_WEBHOOK_URL: hook.url });
    const fresh = await freshDatabase();
    // retries and the dead-letter worker that marks the message failed poll every 0.5 s (1 s and 5 s)
    const platform = await createPlatform(config, { database: fresh.database, jobs: FAST_JOBS });
    // registered before the app, so the feature keeps these fast retries
    await registerContactWorkers(platform, { slack: { retryLimit: 2, retryDelaySeconds: 1 } });
    const app = await buildApp(platform, { serveWeb: false });
    cleanups.push(async () => {
      await app.close();
      await platform.close();
      await fresh.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    });

    const res = await app.inject({ method: 'POST', url: '/api/slack/contact', payload: chat });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const read = async () => {
      const [r] = await platform.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      return r;
    };
    await vi.waitFor(async () => expect((await read())?.deliveryStatus).toBe('failed'), {
      timeout: 40_000,
      interval: 250,
    });
    const failed = await read();
    expect(failed).toMatchObject({ deliveryAttempts: 3, deliveredAt: null, message: chat.message });
    expect(failed?.lastError).toMatch(/Slack webhook answered 500/);
    expect(failed?.lastError).not.toContain(hook.url);
    expect(hook.received).toHaveLength(3);
  }, 60_000);

  it('without a webhook, keeps the chat message for admins as delivered to the inbox', async () => {
    const ctx = await context();
    const { user, cookie } = await createUserWithSession(ctx.platform, { email: 'signed.in@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/slack/contact',
      headers: { cookie },
      payload: { name: 'Sam', email: 'sam@example.com', message: 'Hello', subject: '', projectId: null },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    await vi.waitFor(async () => expect((await row(ctx, id)).deliveryStatus).toBe('delivered'), {
      timeout: 20_000,
      interval: 200,
    });
    expect(await row(ctx, id)).toMatchObject({
      deliveredTo: 'inbox',
      subject: null,
      projectId: null,
      userId: user.id,
    });
  });

  it('mails an e-mail message to support (reply-to the sender) and acknowledges it to the sender', async () => {
    const ctx = await context({ SUPPORT_EMAIL: 'help@roofs.example' });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/email/contact', payload: emailForm });
    expect(res.statusCode).toBe(201);
    const { id, message } = res.json();
    expect(message).toBe("We've received your message and will get back to you within 24 hours.");
    expect(await row(ctx, id)).toMatchObject({
      channel: 'email',
      firstName: 'Morgan',
      lastName: 'Lee',
      phone: '(214) 555-0188',
      subject: 'Question about my report',
    });
    await vi.waitFor(async () => expect((await row(ctx, id)).deliveryStatus).toBe('delivered'), {
      timeout: 20_000,
      interval: 200,
    });
    expect((await row(ctx, id)).deliveredTo).toBe('support_email');
    const mails = await ctx.platform.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
    const toSupport = mails.find((m) => m.to === 'help@roofs.example');
    expect(toSupport).toMatchObject({ replyTo: 'morgan.lee@example.com' });
    expect(toSupport?.subject).toContain('Question about my report');
    expect(toSupport?.text).toContain('Can the report include the detached garage?');
    expect(toSupport?.text).toContain('(214) 555-0188');
    const ack = mails.find((m) => m.to === 'morgan.lee@example.com');
    expect(ack?.text).toContain('within 24 hours');
    expect(ack?.text).toContain('Can the report include the detached garage?');
    expect(mails).toHaveLength(2);
  });

  it('refuses incomplete messages with field errors and stores nothing', async () => {
    const ctx = await context();
    const badChat = await ctx.app.inject({
      method: 'POST',
      url: '/api/slack/contact',
      payload: { name: '  ', email: 'not-an-email', message: '' },
    });
    expect(badChat.statusCode).toBe(400);
    expect(badChat.json().fieldErrors).toMatchObject({
      name: ['Please enter your name'],
      email: ['Please enter a valid email address'],
      message: ['Please enter a message'],
    });
    const badEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      payload: { ...emailForm, subject: ' ', lastName: undefined },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fieldErrors).toMatchObject({
      subject: ['Please enter a subject'],
      lastName: ['Please enter your last name'],
    });
    expect(await ctx.platform.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('limits how many messages one address can send', async () => {
    const ctx = await context();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/slack/contact',
        remoteAddress: '203.0.113.9',
        payload: { name: 'Flood', email: 'flood@example.com', message: 'spam' },
      });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many/);
  });

  it('lists stored messages to admins only, newest first, page by page', async () => {
    const ctx = await context();
    const admin = await createUserWithSession(ctx.platform, {
      email: 'ops@ridgeline.test',
      userType: 'admin',
    });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'home@example.com' });
    for (const n of [1, 2, 3]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: n === 2 ? '/api/email/contact' : '/api/slack/contact',
        payload:
          n === 2
            ? { ...emailForm, subject: `Message ${n}` }
            : { name: 'Pat', email: 'pat@example.com', subject: `Message ${n}`, message: `Body ${n}` },
      });
      expect(res.statusCode).toBe(201);
    }
    const url = '/api/admin/contact-messages';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: homeowner.cookie } })).statusCode,
    ).toBe(403);
    const all = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, pageSize: 50, nextCursor: null });
    expect(all.json().items.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 3',
      'Message 2',
      'Message 1',
    ]);
    // pages by cursor: the first with the total, the next after its nextCursor without
    const page1 = await ctx.app.inject({
      method: 'GET',
      url: `${url}?pageSize=2`,
      headers: { cookie: admin.cookie },
    });
    expect(page1.json()).toMatchObject({ total: 3, pageSize: 2, nextCursor: expect.any(String) });
    const page2 = await ctx.app.inject({
      method: 'GET',
      url: `${url}?pageSize=2&cursor=${page1.json().nextCursor}`,
      headers: { cookie: admin.cookie },
    });
    expect(page2.json()).toMatchObject({ pageSize: 2, nextCursor: null });
    expect(page2.json().total).toBeUndefined();
    expect(page2.json().items.map((m: { subject: string }) => m.subject)).toEqual(['Message 1']);
    // searched by the start of the e-mail or the names, any case
    const morgan = await ctx.app.inject({
      method: 'GET',
      url: `${url}?q=MORG`,
      headers: { cookie: admin.cookie },
    });
    expect(morgan.json().items.map((m: { lastName: string | null }) => m.lastName)).toContain('Lee');
    const tampered = await ctx.app.inject({
      method: 'GET',
      url: `${url}?cursor=not-a-cursor`,
      headers: { cookie: admin.cookie },
    });
    expect(tampered.statusCode).toBe(400);
    const emails = await ctx.app.inject({
      method: 'GET',
      url: `${url}?channel=email`,
      headers: { cookie: admin.cookie },
    });
    expect(emails.json().items).toHaveLength(1);
    expect(emails.json().items[0]).toMatchObject({ channel: 'email', firstName: 'Morgan', lastName: 'Lee' });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `${url}?pageSize=0`,
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
