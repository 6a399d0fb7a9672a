import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, sessions } from '../../src/server/platform/db/schema';
import { createUserWithSession, TEST_PASSWORD } from '../helpers/auth';
import { asSent } from '../helpers/outbox';
import { installRequestBody } from '../helpers/public-posts';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** Issue 8, items 2 (links from PUBLIC_URL), 6 (TRUST_PROXY hops) and 7 (rate limits that fit NATs). */

const PUBLIC_URL = 'https://roofs.ridgeline.example';
const forged = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'http',
  'x-forwarded-for': '6.6.6.6',
};

const installRequest = installRequestBody;

function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
}

/** The mails to an address as sent (the outbox rows hold placeholders instead of links). */
async function mailsTo(ctx: TestContext, email: string) {
  const rows = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map((row) => asSent(ctx.platform.config, row));
}

describe('links in mail behind a proxy that forwards forged headers (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { PUBLIC_URL, TRUST_PROXY: '1' }, runWorkers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('builds every link of the registration and install-request mails from PUBLIC_URL', async () => {
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: forged,
      remoteAddress: '10.0.0.2',
      payload: {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'dana@example.com',
        password: 'long-enough-pw',
      },
    });
    expect(reg.statusCode).toBeLessThan(300);
    const inst = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/install-request',
      headers: forged,
      remoteAddress: '10.0.0.2',
      payload: installRequest('avery@example.com'),
    });
    expect(inst.statusCode).toBe(201);

    const mails = [...(await mailsTo(ctx, 'dana@example.com')), ...(await mailsTo(ctx, 'avery@example.com'))];
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const mail of mails) {
      const body = `${mail.text}\n${mail.html ?? ''}`;
      expect(body).not.toContain('evil.example');
      const links = linksIn(body).filter((l) => !l.startsWith('mailto:'));
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    }
  });

  it('takes the right-most forwarded address as the client and ignores a forged left-most one', async () => {
    const { user } = await createUserWithSession(ctx.platform, { email: 'hops1@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' },
      payload: { email: 'hops1@example.com', password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const ips = await ctx.platform.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(ips.map((r) => r.ip)).toContain('203.0.113.7');
    expect(ips.map((r) => r.ip)).not.toContain('6.6.6.6');
    const [entry] = await ctx.platform.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.entityId, user.id)));
    expect(entry?.ip).toBe('203.0.113.7');
  });
});

describe('links in mail without PUBLIC_URL (development)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: '1' }, runWorkers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('uses http://localhost:PORT, never the forwarded or direct Host', async () => {
    const inst = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/install-request',
      headers: forged,
      remoteAddress: '10.0.0.2',
      payload: installRequest('dev@example.com'),
    });
    expect(inst.statusCode).toBe(201);
    const [mail] = await mailsTo(ctx, 'dev@example.com');
    const links = linksIn(`${mail?.text}\n${mail?.html ?? ''}`);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith('http://localhost:5000/')).toBe(true);
  });
});

describe('client IP without a proxy (TRUST_PROXY=0, the default)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // a small per-IP sign-in limit, to see which address the limiter counts
    ctx = await createTestContext({ env: { RATE_LIMIT_IP_AUTH: '3' }, runWorkers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('ignores a forged X-Forwarded-For in the session, the audit log and the rate limiter', async () => {
    const { user } = await createUserWithSession(ctx.platform, { email: 'direct@example.com' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '198.51.100.4',
        headers: { 'x-forwarded-for': `6.6.6.${i}` },
        payload: { email: 'direct@example.com', password: TEST_PASSWORD },
      });
      statuses.push(res.statusCode);
    }
    // four different forged addresses, one real client: its fourth call is over the limit of 3
    expect(statuses).toEqual([200, 200, 200, 429]);
    const rows = await ctx.platform.db
      .select({ ip: sessions.ip })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    const loginIps = rows.map((r) => r.ip).filter((ip) => ip !== null);
    expect(loginIps).toHaveLength(3);
    expect(new Set(loginIps)).toEqual(new Set(['198.51.100.4']));
    const audits = await ctx.platform.db
      .select({ ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.entityId, user.id)));
    expect(audits.map((a) => a.ip)).toEqual(['198.51.100.4', '198.51.100.4', '198.51.100.4']);
  });
});

describe('rate limits that fit many people behind one IP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ runWorkers: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const contact = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/slack/contact',
      remoteAddress: '192.0.2.77',
      payload: { name: 'Office', email, message: 'Our roof leaks.' },
    });

  it('lets 50 people of one office send the contact form, and limits one address to 10', async () => {
    const many = await Promise.all(
      Array.from({ length: 50 }, (_, i) => contact(`person${i}@office.example`)),
    );
    expect(many.map((r) => r.statusCode)).toEqual(Array(50).fill(201));

    const one: number[] = [];
    for (let i = 0; i < 10; i++) one.push((await contact('flood@office.example')).statusCode);
    expect(one).toEqual(Array(10).fill(201));
    const limited = await contact('flood@office.example');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/Too many/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets 40 install requests of different people through from one carrier NAT', async () => {
    const answers = [];
    for (let i = 0; i < 40; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/homeowner/install-request',
          remoteAddress: '192.0.2.78',
          payload: installRequest(`nat${i}@carrier.example`),
        }),
      );
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
  });

  it('lets 100 sign-in attempts for different accounts through from one IP', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '192.0.2.79',
        payload: { email: `worker${i}@office.example`, password: 'not-the-password' },
      });
      statuses.add(res.statusCode);
    }
    expect([...statuses]).toEqual([401]);
  });

  it('limits payment attempts per quote, not per IP', async () => {
    const confirm = (paymentIntentId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/confirm',
        remoteAddress: '192.0.2.80',
        payload: {
          paymentIntentId,
          clientSecret: `${paymentIntentId}_secret_x`,
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        },
      });
    const spread = [];
    for (let i = 0; i < 40; i++) spread.push((await confirm(`pi_sandbox_spread${i}`)).statusCode);
    expect(spread).not.toContain(429);
    const same = [];
    for (let i = 0; i < 31; i++) same.push((await confirm('pi_sandbox_same')).statusCode);
    expect(same.slice(0, 30)).not.toContain(429);
    expect(same[30]).toBe(429);
  });

  it('still answers 429 per IP beyond the generous limit', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_IP_SEARCH: '5' }, runWorkers: false });
    try {
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (
            await limited.app.inject({
              method: 'GET',
              url: '/api/contractors/available?zip=75201',
              remoteAddress: '192.0.2.81',
            })
          ).statusCode,
        );
      }
      expect(statuses.slice(0, 5)).not.toContain(429);
      expect(statuses[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
