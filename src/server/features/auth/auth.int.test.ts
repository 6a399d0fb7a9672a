import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithSession,
  login,
  sessionCookieFrom,
  TEST_PASSWORD,
} from '../../../../tests/helpers/auth';
import { latestMailTo as latestOutboxMail } from '../../../../tests/helpers/outbox';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { mailOutbox, sessions, users } from '../../platform/db/schema';
import { authServiceMessages } from './auth.service';
import { FREE_FAILURES_PER_CLIENT } from './login-throttle';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'http://rl.example' },
  });
});
afterAll(async () => {
  await ctx?.close();
});

const latestMailTo = (email: string) => latestOutboxMail(ctx.platform, email);

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

  it('does not reveal that an address is taken: 202, no session, and the owner is told by mail', async () => {
    const payload = { firstName: 'A', lastName: 'B', email: 'taken@example.com', password: 'long-enough-pw' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(
      201,
    );
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, password: 'someone-elses-pw' },
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: authServiceMessages.claimSent('taken@example.com') });
    expect(sessionCookieFrom(again)).toBeUndefined();
    const mail = await latestMailTo('taken@example.com');
    expect(mail?.text).toContain('already has one');
    expect(mail?.text).toContain('http://rl.example/api/auth/confirm-email?token=');
    // the account keeps its password
    expect((await login(ctx.app, 'taken@example.com', 'long-enough-pw')).statusCode).toBe(200);
    expect((await login(ctx.app, 'taken@example.com', 'someone-elses-pw')).statusCode).toBe(401);
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

  it('slows down the guessing client with 429 and Retry-After, even with the right password; not the owner elsewhere', async () => {
    await createUserWithSession(ctx.platform, { email: 'lock@example.com' });
    const from = (remoteAddress: string, password: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'lock@example.com', password },
      });
    for (let i = 0; i <= FREE_FAILURES_PER_CLIENT; i++) {
      expect((await from('203.0.113.9', 'wrong-password')).statusCode).toBe(401);
    }
    const blocked = await from('203.0.113.9', TEST_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ seconds? and try again\.$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // the owner, on another client, signs in
    expect((await from('198.51.100.7', TEST_PASSWORD)).statusCode).toBe(200);
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

  it('GET /api/logout from this site ends the session and goes home', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'nav@example.com' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
    ).toBe(401);
  });

  it('GET /api/logout from another site (or an unknown origin) signs nobody out: it asks on /logout', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'cross@example.com' });
    for (const headers of [
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': 'same-site' },
      { cookie },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/logout', headers });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/logout');
      expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/rl_session=;/);
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode,
      ).toBe(200);
    }
    const cross = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('the session cookie is not Secure over plain http with an http PUBLIC_URL', async () => {
    await createUserWithSession(ctx.platform, { email: 'plain@example.com' });
    const res = await login(ctx.app, 'plain@example.com', TEST_PASSWORD);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/i);
  });
});

describe('GET /api/login', () => {
  it('redirects to /login keeping a same-site returnTo', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/login?returnTo=/customer-dashboard' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?returnTo=%2Fcustomer-dashboard');
  });
  it('drops a returnTo that leaves the site', async () => {
    for (const hostile of [
      '//evil.example/x',
      '/%5Cevil.example',
      '/%2F%2Fevil.example',
      'https://evil.example',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/login?returnTo=${encodeURIComponent(hostile)}`,
      });
      expect(res.statusCode, hostile).toBe(302);
      expect(res.headers.location, hostile).toBe('/login');
    }
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'hostile@example.com' });
    const signedIn = await ctx.app.inject({
      method: 'GET',
      url: `/api/login?returnTo=${encodeURIComponent('/\\evil.example')}`,
      headers: { cookie },
    });
    expect(signedIn.headers.location).toBe('/');
  });
  it('answers 400 in the contract form for a returnTo with a line break or tab, signed in or not', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'crlf@example.com' });
    for (const headers of [{}, { cookie }]) {
      for (const value of ['/x%0d%0aSet-Cookie:%20a=b', '/%09/evil.example', '%0a']) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/login?returnTo=${value}`, headers });
        expect(res.statusCode, value).toBe(400);
        expect(res.headers['set-cookie']).toBeUndefined();
        expect(res.json()).toEqual({
          message: 'The return address contains characters that are not allowed.',
          fieldErrors: { returnTo: ['The return address contains characters that are not allowed.'] },
        });
      }
    }
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
    // followed in the registrant's own signed-in session: confirmed directly
    const confirm = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie },
    });
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

    const reuse = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie },
    });
    expect(reuse.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('another domain stays homeowner once confirmed', async () => {
    const cookie = await register('ada@ridgeline.test.evil.example');
    const token = confirmationToken((await latestMailTo('ada@ridgeline.test.evil.example'))?.text ?? '');
    await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie },
    });
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
