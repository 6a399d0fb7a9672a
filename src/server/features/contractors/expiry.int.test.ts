import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  type Caller,
  call,
  inDays,
  insuranceBody,
  licensesBody,
  onboardedContractor,
} from '../../../../tests/helpers/onboarding';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { contractorProfileDetailSchema } from '../../../domain/contractors/credentials';
import type { JobName } from '../../../domain/jobs';
import { contractorCredentialNotices, mailOutbox } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/types';
import { createServices, type Services } from '../../services';
import { registerContractorExpiryCheck } from './expiry-job';

/**
 * Issue 11 item 5: the daily job finds licences and insurance that expire within 30 days or have
 * expired, mails the contractor once per credential and status, and records it; an expired
 * general liability policy makes the contractor unavailable for new matches until renewed.
 */

let ctx: TestContext;
let services: Services;
let contractor: Caller & { contractorId: string };
let admin: { cookie: string };

/** Noon UTC of a calendar day: the job's chosen "now". */
const noonOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`);

const glOf = (expirationDate: string) => ({
  generalLiability: {
    carrier: 'Travelers',
    policyNumber: 'GL-55',
    expirationDate,
    coverageAmount: 1_000_000,
  },
  workersCompensation: { notRequired: true },
  bonding: { notRequired: true },
});

const expiryMails = async (email: string) =>
  (await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    /renew/.test(m.subject),
  );
const noticesOf = (contractorId: string) =>
  ctx.platform.db
    .select()
    .from(contractorCredentialNotices)
    .where(eq(contractorCredentialNotices.contractorId, contractorId));
const profileOf = async (who: { cookie: string }) =>
  contractorProfileDetailSchema.parse((await call(ctx.app, who, 'GET', '/api/contractor/profile')).json());

/** The general liability policy of the contractor ends on this calendar day (its licence later). */
const GL_ENDS = inDays(400);

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  services = createServices(ctx.platform);
  admin = await createUserWithSession(ctx.platform, {
    email: 'expiry.admin@ridgeline.test',
    userType: 'admin',
  });
  contractor = await onboardedContractor(ctx.app, { insurance: glOf(GL_ENDS) });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the expiry check on ${testDbKind}`, () => {
  it('finds nothing while every credential is more than 30 days away', async () => {
    const result = await services.contractorVerification.checkExpiries(noonOf(inDays(-31, GL_ENDS)));
    expect(result.notices).toBe(0);
    expect(await noticesOf(contractor.contractorId)).toHaveLength(0);
    expect(await expiryMails(contractor.email)).toHaveLength(0);
  });

  it('a policy expiring in 10 days: one notice and one mail; a second run sends nothing more', async () => {
    const now = noonOf(inDays(-10, GL_ENDS));
    const first = await services.contractorVerification.checkExpiries(now);
    expect(first).toMatchObject({ notices: 1, mails: 1 });
    const notices = await noticesOf(contractor.contractorId);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'general_liability',
        state: null,
        expirationDate: GL_ENDS,
        status: 'expiring',
        notifiedAt: now,
      }),
    ]);
    const mails = await expiryMails(contractor.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`General liability insurance expires on ${GL_ENDS}: please renew`);
    expect(mails[0]?.text).toContain(`${ctx.config.publicUrl}/contractor-profile-setup`);

    const second = await services.contractorVerification.checkExpiries(now);
    expect(second).toMatchObject({ notices: 0, mails: 0 });
    const nextDay = await services.contractorVerification.checkExpiries(noonOf(inDays(-9, GL_ENDS)));
    expect(nextDay).toMatchObject({ notices: 0, mails: 0 });
    expect(await noticesOf(contractor.contractorId)).toHaveLength(1);
    expect(await expiryMails(contractor.email)).toHaveLength(1);
  });

  it('once expired: an expired notice and mail, once, saying no new matches until renewed', async () => {
    const after = noonOf(inDays(1, GL_ENDS));
    expect(await services.contractorVerification.checkExpiries(after)).toMatchObject({
      notices: 1,
      mails: 1,
    });
    expect(await services.contractorVerification.checkExpiries(after)).toMatchObject({
      notices: 0,
      mails: 0,
    });
    const notices = await noticesOf(contractor.contractorId);
    expect(notices.map((n) => n.status).sort()).toEqual(['expired', 'expiring']);
    const mails = await expiryMails(contractor.email);
    expect(mails).toHaveLength(2);
    const expired = mails.find((m) => m.subject.includes('expired'));
    expect(expired?.subject).toBe(`General liability insurance expired on ${GL_ENDS}: please renew`);
    expect(expired?.text).toMatch(/you get no new matches/);
  });

  it('an expired general liability policy makes the contractor unavailable for new matches until renewed', async () => {
    const lapsed = await onboardedContractor(ctx.app, { insurance: glOf(inDays(-1)) });
    const detail = await profileOf(lapsed);
    expect(detail.availableForMatches).toBe(false);
    expect(detail.insuredUntil).toBeNull();
    expect(detail.warnings).toEqual([
      expect.objectContaining({ kind: 'general_liability', status: 'expired', expirationDate: inDays(-1) }),
    ]);
    // first seen already expired: only the expired notice
    await services.contractorVerification.checkExpiries();
    expect((await noticesOf(lapsed.contractorId)).map((n) => n.status)).toEqual(['expired']);

    const renewed = await call(ctx.app, lapsed, 'POST', '/api/contractor/setup-insurance', glOf(inDays(365)));
    expect(renewed.statusCode).toBe(200);
    const after = await profileOf(lapsed);
    expect(after.availableForMatches).toBe(true);
    expect(after.insuredUntil).toBe(inDays(365));
    expect(after.warnings).toEqual([]);
    expect((await services.contractorVerification.checkExpiries()).notices).toBe(0);
  });

  it('watches licences by state too, and lists the warnings in the pending review', async () => {
    const licensed = await onboardedContractor(ctx.app, { insurance: glOf(inDays(400)) });
    const res = await call(ctx.app, licensed, 'POST', '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: 'OK-1', expirationDate: inDays(20) },
    });
    expect(res.statusCode).toBe(200);
    await services.contractorVerification.checkExpiries();
    const notices = await noticesOf(licensed.contractorId);
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'license',
        state: 'Oklahoma',
        status: 'expiring',
        expirationDate: inDays(20),
      }),
    ]);
    const [mail] = await expiryMails(licensed.email);
    expect(mail?.subject).toBe(`Oklahoma licence expires on ${inDays(20)}: please renew`);

    const pending = await call(ctx.app, admin, 'GET', '/api/admin/contractors/pending');
    const entry = (pending.json() as { id: string; warnings: unknown[] }[]).find(
      (p) => p.id === licensed.contractorId,
    );
    expect(entry?.warnings).toEqual([
      {
        kind: 'license',
        state: 'Oklahoma',
        expirationDate: inDays(20),
        status: 'expiring',
        message: `Oklahoma licence expires on ${inDays(20)}`,
      },
    ]);
  });

  it('leaves rejected contractors alone', async () => {
    const rejected = await onboardedContractor(ctx.app, { insurance: glOf(inDays(5)), payment: false });
    const decided = await call(
      ctx.app,
      admin,
      'POST',
      `/api/admin/contractors/${rejected.contractorId}/verify`,
      {
        status: 'rejected',
      },
    );
    expect(decided.statusCode).toBe(200);
    await services.contractorVerification.checkExpiries();
    expect(await noticesOf(rejected.contractorId)).toHaveLength(0);
    // reapplying (the insurance step again) puts them back under watch
    await call(ctx.app, rejected, 'POST', '/api/contractor/setup-insurance', insuranceBody(glOf(inDays(5))));
    await services.contractorVerification.checkExpiries();
    expect(await noticesOf(rejected.contractorId)).toHaveLength(1);
  });
});

describe('the daily job', () => {
  it('runs the check, schedules the next run a day later even when the check fails, one waiting at a time', async () => {
    const sent: { name: JobName; startAfterSeconds?: number; singletonKey?: string }[] = [];
    let handler: (() => Promise<void>) | undefined;
    const jobs = {
      async send(
        name: JobName,
        _payload: unknown,
        options?: { startAfterSeconds?: number; singletonKey?: string },
      ) {
        sent.push({ name, ...options });
        return 'job-id';
      },
      async work(name: JobName, run: () => Promise<void>) {
        expect(name).toBe('contractors.expiry');
        handler = run;
      },
    } as unknown as JobQueue;
    const runs: Date[] = [];
    let fail = true;
    await registerContractorExpiryCheck(
      { jobs, logger: ctx.platform.logger },
      {
        async checkExpiries(now?: Date) {
          runs.push(now ?? new Date());
          if (fail) throw new Error('database away');
          return { contractors: 0, notices: 0, mails: 0 };
        },
      },
    );
    expect(sent).toEqual([
      { name: 'contractors.expiry', singletonKey: 'contractors.expiry', startAfterSeconds: 120 },
    ]);
    await handler?.();
    fail = false;
    await handler?.();
    expect(runs).toHaveLength(2);
    expect(sent.slice(1)).toEqual([
      { name: 'contractors.expiry', singletonKey: 'contractors.expiry', startAfterSeconds: 86_400 },
      { name: 'contractors.expiry', singletonKey: 'contractors.expiry', startAfterSeconds: 86_400 },
    ]);
  });
});
