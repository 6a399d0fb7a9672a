import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, login } from '../../../../tests/helpers/auth';
import {
  applicationBody,
  bankingBody,
  type Caller,
  call,
  EXPIRES,
  insuranceBody,
  licensesBody,
  register,
  SECRETS,
  taxBody,
} from '../../../../tests/helpers/onboarding';
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { contractorProfileDetailSchema } from '../../../domain/contractors/credentials';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import { contractorProfileMessages } from '../../../domain/contractors/profile';
import { auditLog, contractorLicenses, contractorProfiles, users } from '../../platform/db/schema';
import { contractorServiceMessages } from './contractors.service';

/**
 * Issue 11 items 1-3 and 6: a new user applies, completes the profile wizard (password, licences,
 * insurance) and the payment wizard (banking, tax) through the real API; every call refuses bad
 * input with the spec's message on its field, and the statuses move forward only.
 */

let ctx: TestContext;
let applicant: Caller;
let contractorId: string;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  applicant = await register(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
});

const post = (who: { cookie: string } | null, url: string, body: unknown) =>
  call(ctx.app, who, 'POST', url, body);
const profileOf = async (who: { cookie: string }) => {
  const res = await call(ctx.app, who, 'GET', '/api/contractor/profile');
  expect(res.statusCode, res.body).toBe(200);
  return contractorProfileDetailSchema.parse(res.json());
};

describe(`contractor application on ${testDbKind}`, () => {
  it('needs a signed-in user', async () => {
    const res = await post(null, '/api/contractor-application', applicationBody());
    expect(res.statusCode).toBe(401);
  });

  it("refuses bad input with the spec's messages on their fields", async () => {
    const res = await post(applicant, '/api/contractor-application', {
      companyName: 'A',
      contactName: 'B',
      contactEmail: 'not-an-email',
      contactPhone: '555',
      workingStates: [],
      travelDistance: -1,
      businessAddress: '12',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      companyName: [onboardingMessages.companyName],
      contactName: [onboardingMessages.contactName],
      contactEmail: [onboardingMessages.contactEmail],
      contactPhone: [onboardingMessages.contactPhone],
      workingStates: [onboardingMessages.workingStates],
      travelDistance: [onboardingMessages.travelDistance],
      businessAddress: [onboardingMessages.businessAddress],
    });
    const profiles = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.userId, applicant.userId));
    expect(profiles).toHaveLength(0);
  });

  it('has no profile before applying (404 with the message)', async () => {
    const res = await call(ctx.app, applicant, 'GET', '/api/contractor/profile');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: contractorProfileMessages.notFound });
    const step = await post(applicant, '/api/contractor/setup-password', {
      password: 'whatever-12',
      confirmPassword: 'whatever-12',
    });
    expect(step.statusCode).toBe(404);
    expect(step.json().message).toBe(onboardingMessages.noProfile);
  });

  it('creates the profile (pending) and makes the account a contractor', async () => {
    const res = await post(applicant, '/api/contractor-application', applicationBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      redirectTo: '/contractor-profile-setup',
      message: onboardingMessages.applied,
      created: true,
    });
    contractorId = body.contractorId;
    const me = await call(ctx.app, applicant, 'GET', '/api/auth/user');
    expect(me.json().userType).toBe('contractor');

    const profile = await profileOf(applicant);
    expect(profile).toMatchObject({
      id: contractorId,
      userId: applicant.userId,
      companyName: 'Summit Ridge Roofing',
      contactEmail: 'office@summitridge.example',
      workingStates: ['Texas', 'Oklahoma'],
      // travel distance applies only with exactly one working state
      travelDistance: 50,
      businessAddress: '1201 Elm St, Dallas, TX 75270',
      website: 'summitridge.example',
      verificationStatus: 'pending',
      // the password chosen when registering: the wizard's Set Password step is done already
      profileCompletionStatus: 'password_set',
      paymentSetupCompleted: false,
      licenses: [],
      insurance: null,
      banking: null,
      tax: null,
      documents: [],
      warnings: [],
      availableForMatches: false,
      user: { email: applicant.email, firstName: 'Jordan', lastName: 'Avery' },
    });
    const [audit] = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'contractor.applied' and ${auditLog.entityId} = ${contractorId}`);
    expect(audit?.actorId).toBe(applicant.userId);
  });

  it('an account without a password (created to claim later) starts the wizard at Set Password', async () => {
    const [user] = await ctx.platform.db
      .insert(users)
      .values({ email: 'no-password@example.test', userType: 'homeowner', isVerified: true })
      .returning();
    if (!user) throw new Error('user insert failed');
    const session = await ctx.platform.sessions.create(user.id);
    const res = await post(
      { cookie: `rl_session=${session.token}` },
      '/api/contractor-application',
      applicationBody(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.platform.db
      .select({ status: contractorProfiles.profileCompletionStatus })
      .from(contractorProfiles)
      .where(eq(contractorProfiles.userId, user.id));
    expect(row?.status).toBe('application_submitted');
  });

  it('applying again answers the same profile, never a second one', async () => {
    const res = await post(
      applicant,
      '/api/contractor-application',
      applicationBody({ companyName: 'Other Name' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      contractorId,
      created: false,
      message: onboardingMessages.alreadyApplied,
      redirectTo: '/contractor-profile-setup',
    });
    const rows = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.userId, applicant.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.companyName).toBe('Summit Ridge Roofing');
  });

  it('two concurrent applications of one user make one profile', async () => {
    const someone = await register(ctx.app, 'racer');
    const answers = await Promise.all(
      [1, 2, 3].map(() => post(someone, '/api/contractor-application', applicationBody())),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json().contractorId)).size).toBe(1);
    const rows = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.userId, someone.userId));
    expect(rows).toHaveLength(1);
  });

  it('an admin may not apply (403), whatever the body', async () => {
    const admin = await createUserWithSession(ctx.platform, {
      email: 'boss@ridgeline.test',
      userType: 'admin',
    });
    for (const body of [applicationBody(), {}]) {
      const res = await post(admin, '/api/contractor-application', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(contractorServiceMessages.adminCannotApply);
    }
  });
});

describe(`profile wizard on ${testDbKind}`, () => {
  it('step 1 refuses short and mismatched passwords on their fields', async () => {
    const short = await post(applicant, '/api/contractor/setup-password', {
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors).toMatchObject({
      password: [onboardingMessages.password],
      confirmPassword: [onboardingMessages.confirmPassword],
    });
    const mismatch = await post(applicant, '/api/contractor/setup-password', {
      password: 'long-enough-1',
      confirmPassword: 'long-enough-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({ confirmPassword: [onboardingMessages.passwordsDontMatch] });
  });

  it('step 1 sets the password: the new one signs in, other sessions end, this one stays', async () => {
    const other = await login(ctx.app, applicant.email, 'first-password-1');
    expect(other.statusCode).toBe(200);
    const otherCookie = `rl_session=${other.cookies.find((c) => c.name === 'rl_session')?.value}`;

    const res = await post(applicant, '/api/contractor/setup-password', {
      password: 'new-password-22',
      confirmPassword: 'new-password-22',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: onboardingMessages.passwordSet,
      profileCompletionStatus: 'password_set',
      verificationStatus: 'pending',
      paymentSetupCompleted: false,
    });
    expect((await call(ctx.app, applicant, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect((await call(ctx.app, { cookie: otherCookie }, 'GET', '/api/auth/user')).statusCode).toBe(401);
    expect((await login(ctx.app, applicant.email, 'first-password-1')).statusCode).toBe(401);
    expect((await login(ctx.app, applicant.email, 'new-password-22')).statusCode).toBe(200);
    const [user] = await ctx.platform.db.select().from(users).where(eq(users.id, applicant.userId));
    expect(user?.passwordHash).not.toContain('new-password-22');
  });

  it('insurance before licences is refused with a clear message', async () => {
    const res = await post(applicant, '/api/contractor/setup-insurance', insuranceBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(contractorServiceMessages.licensesFirst);
  });

  it('step 2 needs an entry for every working state and none for others', async () => {
    const missing = await post(applicant, '/api/contractor/setup-licenses', {
      Texas: { state: 'Texas', noLicenseRequired: true },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({
      Oklahoma: ['Please add the licence information for Oklahoma'],
    });

    const extra = await post(applicant, '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Kansas: { state: 'Kansas', licenseNumber: 'KS-1' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fieldErrors).toEqual({ Kansas: [onboardingMessages.licenseNotWorkingState] });

    const noNumber = await post(applicant, '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: '' },
    });
    expect(noNumber.statusCode).toBe(400);
    expect(noNumber.json().fieldErrors).toEqual({
      'Oklahoma.licenseNumber': [onboardingMessages.licenseNumber],
    });

    const badDate = await post(applicant, '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: '1', expirationDate: '2027-02-30' },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().fieldErrors).toEqual({ 'Oklahoma.expirationDate': [onboardingMessages.date] });

    const unknownDoc = await post(applicant, '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: '1', licenseDocumentId: crypto.randomUUID() },
    });
    expect(unknownDoc.statusCode).toBe(400);
    expect(unknownDoc.json().fieldErrors).toEqual({
      'Oklahoma.licenseDocumentId': [onboardingMessages.documentNotFound],
    });
    expect(await ctx.platform.db.select().from(contractorLicenses)).toHaveLength(0);
  });

  it('step 2 stores one licence per state and replaces them when sent again', async () => {
    const first = await post(applicant, '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Texas: { state: 'Texas', licenseNumber: 'TX-OLD', expirationDate: '2026-12-31' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await post(applicant, '/api/contractor/setup-licenses', licensesBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: onboardingMessages.licensesSaved,
      profileCompletionStatus: 'licenses_set',
    });
    const profile = await profileOf(applicant);
    expect(profile.licenses).toEqual([
      {
        state: 'Texas',
        licenseNumber: null,
        noLicenseRequired: true,
        licenseType: null,
        expirationDate: null,
        licenseDocument: null,
        licenseDocumentId: null,
      },
      {
        state: 'Oklahoma',
        licenseNumber: '80009911',
        noLicenseRequired: false,
        licenseType: 'Roofing Contractor Registration',
        expirationDate: EXPIRES.license,
        licenseDocument: 'ok-registration.pdf',
        licenseDocumentId: null,
      },
    ]);
  });

  it("step 3 refuses missing policy fields with the spec's messages", async () => {
    const res = await post(applicant, '/api/contractor/setup-insurance', {
      generalLiability: { carrier: '', policyNumber: '', expirationDate: '', coverageAmount: '' },
      workersCompensation: { notRequired: false },
      bonding: { notRequired: false },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      'generalLiability.carrier': [onboardingMessages.carrier],
      'generalLiability.policyNumber': [onboardingMessages.policyNumber],
      'generalLiability.expirationDate': [onboardingMessages.expirationDate],
      'generalLiability.coverageAmount': [onboardingMessages.coverageAmount],
      'workersCompensation.carrier': [onboardingMessages.carrier],
      'workersCompensation.policyNumber': [onboardingMessages.policyNumber],
      'workersCompensation.expirationDate': [onboardingMessages.expirationDate],
      'bonding.carrier': [onboardingMessages.bondCarrier],
      'bonding.bondAmount': [onboardingMessages.bondAmount],
    });
  });

  it('step 3 completes the profile and sends it to verification', async () => {
    const res = await post(applicant, '/api/contractor/setup-insurance', insuranceBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: onboardingMessages.profileComplete,
      profileCompletionStatus: 'insurance_set',
      verificationStatus: 'pending_verification',
      paymentSetupCompleted: false,
      redirectTo: '/contractor-dashboard',
    });
    const profile = await profileOf(applicant);
    expect(profile.insurance).toEqual({
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: 'GL-1234567',
        expirationDate: EXPIRES.generalLiability,
        coverageAmount: 2_000_000,
        document: 'gl-coi.pdf',
        documentId: null,
      },
      workersCompensation: {
        notRequired: false,
        carrier: 'Texas Mutual Insurance',
        policyNumber: 'WC-7654321',
        expirationDate: EXPIRES.workersCompensation,
        document: 'wc-coi.pdf',
        documentId: null,
      },
      bonding: { notRequired: true },
    });
    expect(profile.availableForMatches).toBe(true);
    const actions = (
      await ctx.platform.db.select().from(auditLog).where(eq(auditLog.entityId, contractorId))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'contractor.applied',
        'contractor.password_set',
        'contractor.licenses_set',
        'contractor.insurance_set',
      ]),
    );
  });

  it('an earlier step sent again never moves the status backwards', async () => {
    const res = await post(applicant, '/api/contractor/setup-password', {
      password: 'new-password-22',
      confirmPassword: 'new-password-22',
    });
    expect(res.json()).toMatchObject({
      profileCompletionStatus: 'insurance_set',
      verificationStatus: 'pending_verification',
    });
    const again = await post(applicant, '/api/contractor-application', applicationBody());
    expect(again.json()).toMatchObject({ created: false, redirectTo: '/contractor-dashboard' });
  });
});

describe(`payment wizard on ${testDbKind}`, () => {
  it('tax before banking is refused with a clear message', async () => {
    const res = await post(applicant, '/api/contractor/tax-info', taxBody());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(contractorServiceMessages.bankingFirst);
  });

  it("banking refuses bad input with the spec's messages, and checks the ABA checksum", async () => {
    const empty = await post(applicant, '/api/contractor/banking', {
      bankName: '',
      routingNumber: '1234',
      accountNumber: '12',
      confirmAccountNumber: '1',
      accountType: 'brokerage',
      accountHolderName: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      bankName: [onboardingMessages.bankName],
      routingNumber: [onboardingMessages.routingNumber],
      accountNumber: [onboardingMessages.accountNumber],
      confirmAccountNumber: [onboardingMessages.confirmAccountNumber],
      accountType: [onboardingMessages.accountType],
      accountHolderName: [onboardingMessages.accountHolderName],
    });
    const checksum = await post(
      applicant,
      '/api/contractor/banking',
      bankingBody({ routingNumber: '111000615' }),
    );
    expect(checksum.statusCode).toBe(400);
    expect(checksum.json().fieldErrors).toEqual({ routingNumber: [onboardingMessages.routingChecksum] });
    const mismatch = await post(
      applicant,
      '/api/contractor/banking',
      bankingBody({ confirmAccountNumber: '739104482217' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fieldErrors).toEqual({
      confirmAccountNumber: [onboardingMessages.accountNumbersDontMatch],
    });
  });

  it('banking is saved with the last four digits shown', async () => {
    const res = await post(applicant, '/api/contractor/banking', bankingBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: onboardingMessages.bankingSaved,
      paymentSetupCompleted: false,
      redirectTo: '/contractor-banking-setup?step=2',
    });
    const profile = await profileOf(applicant);
    expect(profile.banking).toEqual({
      bankName: 'JPMorgan Chase Bank',
      accountType: 'checking',
      accountHolderName: 'Summit Ridge Roofing LLC',
      routingNumberLast4: '0614',
      accountNumberLast4: '2216',
    });
  });

  it("tax refuses bad input with the spec's messages (EIN or SSN on the ein field)", async () => {
    const res = await post(applicant, '/api/contractor/tax-info', {
      businessName: '',
      businessType: 'trust',
      businessAddress: '',
      businessCity: '',
      businessState: 'Texas',
      businessZip: '123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      businessName: [onboardingMessages.businessName],
      businessType: [onboardingMessages.businessType],
      businessAddress: [onboardingMessages.businessAddress],
      businessCity: [onboardingMessages.businessCity],
      businessState: [onboardingMessages.businessStateLength],
      businessZip: [onboardingMessages.businessZip],
    });
    // the either-or rule is checked once the fields themselves are right
    const neither = await post(applicant, '/api/contractor/tax-info', taxBody({ ein: '', ssn: undefined }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().fieldErrors).toEqual({ ein: [onboardingMessages.einOrSsn] });
  });

  it('tax completes the payment set-up', async () => {
    const res = await post(applicant, '/api/contractor/tax-info', taxBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: onboardingMessages.setupComplete,
      paymentSetupCompleted: true,
      redirectTo: '/contractor-dashboard',
    });
    const profile = await profileOf(applicant);
    expect(profile.paymentSetupCompleted).toBe(true);
    expect(profile.tax).toEqual({
      businessName: 'Summit Ridge Roofing LLC',
      businessType: 'llc',
      businessAddress: '1201 Elm St',
      businessCity: 'Dallas',
      businessState: 'TX',
      businessZip: '75270',
      einLast4: '8720',
      ssnLast4: '7893',
      w9Document: null,
    });
    const [row] = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, contractorId));
    expect(row).toMatchObject({ businessCity: 'Dallas', businessState: 'TX', businessZip: '75270' });
  });

  it('the secrets are not in plain text in the database, only their last four digits', async () => {
    const { rows: banking } = await ctx.platform.database.sql.query<Record<string, unknown>>(
      `SELECT * FROM contractor_banking WHERE contractor_id = '${contractorId}'`,
    );
    const { rows: tax } = await ctx.platform.database.sql.query<Record<string, unknown>>(
      `SELECT * FROM contractor_tax_info WHERE contractor_id = '${contractorId}'`,
    );
    expect(banking).toHaveLength(1);
    expect(tax).toHaveLength(1);
    const bankingText = JSON.stringify(banking[0]);
    const taxText = JSON.stringify(tax[0]);
    expect(bankingText).not.toContain(SECRETS.routingNumber);
    expect(bankingText).not.toContain(SECRETS.accountNumber);
    expect(taxText).not.toContain(SECRETS.ein);
    expect(taxText).not.toContain('46-3318720');
    expect(taxText).not.toContain(SECRETS.ssn);
    expect(taxText).not.toContain('521-44-7893');
    expect(banking[0]).toMatchObject({ routing_number_last4: '0614', account_number_last4: '2216' });
    expect(tax[0]).toMatchObject({ ein_last4: '8720', ssn_last4: '7893' });
    expect(String(banking[0]?.account_number_encrypted)).toMatch(/^v1\./);
  });
});

describe(`who may call the wizards on ${testDbKind}`, () => {
  it('a homeowner without a profile gets 404 for every step, whatever the body', async () => {
    const homeowner = await createUserWithSession(ctx.platform, { email: 'just.a.homeowner@example.com' });
    for (const url of [
      '/api/contractor/setup-password',
      '/api/contractor/setup-licenses',
      '/api/contractor/setup-insurance',
      '/api/contractor/banking',
      '/api/contractor/tax-info',
    ]) {
      for (const body of [{}, { x: 1 }]) {
        const res = await post(homeowner, url, body);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().message).toBe(onboardingMessages.noProfile);
      }
    }
  });

  it('signed out, every step answers 401', async () => {
    for (const url of [
      '/api/contractor/setup-password',
      '/api/contractor/banking',
      '/api/contractor/tax-info',
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url, payload: {}, remoteAddress: nextClientIp() });
      expect(res.statusCode).toBe(401);
    }
  });
});
