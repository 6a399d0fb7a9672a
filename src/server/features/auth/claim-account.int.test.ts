import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, sessionCookieFrom } from '../../../../tests/helpers/auth';
import { latestMailTo as latestOutboxMail } from '../../../../tests/helpers/outbox';
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { emailTokens, loginFailures, users } from '../../platform/db/schema';
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

const latestMailTo = (email: string) => latestOutboxMail(ctx.platform, email);

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
  const account = await findOrCreateHomeowner(ctx.platform.db, {
    email,
    firstName: 'From',
    lastName: 'Request',
  });
  if (!account.id) throw new Error('a new passwordless account always has an id');
  return { ...account, id: account.id };
}

/** The claim nonce cookie the 202 answer gave the registering browser. */
function nonceCookie(res: { cookies: { name: string; value: string }[] }): string {
  const c = res.cookies.find((x) => x.name === 'rl_claim');
  if (!c) throw new Error('no claim nonce cookie');
  return `rl_claim=${c.value}`;
}

function follow(token: string, cookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/auth/claim-account?token=${token}`,
    headers: cookie ? { cookie } : {},
  });
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

    // followed in the browser that registered: the password chosen there is set
    const followed = await follow(token, nonceCookie(res));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/customer-dashboard');
    const cookie = sessionCookieFrom(followed);
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

    const reuse = await follow(token, nonceCookie(res));
    expect(reuse.headers.location).toBe('/confirm-email?status=invalid');
    expect(sessionCookieFrom(reuse)).toBeUndefined();

    // claimed: the address is now an ordinary taken one, which answers exactly as the claim case did
    const again = await register('claim.me@example.com');
    expect(again.statusCode).toBe(res.statusCode);
    expect(again.json()).toEqual(res.json());
    expect(again.cookies.map((c) => c.name)).toEqual(res.cookies.map((c) => c.name));
  });

  it('only the newest link works, and a stranger cannot take the account without the mailbox', async () => {
    await passwordless('twice@example.com');
    const mallory = await register('twice@example.com', 'attacker-password', 'Mallory');
    expect(mallory.statusCode).toBe(202);
    const first = claimToken((await latestMailTo('twice@example.com'))?.text ?? '');
    const olivia = await register('twice@example.com', 'owner-password', 'Olivia');
    expect(olivia.statusCode).toBe(202);
    const second = claimToken((await latestMailTo('twice@example.com'))?.text ?? '');
    expect(second).not.toBe(first);

    const stale = await follow(first, nonceCookie(mallory));
    expect(stale.headers.location).toBe('/confirm-email?status=invalid');
    // Mallory's browser cannot use Olivia's link either: it is asked for a password, nothing is set
    const wrongBrowser = await follow(second, nonceCookie(mallory));
    expect(wrongBrowser.headers.location).toBe(`/confirm-email?status=set-password#token=${second}`);
    expect(sessionCookieFrom(wrongBrowser)).toBeUndefined();
    const ok = await follow(second, nonceCookie(olivia));
    expect(ok.headers.location).toBe('/customer-dashboard');
    expect((await login(ctx.app, 'twice@example.com', 'owner-password')).statusCode).toBe(200);
    expect((await login(ctx.app, 'twice@example.com', 'attacker-password')).statusCode).toBe(401);
  });

  it('a claim lifts the account-wide sign-in cap, as a reset or a set-password link does: it proves the mailbox', async () => {
    const email = 'guessed.claim@example.com';
    await passwordless(email);
    // guesses from many clients on the passwordless account reach the account's cap
    const { failureLimit } = ctx.config.loginAccountCap;
    for (let i = 0; i < failureLimit; i++) {
      const guess = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: `guess-${i}-wrong` },
        remoteAddress: nextClientIp(),
      });
      expect(guess.statusCode).toBe(401);
    }
    const res = await register(email, 'claimed-password');
    expect(res.statusCode).toBe(202);
    const token = claimToken((await latestMailTo(email))?.text ?? '');
    expect((await follow(token, nonceCookie(res))).headers.location).toBe('/customer-dashboard');

    // the owner signs in with the claimed password from another device, not 429 for the strangers' guesses
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'claimed-password' },
      remoteAddress: nextClientIp(),
    });
    expect(elsewhere.statusCode).toBe(200);
    expect(await ctx.platform.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toEqual(
      [],
    );
  });

  it('refuses an expired or unknown link', async () => {
    const account = await passwordless('late@example.com');
    await register('late@example.com');
    const token = claimToken((await latestMailTo('late@example.com'))?.text ?? '');
    await ctx.platform.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, account.id));
    const expired = await follow(token);
    expect(expired.headers.location).toBe('/confirm-email?status=expired');
    const unknown = await follow('nope');
    expect(unknown.headers.location).toBe('/confirm-email?status=invalid');
    const [stored] = await ctx.platform.db.select().from(users).where(eq(users.id, account.id));
    expect(stored?.passwordHash).toBeNull();
  });

  it('a confirmation link cannot be used as a claim link', async () => {
    const res = await register('normal.signup@example.com');
    expect(res.statusCode).toBe(201);
    const mail = await latestMailTo('normal.signup@example.com');
    const confirm = /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    const misuse = await follow(confirm ?? '', sessionCookieFrom(res));
    expect(misuse.headers.location).toBe('/confirm-email?status=invalid');
  });

  it('a claimed company-domain address becomes admin, as with any confirmed address', async () => {
    await passwordless('new.staff@ridgeline.test');
    const res = await register('new.staff@ridgeline.test');
    const token = claimToken((await latestMailTo('new.staff@ridgeline.test'))?.text ?? '');
    const followed = await follow(token, nonceCookie(res));
    expect(followed.headers.location).toBe('/admin-dashboard');
  });

  it("followed anywhere but the registering browser, the link asks for a password: the registrant's is discarded", async () => {
    const account = await passwordless('staff.claim@ridgeline.test');
    const registrant = await register('staff.claim@ridgeline.test', 'registrant-password', 'Mallory');
    expect(registrant.statusCode).toBe(202);
    const token = claimToken((await latestMailTo('staff.claim@ridgeline.test'))?.text ?? '');

    const followed = await follow(token);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(`/confirm-email?status=set-password#token=${token}`);
    expect(sessionCookieFrom(followed)).toBeUndefined();
    const [untouched] = await ctx.platform.db.select().from(users).where(eq(users.id, account.id));
    expect(untouched).toMatchObject({ passwordHash: null, isVerified: false, userType: 'homeowner' });

    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token, password: 'owners-own-password' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      id: account.id,
      isVerified: true,
      userType: 'admin',
      firstName: 'From',
    });
    expect(sessionCookieFrom(set)).toBeDefined();
    expect((await login(ctx.app, 'staff.claim@ridgeline.test', 'registrant-password')).statusCode).toBe(401);
    expect((await login(ctx.app, 'staff.claim@ridgeline.test', 'owners-own-password')).statusCode).toBe(200);
    // the link is used up, in the registering browser too
    expect((await follow(token, nonceCookie(registrant))).headers.location).toBe(
      '/confirm-email?status=invalid',
    );
  });
});
