import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithSession,
  login,
  sessionCookieFrom,
  TEST_PASSWORD,
} from '../../../../tests/helpers/auth';
import { latestMailTo as latestOutboxMail } from '../../../../tests/helpers/outbox';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { emailTokens, installRequests, loginFailures, projects, users } from '../../platform/db/schema';
import { authServiceMessages } from './auth.service';
import { clientDelayMs, FREE_FAILURES_PER_CLIENT } from './login-throttle';

let ctx: TestContext;

// Served over plain http (as behind a TLS-terminating proxy) but published over https.
beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'https://rl.example' },
    runWorkers: false,
  });
});
afterAll(async () => {
  await ctx?.close();
});

const latestMailTo = (email: string) => latestOutboxMail(ctx.platform, email);

function linkToken(text: string | undefined): string {
  const match = /https:\/\/rl\.example\/api\/auth\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`no link in: ${text}`);
  return match[1];
}

function register(email: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Mal', lastName: 'Lory', email, password },
    headers,
  });
}

function me(cookie: string | undefined) {
  return ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} });
}

function setPassword(token: string, password: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/confirm-email',
    payload: { token, password },
    headers,
  });
}

describe(`account takeover through mailed links, on ${testDbKind}`, () => {
  it('an attacker who registers a company address never gets admin: the owner sets the password', async () => {
    const attacker = await register('ceo@ridgeline.test', 'attacker-password');
    expect(attacker.statusCode).toBe(201);
    const attackerCookie = sessionCookieFrom(attacker);
    const token = linkToken((await latestMailTo('ceo@ridgeline.test'))?.text);

    // the owner opens the link in their own browser: asked for a password, nothing used up yet
    const followed = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/confirm-email?status=set-password#token=${token}`);
    expect(sessionCookieFrom(followed)).toBeUndefined();
    expect((await me(attackerCookie)).json()).toMatchObject({ userType: 'homeowner', isVerified: false });

    // a second, different session of someone else (not the registrant) is treated the same
    const { cookie: strangerCookie } = await createUserWithSession(ctx.platform, { email: 'x@example.com' });
    const inOtherSession = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie: strangerCookie },
    });
    expect(inOtherSession.headers.location).toBe(`/confirm-email?status=set-password#token=${token}`);

    const bad = await setPassword(token, 'short');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.password).toEqual(['Password must be at least 8 characters']);

    const set = await setPassword(token, 'the-owners-password');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: 'ceo@ridgeline.test', userType: 'admin', isVerified: true });
    const ownerCookie = sessionCookieFrom(set);
    expect((await me(ownerCookie)).json()).toMatchObject({ userType: 'admin' });

    // the attacker's session is gone (no cached copy survives) and the attacker's password is discarded
    expect((await me(attackerCookie)).statusCode).toBe(401);
    expect((await me(strangerCookie)).statusCode).toBe(200);
    expect((await login(ctx.app, 'ceo@ridgeline.test', 'attacker-password')).statusCode).toBe(401);
    expect((await login(ctx.app, 'ceo@ridgeline.test', 'the-owners-password')).statusCode).toBe(200);

    // single use
    expect((await setPassword(token, 'another-password')).statusCode).toBe(400);
    const again = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    expect(again.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('an unknown or expired link cannot set a password', async () => {
    const unknown = await setPassword('not-a-token', 'some-password');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^This link is not valid/);

    await register('slow@example.com', 'registrant-password');
    const token = linkToken((await latestMailTo('slow@example.com'))?.text);
    const [user] = await ctx.platform.db.select().from(users).where(eq(users.email, 'slow@example.com'));
    await ctx.platform.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user?.id ?? ''));
    const expired = await setPassword(token, 'some-password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/^This link has expired/);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    expect(page.headers.location).toBe('/confirm-email?status=expired');
  });

  it('registering a taken address answers like the claim case; the owner takes the account back by mail', async () => {
    const attacker = await register('victim@example.com', 'attacker-password');
    expect(attacker.statusCode).toBe(201);
    const attackerCookie = sessionCookieFrom(attacker);

    const owner = await register('victim@example.com', 'owner-typed-password');
    expect(owner.statusCode).toBe(202);
    expect(owner.json()).toEqual({ message: authServiceMessages.claimSent('victim@example.com') });
    expect(owner.cookies.map((c) => c.name)).toEqual(['rl_claim']);
    expect(owner.cookies[0]).toMatchObject({
      httpOnly: true,
      secure: true,
      path: '/api/auth',
      sameSite: 'Lax',
    });
    const mail = await latestMailTo('victim@example.com');
    expect(mail?.subject).toBe('Your Ridgeline account');
    const token = linkToken(mail?.text);

    // even in the registering browser, a set-password link asks for the password
    const followed = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie: `rl_claim=${owner.cookies[0]?.value}` },
    });
    expect(followed.headers.location).toBe(`/confirm-email?status=set-password#token=${token}`);
    expect((await setPassword(token, 'owner-real-password')).statusCode).toBe(200);
    expect((await me(attackerCookie)).statusCode).toBe(401);
    expect((await login(ctx.app, 'victim@example.com', 'attacker-password')).statusCode).toBe(401);
    // the attacker's own confirmation link is dead too
    const confirmLinks = await ctx.platform.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'confirm_email'));
    expect(confirmLinks.filter((t) => t.usedAt === null && t.userId === owner.json().id)).toHaveLength(0);
  });

  it("a confirmation link followed in the registrant's own session confirms directly", async () => {
    const res = await register('self@ridgeline.test', 'my-own-password');
    const cookie = sessionCookieFrom(res) as string;
    const token = linkToken((await latestMailTo('self@ridgeline.test'))?.text);
    const followed = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie },
    });
    expect(followed.headers.location).toBe('/confirm-email?status=confirmed');
    expect((await me(cookie)).json()).toMatchObject({ userType: 'admin', isVerified: true });
    expect((await login(ctx.app, 'self@ridgeline.test', 'my-own-password')).statusCode).toBe(200);
  });

  it('an install request is attached to an unconfirmed account only once its address is confirmed', async () => {
    const attacker = await register('homeowner.x@example.com', 'attacker-password');
    const attackerCookie = sessionCookieFrom(attacker);
    const token = linkToken((await latestMailTo('homeowner.x@example.com'))?.text);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/install-request',
      payload: {
        firstName: 'Real',
        lastName: 'Owner',
        email: 'homeowner.x@example.com',
        phone: '(469) 555-0142',
        address: '2210 Cedar Springs Rd',
        city: 'Dallas',
        state: 'Texas',
        zipCode: '75201',
        urgency: 'standard',
      },
    });
    expect(submitted.statusCode).toBe(201);
    const projectId = submitted.json().projectId as string;
    const [project] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project?.homeownerId).toBeNull();
    expect((await me(attackerCookie)).json().isVerified).toBe(false);

    // the owner proves the address: what was kept by e-mail is attached now
    const set = await setPassword(token, 'owner-password-1');
    expect(set.statusCode).toBe(200);
    const [attached] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    expect(attached?.homeownerId).toBe(set.json().id);
    const [request] = await ctx.platform.db
      .select()
      .from(installRequests)
      .where(eq(installRequests.projectId, projectId));
    expect(request?.userId).toBe(set.json().id);
  });

  it('the session cookie is Secure when PUBLIC_URL is https, even on a plain-http request', async () => {
    const res = await register('secure@example.com', 'my-own-password');
    const cookie = res.cookies.find((c) => c.name === 'rl_session');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    await createUserWithSession(ctx.platform, { email: 'secure.login@example.com' });
    const signedIn = await login(ctx.app, 'secure.login@example.com', TEST_PASSWORD);
    expect(signedIn.cookies.find((c) => c.name === 'rl_session')?.secure).toBe(true);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: sessionCookieFrom(signedIn) ?? '' },
    });
    expect(String(out.headers['set-cookie'])).toMatch(/Secure/);
  });
});

describe(`sign-in lockout of a guessing client, on ${testDbKind}`, () => {
  const email = 'target@example.com';
  const attempt = (remoteAddress: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });
  /** Moves every recorded failure back in time, instead of waiting. */
  const age = async (ms: number) => {
    const rows = await ctx.platform.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    for (const r of rows) {
      await ctx.platform.db
        .update(loginFailures)
        .set({ createdAt: new Date(r.createdAt.getTime() - ms) })
        .where(eq(loginFailures.id, r.id));
    }
  };

  beforeAll(async () => {
    await createUserWithSession(ctx.platform, { email });
  });

  it('delays the guessing client progressively, and lets it try again once the delay has passed', async () => {
    const guesser = '203.0.113.50';
    for (let i = 0; i <= FREE_FAILURES_PER_CLIENT; i++)
      expect((await attempt(guesser, 'nope-nope')).statusCode).toBe(401);
    const refused = await attempt(guesser, TEST_PASSWORD);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(clientDelayMs(FREE_FAILURES_PER_CLIENT + 1) / 1000));

    await age(clientDelayMs(FREE_FAILURES_PER_CLIENT + 1));
    expect((await attempt(guesser, 'still-wrong')).statusCode).toBe(401);
    const longer = await attempt(guesser, TEST_PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(retryAfter);

    await age(clientDelayMs(FREE_FAILURES_PER_CLIENT + 2));
    expect((await attempt(guesser, TEST_PASSWORD)).statusCode).toBe(200);
  });
  // the account-wide cap (every client refused, the owner too, without hashing): login-throttle.int.test.ts
});
