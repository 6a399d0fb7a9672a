import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, login, sessionCookieFrom } from '../../../../tests/helpers/auth';
import { call, onboardedContractor } from '../../../../tests/helpers/onboarding';
import { asSent } from '../../../../tests/helpers/outbox';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { auditLog, emailTokens, mailOutbox, users } from '../../platform/db/schema';

/**
 * Issue 21, item 1: whoever reads what is stored (a database dump or backup, the audit log, an
 * admin through GET /api/admin/outbox) must find no link that works; links die when the password
 * is set another way, live 24 hours, and every password change is told to the address.
 */
let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { ADMIN_EMAIL_DOMAIN: 'ridgeline.test', PUBLIC_URL: 'https://rl.example' },
    runWorkers: false,
  });
  adminCookie = (await createUserWithSession(ctx.platform, { email: 'ops@admin.example', userType: 'admin' }))
    .cookie;
});
afterAll(async () => {
  await ctx?.close();
});

const LINK = /https:\/\/rl\.example\/api\/auth\/(?:confirm-email|claim-account)\?token=([A-Za-z0-9_-]+)/;

/** Every mail to an address, oldest first: as stored, and as sent (the mailbox's copy). */
async function mailsTo(email: string) {
  const rows = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map((stored) => ({ stored, sent: asSent(ctx.platform.config, stored) }));
}

/** The token of the newest mail to the address whose subject matches, from the mailbox's copy. */
async function mailedToken(email: string, subject: RegExp): Promise<string> {
  const mail = (await mailsTo(email)).filter((m) => subject.test(m.stored.subject)).at(-1);
  const token = LINK.exec(mail?.sent.text ?? '')?.[1];
  if (!token) throw new Error(`no link mailed to ${email}: ${mail?.sent.text}`);
  return token;
}

/** Everything a dump of the tables that hold mails, links and the audit trail would show. */
async function storedText(): Promise<string> {
  const { db } = ctx.platform;
  const rows = [
    ...(await db.select().from(mailOutbox)),
    ...(await db.select().from(emailTokens)),
    ...(await db.select().from(auditLog)),
  ];
  return JSON.stringify(rows);
}

async function adminOutbox(email: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/outbox?to=${encodeURIComponent(email)}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { subject: string; text: string }[];
}

function register(email: string, password: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName: 'Sam', lastName: 'Reader', email, password },
  });
}

function setPasswordWithLink(token: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token, password } });
}

/** The attack: a link read from storage sets the account's password. */
async function expectNothingStoredUsable(email: string, token: string) {
  const stored = await storedText();
  expect(stored).not.toContain(token);
  for (const { stored: row } of await mailsTo(email)) {
    expect(row.text).not.toMatch(LINK);
    expect(row.html ?? '').not.toMatch(LINK);
    // no SMTP here: nothing waits to be sent, so no sealed copy either
    expect(row.sealedSecrets).toBeNull();
  }
  const shown = await adminOutbox(email);
  expect(shown.length).toBeGreaterThan(0);
  expect(JSON.stringify(shown)).not.toContain(token);
  expect(shown.some((m) => m.text.includes('[link hidden: only in the mail sent, #1]'))).toBe(true);
}

describe(`mailed links at rest, on ${testDbKind}`, () => {
  it('a contractor with payouts set up: no stored copy of the confirm link, and the link died with the password set in the wizard', async () => {
    const contractor = await onboardedContractor(ctx.app);
    const token = await mailedToken(contractor.email, /Confirm your email/);
    await expectNothingStoredUsable(contractor.email, token);

    // even the mailbox's own copy stopped working when the password was set another way
    const takeover = await setPasswordWithLink(token, 'attacker-password-1');
    expect(takeover.statusCode).toBe(400);
    expect(takeover.json().message).toMatch(/^This link is not valid/);
    expect((await login(ctx.app, contractor.email, 'attacker-password-1')).statusCode).toBe(401);
    expect((await login(ctx.app, contractor.email, 'new-password-22')).statusCode).toBe(200);
    const me = await call(ctx.app, contractor, 'GET', '/api/auth/user');
    expect(me.json()).toMatchObject({ userType: 'contractor' });

    // and the address was told of the password set in the wizard
    const notices = (await mailsTo(contractor.email)).filter((m) =>
      /password was changed/.test(m.stored.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.stored.text).toContain('changed by someone signed in to the account');
  });

  it('a company-domain address: the stored confirm link cannot make an admin', async () => {
    const res = await register('new.boss@ridgeline.test', 'boss-password-1');
    expect(res.statusCode).toBe(201);
    const token = await mailedToken('new.boss@ridgeline.test', /Confirm your email/);
    await expectNothingStoredUsable('new.boss@ridgeline.test', token);
  });

  it('claim and set-password links are not stored usable either', async () => {
    // a passwordless account (as an install request makes), then someone registers its address
    await ctx.platform.db.insert(users).values({ email: 'kept.by.mail@example.com', firstName: 'Kai' });
    expect((await register('kept.by.mail@example.com', 'registrant-pass-1')).statusCode).toBe(202);
    const claim = await mailedToken('kept.by.mail@example.com', /Finish creating/);
    await expectNothingStoredUsable('kept.by.mail@example.com', claim);

    // an account with a password: the taken-address notice carries a set-password link
    await createUserWithSession(ctx.platform, { email: 'has.one@example.com' });
    expect((await register('has.one@example.com', 'registrant-pass-2')).statusCode).toBe(202);
    const setPassword = await mailedToken('has.one@example.com', /Your Ridgeline account/);
    await expectNothingStoredUsable('has.one@example.com', setPassword);
  });

  it('confirm, claim and set-password links live 24 hours', async () => {
    await register('timed@example.com', 'timed-password-1');
    await ctx.platform.db.insert(users).values({ email: 'timed.claim@example.com' });
    await register('timed.claim@example.com', 'timed-password-2');
    await register('timed@example.com', 'timed-password-3');
    const rows = await ctx.platform.db.select().from(emailTokens);
    const lifetimes = new Map(
      rows
        .filter((r) => ['confirm_email', 'claim_account', 'set_password'].includes(r.purpose))
        .map((r) => [r.purpose, r.expiresAt.getTime() - r.createdAt.getTime()]),
    );
    expect([...lifetimes.keys()].sort()).toEqual(['claim_account', 'confirm_email', 'set_password']);
    for (const ms of lifetimes.values()) expect(Math.round(ms / 60_000)).toBe(24 * 60);
  });

  it('the address is told whenever its password is set through a link', async () => {
    const attacker = await register('told@example.com', 'attacker-pass-1');
    const token = await mailedToken('told@example.com', /Confirm your email/);
    const set = await setPasswordWithLink(token, 'owner-password-1');
    expect(set.statusCode).toBe(200);
    expect(sessionCookieFrom(attacker)).toBeDefined();
    const notice = (await mailsTo('told@example.com')).at(-1)?.stored;
    expect(notice?.subject).toBe('Your Ridgeline password was changed');
    expect(notice?.text).toContain('set with a link mailed to this address');
    expect(notice?.text).toContain('https://rl.example/forgot-password');

    // the claim link followed in the registering browser sets a password too: told as well
    await ctx.platform.db.insert(users).values({ email: 'claimed@example.com' });
    const registered = await register('claimed@example.com', 'claim-password-1');
    const nonce = registered.cookies.find((c) => c.name === 'rl_claim')?.value;
    const claim = await mailedToken('claimed@example.com', /Finish creating/);
    const followed = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/claim-account?token=${claim}`,
      headers: { cookie: `rl_claim=${nonce}` },
    });
    expect(followed.headers.location).toBe('/customer-dashboard');
    expect((await mailsTo('claimed@example.com')).at(-1)?.stored.subject).toBe(
      'Your Ridgeline password was changed',
    );
  });
});
