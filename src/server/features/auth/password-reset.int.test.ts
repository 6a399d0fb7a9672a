import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithSession,
  login,
  sessionCookieFrom,
  TEST_PASSWORD,
} from '../../../../tests/helpers/auth';
import { asSent } from '../../../../tests/helpers/outbox';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { auditLog, emailTokens, mailOutbox, users } from '../../platform/db/schema';
import { authServiceMessages } from './auth.service';

/** Issue 21, item 3: "Forgot password?" — a one-use, hashed, one-hour link; every session ends. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'https://rl.example' },
    runWorkers: false,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const RESET_LINK = /https:\/\/rl\.example\/reset-password#token=([A-Za-z0-9_-]+)/;
let ip = 0;
const nextIp = () => `10.21.3.${++ip}`;

function forgot(email: string, remoteAddress = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });
}

function reset(token: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password },
    headers,
    remoteAddress: nextIp(),
  });
}

async function mailsTo(email: string) {
  const rows = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map((row) => asSent(ctx.platform.config, row));
}

async function resetToken(email: string): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => /Set a new/.test(m.subject)).at(-1);
  const token = RESET_LINK.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

function me(cookie: string) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
}

describe(`forgot password, on ${testDbKind}`, () => {
  it('answers the same whether or not the address has an account; only an account gets a mail', async () => {
    await createUserWithSession(ctx.platform, { email: 'known@example.com' });
    const known = await forgot('Known@Example.com');
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: authServiceMessages.resetSent('known@example.com') });
    expect(unknown.json()).toEqual({ message: authServiceMessages.resetSent('nobody@example.com') });
    expect(known.cookies).toEqual([]);
    expect(unknown.cookies).toEqual([]);
    expect(await mailsTo('nobody@example.com')).toHaveLength(0);

    const token = await resetToken('known@example.com');
    // stored hashed, never in the outbox, the token table or the audit log
    const stored = JSON.stringify([
      ...(await ctx.platform.db.select().from(mailOutbox)),
      ...(await ctx.platform.db.select().from(emailTokens)),
      ...(await ctx.platform.db.select().from(auditLog)),
    ]);
    expect(stored).not.toContain(token);
    const [row] = await ctx.platform.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'reset_password'));
    expect(Math.round(((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000)).toBe(60);
  });

  it('the new password ends every session, the old password stops working, and the address is told', async () => {
    const { cookie: oldSession } = await createUserWithSession(ctx.platform, {
      email: 'forgetful@example.com',
      firstName: 'Fran',
    });
    const other = await login(ctx.app, 'forgetful@example.com', TEST_PASSWORD);
    const otherSession = sessionCookieFrom(other) as string;
    expect((await me(otherSession)).statusCode).toBe(200);

    expect((await forgot('forgetful@example.com')).statusCode).toBe(202);
    const token = await resetToken('forgetful@example.com');
    const done = await reset(token, 'brand-new-password', { cookie: oldSession });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: authServiceMessages.passwordReset });
    // nobody is signed in by the reset: this browser's cookie is cleared too
    expect(sessionCookieFrom(done)).toBeUndefined();

    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await me(otherSession)).statusCode).toBe(401);
    expect((await login(ctx.app, 'forgetful@example.com', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(ctx.app, 'forgetful@example.com', 'brand-new-password')).statusCode).toBe(200);

    const notice = (await mailsTo('forgetful@example.com')).at(-1);
    expect(notice?.subject).toBe('Your Ridgeline password was changed');
    expect(notice?.text).toContain('reset with a "Forgot password?" link');

    // one use only
    const again = await reset(token, 'attacker-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/not valid/);
  });

  it("is the owner's way back when guesses from many clients paused password sign-in (issue 21 #2)", async () => {
    await createUserWithSession(ctx.platform, { email: 'targeted@example.com' });
    const { failureLimit } = ctx.config.loginAccountCap;
    for (let i = 0; i < failureLimit; i++) {
      const guess = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'targeted@example.com', password: `guess-${i}-wrong` },
        remoteAddress: nextIp(),
      });
      expect(guess.statusCode).toBe(401);
    }
    // the cap holds for every client, the owner's too, even with the right password
    const owner = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'targeted@example.com', password: TEST_PASSWORD },
      remoteAddress: nextIp(),
    });
    expect(owner.statusCode).toBe(429);
    expect(owner.json().message).toMatch(/Forgot password\?/);

    expect((await forgot('targeted@example.com')).statusCode).toBe(202);
    expect((await reset(await resetToken('targeted@example.com'), 'owners-fresh-password')).statusCode).toBe(
      200,
    );
    const back = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'targeted@example.com', password: 'owners-fresh-password' },
      remoteAddress: nextIp(),
    });
    expect(back.statusCode).toBe(200);
  });

  it('only the newest link works, a link expires after one hour, and other links cannot reset', async () => {
    await createUserWithSession(ctx.platform, { email: 'twice@example.com' });
    await forgot('twice@example.com');
    const first = await resetToken('twice@example.com');
    await forgot('twice@example.com');
    const second = await resetToken('twice@example.com');
    expect(second).not.toBe(first);
    expect((await reset(first, 'some-password-1')).statusCode).toBe(400);

    const [user] = await ctx.platform.db.select().from(users).where(eq(users.email, 'twice@example.com'));
    await ctx.platform.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user?.id ?? ''));
    const expired = await reset(second, 'some-password-2');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/has expired/);

    // a confirm link is no reset link, and a reset link does not sign in through confirm-email
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Cy', lastName: 'Doe', email: 'cy@example.com', password: 'cy-password-1' },
    });
    expect(registered.statusCode).toBe(201);
    const confirm = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(
      (await mailsTo('cy@example.com'))[0]?.text ?? '',
    )?.[1];
    expect((await reset(confirm as string, 'cy-password-2')).statusCode).toBe(400);
    await forgot('cy@example.com');
    const cyReset = await resetToken('cy@example.com');
    const viaConfirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: cyReset, password: 'cy-password-3' },
    });
    expect(viaConfirm.statusCode).toBe(400);

    // the reset proves the mailbox: the address is confirmed and the confirm link dies
    expect((await reset(cyReset, 'cy-password-4')).statusCode).toBe(200);
    const [cy] = await ctx.platform.db.select().from(users).where(eq(users.email, 'cy@example.com'));
    expect(cy?.isVerified).toBe(true);
    const live = (
      await ctx.platform.db
        .select()
        .from(emailTokens)
        .where(eq(emailTokens.userId, cy?.id ?? ''))
    ).filter((t) => t.usedAt === null);
    expect(live).toEqual([]);
  });

  it('hostile or malformed bodies answer 400', async () => {
    expect((await forgot('not-an-address')).statusCode).toBe(400);
    expect((await forgot('a\u0000b@example.com')).statusCode).toBe(400);
    expect((await reset('', 'long-enough-1')).statusCode).toBe(400);
    expect((await reset('x'.repeat(500), 'long-enough-1')).statusCode).toBe(400);
    expect((await reset('some-token', 'short')).statusCode).toBe(400);
  });
});

describe(`forgot password rate limits, on ${testDbKind}`, () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({
      env: { RATE_LIMIT_EMAIL: '3', RATE_LIMIT_IP_AUTH: '5' },
      runWorkers: false,
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  const ask = (email: string, remoteAddress: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress,
    });

  it('limits the requests per address, from any client', async () => {
    for (let i = 1; i <= 3; i++)
      expect((await ask('target@example.com', `10.21.4.${i}`)).statusCode).toBe(202);
    const refused = await ask('target@example.com', '10.21.4.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // another address is not affected
    expect((await ask('someone.else@example.com', '10.21.4.10')).statusCode).toBe(202);
  });

  it('limits the requests per client, whatever the address', async () => {
    for (let i = 1; i <= 5; i++)
      expect((await ask(`spray${i}@example.com`, '10.21.5.1')).statusCode).toBe(202);
    expect((await ask('spray6@example.com', '10.21.5.1')).statusCode).toBe(429);
    expect((await ask('spray6@example.com', '10.21.5.2')).statusCode).toBe(202);
  });
});
