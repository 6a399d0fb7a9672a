import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  applicationBody,
  type Caller,
  call,
  EXPIRES,
  inDays,
  insuranceBody,
  onboardedContractor,
  register,
  SECRETS,
} from '../../../../tests/helpers/onboarding';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import {
  type ContractorProfileDetail,
  contractorProfileDetailSchema,
  pendingContractorsSchema,
} from '../../../domain/contractors/credentials';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import { auditLog, contractorProfiles, mailOutbox } from '../../platform/db/schema';

/**
 * Issue 11 item 4: the admins' review (everything submitted, warnings about credentials) and
 * decision (verified or rejected, with notes, mailed to the contractor); and issue 11 item 3:
 * secrets never leave the server whole, in any answer, mail or audit row.
 */

let ctx: TestContext;
let complete: Caller & { contractorId: string };
let soonExpiring: Caller & { contractorId: string };
let justApplied: Caller & { contractorId: string };
let admin: { cookie: string; user: { id: string } };
let homeowner: { cookie: string };
/** Every answer body the tests saw: none may hold a secret. */
const answers: string[] = [];

async function seen<T extends { body: string }>(res: T): Promise<T> {
  answers.push(res.body);
  return res;
}

const verify = async (who: { cookie: string } | null, contractorId: string, body: unknown) =>
  seen(await call(ctx.app, who, 'POST', `/api/admin/contractors/${contractorId}/verify`, body));
const pendingList = async (): Promise<ContractorProfileDetail[]> => {
  const res = await seen(await call(ctx.app, admin, 'GET', '/api/admin/contractors/pending'));
  expect(res.statusCode).toBe(200);
  return pendingContractorsSchema.parse(JSON.parse(res.body));
};

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await createUserWithSession(ctx.platform, { email: 'verifier@ridgeline.test', userType: 'admin' });
  homeowner = await createUserWithSession(ctx.platform, { email: 'homeowner.v@example.com' });
  const j = await register(ctx.app, 'early');
  const applied = await call(ctx.app, j, 'POST', '/api/contractor-application', applicationBody());
  justApplied = { ...j, contractorId: applied.json().contractorId };
  complete = await onboardedContractor(ctx.app);
  soonExpiring = await onboardedContractor(ctx.app, {
    application: { companyName: 'Short Policy Roofing' },
    insurance: {
      generalLiability: {
        carrier: 'Travelers',
        policyNumber: 'GL-9',
        expirationDate: inDays(10),
        coverageAmount: 1_000_000,
      },
      workersCompensation: { notRequired: true },
      bonding: { carrier: 'Merchants Bonding', bondAmount: '25,000', expirationDate: inDays(-2) },
    },
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the admins' review on ${testDbKind}`, () => {
  it('lists pending and pending_verification applications, oldest first, with everything submitted', async () => {
    const list = await pendingList();
    expect(list.map((p) => p.id)).toEqual([
      justApplied.contractorId,
      complete.contractorId,
      soonExpiring.contractorId,
    ]);
    expect(list.map((p) => p.verificationStatus)).toEqual([
      'pending',
      'pending_verification',
      'pending_verification',
    ]);
    const full = list[1] as ContractorProfileDetail;
    expect(full.licenses).toHaveLength(2);
    expect(full.insurance?.generalLiability?.expirationDate).toBe(EXPIRES.generalLiability);
    expect(full.banking).toMatchObject({ routingNumberLast4: '0614', accountNumberLast4: '2216' });
    expect(full.tax).toMatchObject({ einLast4: '8720', ssnLast4: '7893' });
    expect(full.user.email).toBe(complete.email);
    expect(full.warnings).toEqual([]);
  });

  it('warns about an expiring and an expired credential', async () => {
    const entry = (await pendingList()).find((p) => p.id === soonExpiring.contractorId);
    expect(entry?.warnings).toEqual([
      {
        kind: 'general_liability',
        state: null,
        expirationDate: inDays(10),
        status: 'expiring',
        message: `General liability insurance expires on ${inDays(10)}`,
      },
      {
        kind: 'bonding',
        state: null,
        expirationDate: inDays(-2),
        status: 'expired',
        message: `Bond expired on ${inDays(-2)}`,
      },
    ]);
    expect(entry?.availableForMatches).toBe(true);
  });

  it('is for admins only', async () => {
    expect((await call(ctx.app, null, 'GET', '/api/admin/contractors/pending')).statusCode).toBe(401);
    expect((await call(ctx.app, homeowner, 'GET', '/api/admin/contractors/pending')).statusCode).toBe(403);
    expect((await call(ctx.app, complete, 'GET', '/api/admin/contractors/pending')).statusCode).toBe(403);
  });
});

describe(`the admins' decision on ${testDbKind}`, () => {
  it('refuses non-admins (401, 403), a bad status (400) and unknown ids (404)', async () => {
    expect((await verify(null, complete.contractorId, { status: 'verified' })).statusCode).toBe(401);
    expect((await verify(homeowner, complete.contractorId, { status: 'verified' })).statusCode).toBe(403);
    expect((await verify(complete, complete.contractorId, { status: 'verified' })).statusCode).toBe(403);
    const bad = await verify(admin, complete.contractorId, { status: 'approved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ status: [onboardingMessages.verifyStatus] });
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      const unknown = await verify(admin, id, { status: 'verified' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: onboardingMessages.adminNotFound });
    }
    const [row] = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, complete.contractorId));
    expect(row?.verificationStatus).toBe('pending_verification');
  });

  it('verifies: status, notes, who and when; a welcome mail with the dashboard link; an audit row', async () => {
    const res = await verify(admin, complete.contractorId, {
      status: 'verified',
      notes: 'Certificates checked by phone.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = contractorProfileDetailSchema.parse(res.json());
    expect(detail).toMatchObject({
      id: complete.contractorId,
      verificationStatus: 'verified',
      verificationNotes: 'Certificates checked by phone.',
    });
    expect(detail.verifiedAt).not.toBeNull();
    const [row] = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, complete.contractorId));
    expect(row?.verifiedBy).toBe(admin.user.id);

    const mails = (
      await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, complete.email))
    ).filter((m) => !/^(Confirm your email|Your Ridgeline password was changed)/.test(m.subject));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.cc).toBe('office@summitridge.example');
    expect(mail?.subject).toMatch(/verified/);
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/contractor-dashboard`);
    expect(mail?.text).toContain('Certificates checked by phone.');

    const [audit] = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'contractor.verified'));
    expect(audit).toMatchObject({ actorId: admin.user.id, entityId: complete.contractorId });

    const own = contractorProfileDetailSchema.parse(
      (await call(ctx.app, complete, 'GET', '/api/contractor/profile')).json(),
    );
    expect(own.verificationStatus).toBe('verified');
    expect((await pendingList()).map((p) => p.id)).not.toContain(complete.contractorId);
  });

  it('rejects with notes and says how to reapply; the insurance step sent again returns to verification', async () => {
    const res = await verify(admin, soonExpiring.contractorId, {
      status: 'rejected',
      notes: 'The liability certificate is unreadable.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verificationStatus: 'rejected',
      verificationNotes: 'The liability certificate is unreadable.',
    });
    const mail = (
      await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, soonExpiring.email))
    ).find((m) => m.subject.includes('not approved'));
    expect(mail?.subject).toMatch(/not approved/);
    expect(mail?.text).toContain('The liability certificate is unreadable.');
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/contractor-profile-setup`);
    expect(mail?.text).toMatch(/submit the insurance step again/);
    expect((await pendingList()).map((p) => p.id)).not.toContain(soonExpiring.contractorId);

    const again = await seen(
      await call(ctx.app, soonExpiring, 'POST', '/api/contractor/setup-insurance', insuranceBody()),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      verificationStatus: 'pending_verification',
      profileCompletionStatus: 'insurance_set',
    });
    expect((await pendingList()).map((p) => p.id)).toContain(soonExpiring.contractorId);
  });

  it('a verified contractor who renews a policy stays verified', async () => {
    const res = await seen(
      await call(
        ctx.app,
        complete,
        'POST',
        '/api/contractor/setup-insurance',
        insuranceBody({
          generalLiability: {
            carrier: 'The Hartford',
            policyNumber: 'GL-NEW',
            expirationDate: inDays(900),
            coverageAmount: 2_000_000,
          },
        }),
      ),
    );
    expect(res.json()).toMatchObject({ verificationStatus: 'verified' });
  });
});

describe(`secrets never leave the server whole on ${testDbKind}`, () => {
  const whole = [
    SECRETS.routingNumber,
    SECRETS.accountNumber,
    SECRETS.ein,
    '46-3318720',
    SECRETS.ssn,
    '521-44-7893',
  ];

  it('in no answer: profile, pending list, decision', async () => {
    for (const who of [complete, soonExpiring, justApplied]) {
      await seen(await call(ctx.app, who, 'GET', '/api/contractor/profile'));
    }
    await pendingList();
    await verify(admin, soonExpiring.contractorId, { status: 'verified' });
    expect(answers.length).toBeGreaterThan(8);
    for (const body of answers) for (const secret of whole) expect(body).not.toContain(secret);
    // the last four digits are what is shown
    expect(answers.some((b) => b.includes('"accountNumberLast4":"2216"'))).toBe(true);
  });

  it('in no mail and no audit row', async () => {
    const mails = JSON.stringify(await ctx.platform.db.select().from(mailOutbox));
    const audits = JSON.stringify(await ctx.platform.db.select().from(auditLog));
    expect(audits).toContain('contractor.banking_set');
    expect(audits).toContain('contractor.tax_set');
    for (const secret of whole) {
      expect(mails).not.toContain(secret);
      expect(audits).not.toContain(secret);
    }
  });
});
