import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithSession,
  login,
  sessionCookieFrom,
  TEST_PASSWORD,
} from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { mailOutbox, sessions, users } from '../../platform/db/schema';
import { authServiceMessages, LOGIN_FAILURE_LIMIT } from './auth.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'http://rl.example' },
  });
});
afterAll(async () => {
  await ctx?.close();
});

async function latestMailTo(email: string) {
  const [mail] = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

function confirmationToken(text: string): string {
  const match = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${text}`);
  return match[1];
}

describe('registration', () => {
  it('creates an unconfirmed homeowner, signs in and mails a confirmation link', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Dana',
        lastName: 'Reyes',
        email: 'Dana.Reyes@Example.com ',
        password: 'long-enough-pw',
      },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'dana.reyes@example.com', userType: 'homeowner', isVerified: false });
    expect(body).not.toHaveProperty('passwordHash');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/rl_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookieFrom(res);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('dana.reyes@example.com');

    const mail = await latestMailTo('dana.reyes@example.com');
    expect(mail?.subject).toMatch(/Confirm your email/);
    expect(mail?.text).toContain('http://rl.example/api/auth/confirm-email?token=');
  });

  it('refuses a taken e-mail with 409', async () => {
    const payload = { firstName: 'A', lastName: 'B', email: 'taken@example.com', password: 'long-enough-pw' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(
      201,
    );
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: authServiceMessages.emailTaken });
  });

  it('answers field messages for bad input and stores nothing', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: '', lastName: 'B', email: 'not-an-email', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors.email).toContain('Please enter a valid email address');
    expect(body.fieldErrors.password).toContain('Password must be at least 8 characters');
    expect(body.fieldErrors.firstName).toContain('First name is required');
    const rows = await ctx.platform.db.select().from(users).where(eq(users.email, 'not-an-email'));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in and sessions', () => {
  it('signs in, reads the user, signs out', async () => {
    await createUserWithSession(ctx.platform, { email: 'sam@example.com' });
    const res = await login(ctx.app, 'SAM@example.com', TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'sam@example.com', userType: 'homeowner' });
    expect(Object.keys(res.json()).sort()).toEqual(
      ['createdAt', 'email', 'firstName', 'id', 'isVerified', 'lastName', 'phone', 'userType'].sort(),
    );
    const cookie = sessionCookieFrom(res);
    expect(cookie).toBeDefined();

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBeTypeOf('string');
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    await createUserWithSession(ctx.platform, { email: 'pat@example.com' });
    const wrong = await login(ctx.app, 'pat@example.com', 'not the password');
    const unknown = await login(ctx.app, 'nobody@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: authServiceMessages.badCredentials });
  });

  it('slows an e-mail down with 429 after five failures in 15 minutes, even with the right password', async () => {
    await createUserWithSession(ctx.platform, { email: 'lock@example.com' });
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      expect((await login(ctx.app, 'lock@example.com', 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await login(ctx.app, 'lock@example.com', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: authServiceMessages.tooManyFailures });
    // another address is not affected
    await createUserWithSession(ctx.platform, { email: 'free@example.com' });
    expect((await login(ctx.app, 'free@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a new sign-in replaces the session the browser had', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'swap@example.com' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'swap@example.com', password: TEST_PASSWORD },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const old = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { user, cookie } = await createUserWithSession(ctx.platform, { email: 'old@example.com' });
    await ctx.platform.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('GET /api/logout ends the session and goes home', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'nav@example.com' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/login', () => {
  it('redirects to /login keeping a same-site returnTo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=/customer-dashboard' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnTo=%2Fcustomer-dashboard');
  });
  it('drops a returnTo that leaves the site', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=//evil.example/x' });
    expect(res.headers.location).toBe('/login');
  });
  it('sends a signed-in browser straight to returnTo', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'in@example.com' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/login?returnTo=/customer-dashboard',
      headers: { cookie },
    });
    expect(res.headers.location).toBe('/customer-dashboard');
  });
});

describe('e-mail confirmation and the admin rule', () => {
  async function register(email: string) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Ada', lastName: 'Staff', email, password: 'long-enough-pw' },
    });
    expect(res.statusCode).toBe(201);
    return sessionCookieFrom(res) as string;
  }

  it('a company-domain address is a homeowner until confirmed, then admin', async () => {
    const cookie = await register('ada@ridgeline.test');
    const before = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(before.json()).toMatchObject({ userType: 'homeowner', isVerified: false });
    const outboxAsNonAdmin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { cookie },
    });
    expect(outboxAsNonAdmin.statusCode).toBe(403);

    const mail = await latestMailTo('ada@ridgeline.test');
    const token = confirmationToken(mail?.text ?? '');
    const confirm = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/confirm-email?status=confirmed');

    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.json()).toMatchObject({ userType: 'admin', isVerified: true });
    const outboxAsAdmin = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/outbox',
      headers: { cookie },
    });
    expect(outboxAsAdmin.statusCode).toBe(200);

    const reuse = await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    expect(reuse.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('another domain stays homeowner once confirmed', async () => {
    const cookie = await register('ada@ridgeline.test.evil.example');
    const token = confirmationToken((await latestMailTo('ada@ridgeline.test.evil.example'))?.text ?? '');
    await ctx.app.inject({ method: 'GET', url: `/api/auth/confirm-email?token=${token}` });
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(after.json()).toMatchObject({ userType: 'homeowner', isVerified: true });
  });

  it('an unknown token is invalid', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/confirm-email?token=nope' });
    expect(res.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('resends a link to an unconfirmed account only', async () => {
    const cookie = await register('again@example.com');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/resend-confirmation',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const mails = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'again@example.com'));
    expect(mails).toHaveLength(2);
    const signedOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/resend-confirmation' });
    expect(signedOut.statusCode).toBe(401);
  });
});
