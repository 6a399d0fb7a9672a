import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, sessionCookieFrom } from '../../../../tests/helpers/auth';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { emailTokens, mailOutbox, users } from '../../platform/db/schema';
import { findOrCreateHomeowner } from './homeowner-accounts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'http://rl.example' },
    runWorkers: false,
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

function claimToken(text: string): string {
  const match = /http:\/\/rl\.example\/api\/auth\/claim-account\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no claim link in: ${text}`);
  return match[1];
}

async function register(email: string, password = 'my-new-password', firstName = 'Jamie') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName, lastName: 'Owner', email, password },
  });
}

async function passwordless(email: string) {
  return findOrCreateHomeowner(ctx.platform.db, { email, firstName: 'From', lastName: 'Request' });
}

describe(`claiming a passwordless account on ${testDbKind}`, () => {
  it('answers 202 and mails a link; nothing usable is stored until the link is followed', async () => {
    const account = await passwordless('claim.me@example.com');
    const res = await register('Claim.Me@example.com');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: 'We sent a link to claim.me@example.com to finish creating your account.',
    });
    expect(sessionCookieFrom(res)).toBeUndefined();

    const [stored] = await ctx.platform.db.select().from(users).where(eq(users.id, account.id));
    expect(stored).toMatchObject({ passwordHash: null, isVerified: false, firstName: 'From' });
    expect((await login(ctx.app, 'claim.me@example.com', 'my-new-password')).statusCode).toBe(401);

    const mail = await latestMailTo('claim.me@example.com');
    expect(mail?.subject).toContain('Finish creating your');
    const token = claimToken(mail?.text ?? '');
    const [row] = await ctx.platform.db.select().from(emailTokens).where(eq(emailTokens.userId, account.id));
    expect(row?.purpose).toBe('claim_account');
    expect(JSON.stringify(row)).not.toContain('my-new-password');
    expect(JSON.stringify(row)).not.toContain(token);

    const follow = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${token}` });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe('/customer-dashboard');
    const cookie = sessionCookieFrom(follow);
    expect(cookie).toBeDefined();
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: account.id,
      email: 'claim.me@example.com',
      firstName: 'Jamie',
      lastName: 'Owner',
      isVerified: true,
      userType: 'homeowner',
    });
    expect((await login(ctx.app, 'claim.me@example.com', 'my-new-password')).statusCode).toBe(200);

    const reuse = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${token}` });
    expect(reuse.headers.location).toBe('/confirm-email?status=invalid');
    expect(sessionCookieFrom(reuse)).toBeUndefined();

    // claimed: the address is now an ordinary taken one
    expect((await register('claim.me@example.com')).statusCode).toBe(409);
  });

  it('only the newest link works, and a stranger cannot take the account without the mailbox', async () => {
    await passwordless('twice@example.com');
    expect((await register('twice@example.com', 'attacker-password', 'Mallory')).statusCode).toBe(202);
    const first = claimToken((await latestMailTo('twice@example.com'))?.text ?? '');
    expect((await register('twice@example.com', 'owner-password', 'Olivia')).statusCode).toBe(202);
    const second = claimToken((await latestMailTo('twice@example.com'))?.text ?? '');
    expect(second).not.toBe(first);

    const stale = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${first}` });
    expect(stale.headers.location).toBe('/confirm-email?status=invalid');
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${second}` });
    expect(ok.headers.location).toBe('/customer-dashboard');
    expect((await login(ctx.app, 'twice@example.com', 'owner-password')).statusCode).toBe(200);
    expect((await login(ctx.app, 'twice@example.com', 'attacker-password')).statusCode).toBe(401);
  });

  it('refuses an expired or unknown link', async () => {
    const account = await passwordless('late@example.com');
    await register('late@example.com');
    const token = claimToken((await latestMailTo('late@example.com'))?.text ?? '');
    await ctx.platform.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, account.id));
    const expired = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${token}` });
    expect(expired.headers.location).toBe('/confirm-email?status=expired');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/claim-account?token=nope' });
    expect(unknown.headers.location).toBe('/confirm-email?status=invalid');
    const [stored] = await ctx.platform.db.select().from(users).where(eq(users.id, account.id));
    expect(stored?.passwordHash).toBeNull();
  });

  it('a confirmation link cannot be used as a claim link', async () => {
    const res = await register('normal.signup@example.com');
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo('normal.signup@example.com');
    const confirm = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const misuse = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${confirm}` });
    expect(misuse.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('a claimed company-domain address becomes admin, as with any confirmed address', async () => {
    await passwordless('new.staff@ridgeline.test');
    await register('new.staff@ridgeline.test');
    const token = claimToken((await latestMailTo('new.staff@ridgeline.test'))?.text ?? '');
    const follow = await ctx.app.inject({ method: 'GET', url: `/api/auth/claim-account?token=${token}` });
    expect(follow.headers.location).toBe('/admin-dashboard');
  });
});
