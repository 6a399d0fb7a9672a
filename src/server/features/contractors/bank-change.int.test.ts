import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  applicationBody,
  bankingBody,
  type Caller,
  call,
  insuranceBody,
  licensesBody,
  onboardedContractor,
  register,
  SECRETS,
  taxBody,
} from '../../../../tests/helpers/onboarding';
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { bankChangeListSchema, bankChangeMessages } from '../../../domain/contractors/bank-changes';
import {
  type ContractorProfileDetail,
  contractorListSchema,
  contractorProfileDetailSchema,
} from '../../../domain/contractors/credentials';
import {
  contractorBankChanges,
  contractorBanking,
  loginFailures,
  mailOutbox,
} from '../../platform/db/schema';

/**
 * Issue 21 item 4, the attack: someone holding a contractor's session (a stolen cookie, a shared
 * computer) sends new bank details after the payment set-up so that the payouts go to their own
 * account. Before the fix POST /api/contractor/banking replaced the payout account at once, with no
 * password and no notice. Now the change needs the current password, is mailed to the account,
 * holds the payouts and waits for an admin; until approved the old account stays in force.
 */

/** The attacker's account: valid routing checksum, another account number. */
const ATTACKER = { routingNumber: '021000021', accountNumber: '55512349876' } as const;
const CONTRACTOR_PASSWORD = 'new-password-22';
const ATTACKER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AttackerBrowser/1.0';

let ctx: TestContext;
let victim: Caller & { contractorId: string };
let other: Caller & { contractorId: string };
let admin: { cookie: string; user: { id: string } };
/** The victim's pending change, once made. */
let changeId = '';

const attackerBody = (overrides: Record<string, unknown> = {}) =>
  bankingBody({
    bankName: 'Quick Cash Credit Union',
    routingNumber: ATTACKER.routingNumber,
    accountNumber: ATTACKER.accountNumber,
    confirmAccountNumber: ATTACKER.accountNumber,
    accountHolderName: 'Not The Contractor',
    ...overrides,
  });

/** POST /api/contractor/banking from one client (a fixed IP and browser). */
const postBanking = (who: { cookie: string }, body: unknown, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contractor/banking',
    headers: { cookie: who.cookie, 'user-agent': ATTACKER_UA },
    payload: body as object,
    remoteAddress: ip,
  });

const ownProfile = async (who: { cookie: string }): Promise<ContractorProfileDetail> => {
  const res = await call(ctx.app, who, 'GET', '/api/contractor/profile');
  expect(res.statusCode, res.body).toBe(200);
  return contractorProfileDetailSchema.parse(res.json());
};
/** The contractor as the admins see it (GET /api/contractors). */
const adminDetail = async (contractorId: string): Promise<ContractorProfileDetail> => {
  const res = await call(ctx.app, admin, 'GET', '/api/contractors');
  expect(res.statusCode, res.body).toBe(200);
  const found = contractorListSchema.parse(res.json()).find((c) => c.id === contractorId);
  if (!found) throw new Error('contractor not in the admin list');
  return found;
};
const bankingRow = async (contractorId: string) => {
  const [row] = await ctx.platform.db
    .select()
    .from(contractorBanking)
    .where(eq(contractorBanking.contractorId, contractorId));
  return row;
};
const pendingChanges = async () => {
  const res = await call(ctx.app, admin, 'GET', '/api/admin/contractors/bank-changes');
  expect(res.statusCode, res.body).toBe(200);
  return bankChangeListSchema.parse(res.json());
};
const review = (changeId: string, body: unknown, who: { cookie: string } = admin) =>
  call(ctx.app, who, 'POST', `/api/admin/contractors/bank-changes/${changeId}/review`, body);
const mailsTo = (email: string) => ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await createUserWithSession(ctx.platform, {
    email: 'bank.reviewer@ridgeline.test',
    userType: 'admin',
  });
  victim = await onboardedContractor(ctx.app);
  other = await onboardedContractor(ctx.app, { application: { companyName: 'Second Ridge Roofing' } });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the payout account after the payment set-up on ${testDbKind}`, () => {
  it('the first set-up, before completion, saves bank details at once without a password (as before)', async () => {
    const who = await register(ctx.app, 'firstsetup');
    for (const [url, body] of [
      ['/api/contractor-application', applicationBody()],
      [
        '/api/contractor/setup-password',
        { password: CONTRACTOR_PASSWORD, confirmPassword: CONTRACTOR_PASSWORD },
      ],
      ['/api/contractor/setup-licenses', licensesBody()],
      ['/api/contractor/setup-insurance', insuranceBody()],
      ['/api/contractor/banking', bankingBody()],
    ] as const) {
      const res = await call(ctx.app, who, 'POST', url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    // corrected before the tax step: still the first set-up, saved at once
    const again = await call(ctx.app, who, 'POST', '/api/contractor/banking', attackerBody());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().bankChangePending).toBeUndefined();
    const tax = await call(ctx.app, who, 'POST', '/api/contractor/tax-info', taxBody());
    expect(tax.statusCode).toBe(200);
    const profile = await ownProfile(who);
    expect(profile.banking?.accountNumberLast4).toBe('9876');
    expect(profile.payoutsOnHold).toBe(false);
    expect(profile.pendingBankChange).toBeNull();
  });

  it('a change without the current password is refused and changes nothing', async () => {
    const res = await postBanking(victim, attackerBody(), nextClientIp());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      message: bankChangeMessages.currentPasswordRequired,
      fieldErrors: { currentPassword: [bankChangeMessages.currentPasswordRequired] },
    });
    expect((await bankingRow(victim.contractorId))?.accountNumberLast4).toBe('2216');
    const profile = await ownProfile(victim);
    expect(profile.payoutsOnHold).toBe(false);
    expect(profile.pendingBankChange).toBeNull();
  });

  it('a wrong current password is refused (403), changes nothing and counts as a failed sign-in', async () => {
    const ip = nextClientIp();
    const res = await postBanking(victim, attackerBody({ currentPassword: 'guess-number-1' }), ip);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().fieldErrors).toEqual({ currentPassword: [bankChangeMessages.currentPasswordWrong] });
    expect((await bankingRow(victim.contractorId))?.accountNumberLast4).toBe('2216');
    expect((await ownProfile(victim)).pendingBankChange).toBeNull();
    const failures = await ctx.platform.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, victim.email), eq(loginFailures.ip, ip)));
    expect(failures).toHaveLength(1);
    expect(await mailsTo(victim.email).then((m) => m.filter((x) => /bank details/.test(x.subject)))).toEqual(
      [],
    );
  });

  it('guessing the password there is throttled as the sign-in form is (429 with Retry-After)', async () => {
    const ip = nextClientIp();
    for (const guess of ['guess-a-1', 'guess-b-2', 'guess-c-3']) {
      const res = await postBanking(victim, attackerBody({ currentPassword: guess }), ip);
      expect(res.statusCode, res.body).toBe(403);
    }
    // counted as failed sign-ins of this account from this client
    const counted = await ctx.platform.db
      .select()
      .from(loginFailures)
      .where(and(eq(loginFailures.email, victim.email), eq(loginFailures.ip, ip)));
    expect(counted).toHaveLength(3);
    // the third failure makes this client wait 2 s, more after each further one: four more failures
    // of this client (32 s) keep the wait longer than a loaded machine takes to send the next request
    await ctx.platform.db
      .insert(loginFailures)
      .values(Array.from({ length: 4 }, () => ({ email: victim.email, ip })));
    // even the right password is not tried now
    const next = await postBanking(victim, attackerBody({ currentPassword: CONTRACTOR_PASSWORD }), ip);
    expect(next.statusCode, next.body).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ownProfile(victim)).pendingBankChange).toBeNull();
  });

  it('with the current password the change waits for review: the old account stays, payouts are held', async () => {
    const ip = nextClientIp();
    const res = await postBanking(victim, attackerBody({ currentPassword: CONTRACTOR_PASSWORD }), ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: bankChangeMessages.requested,
      bankChangePending: true,
      paymentSetupCompleted: true,
      redirectTo: '/contractor/profile',
    });

    const row = await bankingRow(victim.contractorId);
    expect(row).toMatchObject({ bankName: 'JPMorgan Chase Bank', accountNumberLast4: '2216' });

    const own = await ownProfile(victim);
    expect(own.banking).toMatchObject({ accountNumberLast4: '2216', routingNumberLast4: '0614' });
    expect(own.payoutsOnHold).toBe(true);
    expect(own.payoutHoldReason).toBe('bank_change_review');
    expect(own.pendingBankChange).toMatchObject({
      bankName: 'Quick Cash Credit Union',
      accountNumberLast4: '9876',
      routingNumberLast4: '0021',
    });
    changeId = own.pendingBankChange?.id ?? '';

    // the admins' contractor detail still shows the old account as the one in force
    const seenByAdmin = await adminDetail(victim.contractorId);
    expect(seenByAdmin.banking?.accountNumberLast4).toBe('2216');
    expect(seenByAdmin.payoutsOnHold).toBe(true);

    const [pending] = (await pendingChanges()).filter((c) => c.contractorId === victim.contractorId);
    expect(pending).toMatchObject({
      id: changeId,
      status: 'pending',
      accountEmail: victim.email,
      requestIp: ip,
      requestUserAgent: ATTACKER_UA,
      current: { accountNumberLast4: '2216', bankName: 'JPMorgan Chase Bank' },
      requested: { accountNumberLast4: '9876', bankName: 'Quick Cash Credit Union' },
    });
  });

  it('the account is mailed about the change, without the numbers', async () => {
    const mails = (await mailsTo(victim.email)).filter((m) => /bank details were changed/.test(m.subject));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.text).toContain('account ending in 9876');
    expect(mail?.text).toContain('account ending in 2216');
    expect(mail?.text).toMatch(/payouts are on hold/);
    expect(mail?.text).toMatch(/If you did not make this change/);
    const all = JSON.stringify(mails);
    for (const secret of [
      ATTACKER.accountNumber,
      ATTACKER.routingNumber,
      SECRETS.accountNumber,
      SECRETS.routingNumber,
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('the audit log keeps who, what, when and from where, never the numbers', async () => {
    const { rows } = await ctx.platform.database.sql.query<Record<string, unknown>>(
      `SELECT actor_id, action, entity_id, data, ip, created_at FROM audit_log
        WHERE action = 'contractor.bank_change_requested' AND entity_id = '${victim.contractorId}'`,
    );
    expect(rows).toHaveLength(1);
    const [entry] = rows;
    expect(entry).toMatchObject({ actor_id: victim.userId, ip: expect.any(String) });
    expect(entry?.created_at).toBeTruthy();
    const data = (typeof entry?.data === 'string' ? JSON.parse(entry.data) : entry?.data) as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({
      changeId,
      bankName: 'Quick Cash Credit Union',
      previousBankName: 'JPMorgan Chase Bank',
      userAgent: ATTACKER_UA,
      changed: ['bankName', 'accountHolderName', 'routingNumber', 'accountNumber'],
    });
    const { rows: everything } =
      await ctx.platform.database.sql.query<Record<string, unknown>>('SELECT * FROM audit_log');
    const text = JSON.stringify(everything);
    for (const secret of [
      ATTACKER.accountNumber,
      ATTACKER.routingNumber,
      SECRETS.accountNumber,
      SECRETS.routingNumber,
    ]) {
      expect(text).not.toContain(secret);
    }
    // the pending change keeps its numbers encrypted too
    const { rows: changes } = await ctx.platform.database.sql.query<Record<string, unknown>>(
      `SELECT * FROM contractor_bank_changes WHERE contractor_id = '${victim.contractorId}'`,
    );
    expect(JSON.stringify(changes)).not.toContain(ATTACKER.accountNumber);
    expect(JSON.stringify(changes)).not.toContain(ATTACKER.routingNumber);
  });

  it('a newer change supersedes the pending one: one change awaits review', async () => {
    const res = await postBanking(
      other,
      attackerBody({
        accountNumber: '4444555566',
        confirmAccountNumber: '4444555566',
        currentPassword: CONTRACTOR_PASSWORD,
      }),
      nextClientIp(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const first = (await ownProfile(other)).pendingBankChange?.id;
    const again = await postBanking(
      other,
      attackerBody({
        accountNumber: '7777888899',
        confirmAccountNumber: '7777888899',
        currentPassword: CONTRACTOR_PASSWORD,
      }),
      nextClientIp(),
    );
    expect(again.statusCode, again.body).toBe(200);
    const rows = await ctx.platform.db
      .select({ id: contractorBankChanges.id, status: contractorBankChanges.status })
      .from(contractorBankChanges)
      .where(eq(contractorBankChanges.contractorId, other.contractorId));
    expect(rows.find((r) => r.id === first)?.status).toBe('superseded');
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
    expect((await ownProfile(other)).pendingBankChange?.accountNumberLast4).toBe('8899');
    const stale = await review(first ?? '', { decision: 'approved' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(bankChangeMessages.alreadyReviewed);
  });
});

describe(`the admins' review of bank changes on ${testDbKind}`, () => {
  it('refuses a decision that is not approve or reject, and an unknown change', async () => {
    const bad = await review(changeId, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.decision).toEqual([bankChangeMessages.decisionRequired]);
    const unknown = await review('5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77', { decision: 'approved' });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await review('nope', { decision: 'approved' });
    expect(notUuid.statusCode).toBe(404);
  });

  it('a contractor cannot approve their own change', async () => {
    const res = await review(changeId, { decision: 'approved' }, victim);
    expect(res.statusCode).toBe(403);
    expect((await ownProfile(victim)).banking?.accountNumberLast4).toBe('2216');
  });

  it('approving switches the payout account, lifts the hold and mails the contractor', async () => {
    const res = await review(changeId, { decision: 'approved', notes: 'Confirmed by phone with the owner.' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = contractorProfileDetailSchema.parse(res.json());
    expect(detail.banking).toMatchObject({ bankName: 'Quick Cash Credit Union', accountNumberLast4: '9876' });
    expect(detail.payoutsOnHold).toBe(false);
    expect(detail.payoutHoldReason).toBeNull();
    expect(detail.pendingBankChange).toBeNull();
    expect((await bankingRow(victim.contractorId))?.accountNumberLast4).toBe('9876');

    const [row] = await ctx.platform.db
      .select()
      .from(contractorBankChanges)
      .where(eq(contractorBankChanges.id, changeId));
    expect(row).toMatchObject({
      status: 'approved',
      reviewedBy: admin.user.id,
      reviewNotes: 'Confirmed by phone with the owner.',
    });
    expect(row?.reviewedAt).toBeInstanceOf(Date);

    const mails = (await mailsTo(victim.email)).filter((m) => /approved/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Confirmed by phone with the owner.');
    expect(mails[0]?.text).toContain('account ending in 9876');

    expect((await pendingChanges()).some((c) => c.id === changeId)).toBe(false);
    const twice = await review(changeId, { decision: 'rejected' });
    expect(twice.statusCode).toBe(409);
  });

  it('rejecting keeps the old account, lifts the hold and mails the contractor', async () => {
    const before = await bankingRow(other.contractorId);
    const pending = (await ownProfile(other)).pendingBankChange;
    expect(pending).not.toBeNull();
    const res = await review(pending?.id ?? '', {
      decision: 'rejected',
      notes: 'The owner did not ask for this.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = contractorProfileDetailSchema.parse(res.json());
    expect(detail.banking).toMatchObject({ bankName: 'JPMorgan Chase Bank', accountNumberLast4: '2216' });
    expect(detail.payoutsOnHold).toBe(false);
    expect(detail.pendingBankChange).toBeNull();
    expect(await bankingRow(other.contractorId)).toEqual(before);
    const mails = (await mailsTo(other.email)).filter((m) => /not approved/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('The owner did not ask for this.');
    const { rows } = await ctx.platform.database.sql.query<Record<string, unknown>>(
      `SELECT actor_id, data FROM audit_log WHERE action = 'contractor.bank_change_rejected' AND entity_id = '${other.contractorId}'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.actor_id).toBe(admin.user.id);
  });
});

describe(`the way around it, closed, on ${testDbKind}`, () => {
  it('after the payment set-up a session alone cannot replace the password (and then pass the check)', async () => {
    const who = await onboardedContractor(ctx.app, { application: { companyName: 'Third Ridge Roofing' } });
    const newPassword = { password: 'attacker-chosen-1', confirmPassword: 'attacker-chosen-1' };
    const bare = await call(ctx.app, who, 'POST', '/api/contractor/setup-password', newPassword);
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().fieldErrors).toEqual({
      currentPassword: [bankChangeMessages.passwordChangeNeedsCurrent],
    });
    const wrong = await call(ctx.app, who, 'POST', '/api/contractor/setup-password', {
      ...newPassword,
      currentPassword: 'guess-number-9',
    });
    expect(wrong.statusCode, wrong.body).toBe(403);
    expect(wrong.json().fieldErrors).toEqual({
      currentPassword: [bankChangeMessages.currentPasswordWrongForPassword],
    });
    // the attacker's password was not set: it does not pass the bank-change check
    const viaNew = await postBanking(
      who,
      attackerBody({ currentPassword: 'attacker-chosen-1' }),
      nextClientIp(),
    );
    expect(viaNew.statusCode, viaNew.body).toBe(403);
    expect((await ownProfile(who)).pendingBankChange).toBeNull();
    // the owner, who knows the password, still changes it
    const owner = await call(ctx.app, who, 'POST', '/api/contractor/setup-password', {
      password: 'owner-new-password-3',
      confirmPassword: 'owner-new-password-3',
      currentPassword: CONTRACTOR_PASSWORD,
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('concurrent requests leave one pending change, and concurrent decisions decide it once', async () => {
    const who = await onboardedContractor(ctx.app, { application: { companyName: 'Fourth Ridge Roofing' } });
    const bodies = ['1111222233', '4444555577'].map((n) =>
      attackerBody({ accountNumber: n, confirmAccountNumber: n, currentPassword: CONTRACTOR_PASSWORD }),
    );
    const answers = await Promise.all(bodies.map((b) => postBanking(who, b, nextClientIp())));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const rows = await ctx.platform.db
      .select({ id: contractorBankChanges.id, status: contractorBankChanges.status })
      .from(contractorBankChanges)
      .where(eq(contractorBankChanges.contractorId, who.contractorId));
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'superseded')).toHaveLength(1);
    const id = pending[0]?.id ?? '';
    const decisions = await Promise.all([
      review(id, { decision: 'approved' }),
      review(id, { decision: 'rejected' }),
    ]);
    expect(decisions.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const profile = await ownProfile(who);
    expect(profile.payoutsOnHold).toBe(false);
    expect(profile.pendingBankChange).toBeNull();
  });
});
