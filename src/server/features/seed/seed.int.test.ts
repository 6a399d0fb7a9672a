import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { contractorShareCents } from '../../../domain/projects/workflow';
import { verifyPassword } from '../../platform/auth/passwords';
import { decryptSecret } from '../../platform/crypto';
import {
  contactMessages,
  contractorBanking,
  contractorLicenses,
  contractorProfiles,
  contractorTaxInfo,
  discountCodes,
  installRequests,
  messages,
  payoutLedger,
  payouts,
  projects,
  users,
} from '../../platform/db/schema';
import { createServices } from '../../services';
import { contractorRatingSql, reviewCountSql } from '../reviews';
import {
  DEMO_CONTRACTOR_EMAIL,
  DEMO_HOMEOWNER_EMAIL,
  DEMO_PASSWORD,
  DEMO_PENDING_CONTRACTOR_EMAIL,
  demoContractors,
} from './demo-data';

type Project = typeof projects.$inferSelect;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  expect(await createServices(ctx.platform).seed.seedDemoDataIfEmpty()).toBe(true);
});

afterAll(async () => {
  await ctx?.close();
});

async function userByEmail(email: string) {
  const [user] = await ctx.platform.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  return user;
}

async function profileOf(userId: string) {
  const [profile] = await ctx.platform.db
    .select()
    .from(contractorProfiles)
    .where(eq(contractorProfiles.userId, userId));
  if (!profile) throw new Error(`no contractor profile for ${userId}`);
  return profile;
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = {
    users,
    contractorProfiles,
    contractorLicenses,
    contractorBanking,
    contractorTaxInfo,
    discountCodes,
    projects,
    messages,
    installRequests,
    contactMessages,
    payoutLedger,
    payouts,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await ctx.platform.db.select({ n: count() }).from(table);
    result[name] = Number(row?.n ?? 0);
  }
  return result;
}

describe('demo accounts', () => {
  it('has the four accounts of the contract, verified, with the shared password', async () => {
    const expected = [
      [`admin@${ctx.config.adminEmailDomain}`, 'admin'],
      [DEMO_CONTRACTOR_EMAIL, 'contractor'],
      [DEMO_PENDING_CONTRACTOR_EMAIL, 'contractor'],
      [DEMO_HOMEOWNER_EMAIL, 'homeowner'],
    ] as const;
    expect(ctx.config.adminEmailDomain).toBe('ridgeline.test');
    for (const [email, userType] of expected) {
      const user = await userByEmail(email);
      expect(user.userType).toBe(userType);
      expect(user.isVerified).toBe(true);
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
      expect(await verifyPassword(user.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(user.passwordHash ?? '', 'wrong-password')).toBe(false);
    }
  });

  it('gives the demo contractor a complete, verified, available profile with licences, insurance and payment set-up', async () => {
    const user = await userByEmail(DEMO_CONTRACTOR_EMAIL);
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({
      verificationStatus: 'verified',
      isAvailable: true,
      profileCompletionStatus: 'insurance_set',
      paymentSetupCompleted: true,
      businessZip: '75201',
    });
    expect(profile.verifiedAt).toBeInstanceOf(Date);
    const licenses = await ctx.platform.db
      .select()
      .from(contractorLicenses)
      .where(eq(contractorLicenses.contractorId, profile.id));
    expect(licenses.map((l) => l.state).sort()).toEqual([...profile.workingStates].sort());
    for (const l of licenses) expect(l.noLicenseRequired || Boolean(l.licenseNumber)).toBe(true);
    const insurance = profile.insuranceData as Record<string, Record<string, unknown>>;
    expect(insurance.generalLiability).toMatchObject({
      carrier: expect.any(String),
      policyNumber: expect.any(String),
      coverageAmount: expect.any(Number),
      expirationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(insurance.workersCompensation).toBeDefined();
    expect(insurance.bonding).toBeDefined();
  });

  it('keeps the pending contractor at application submitted, unverified, without banking', async () => {
    const user = await userByEmail(DEMO_PENDING_CONTRACTOR_EMAIL);
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({
      verificationStatus: 'pending',
      profileCompletionStatus: 'application_submitted',
      paymentSetupCompleted: false,
      verifiedAt: null,
    });
    const banking = await ctx.platform.db
      .select()
      .from(contractorBanking)
      .where(eq(contractorBanking.contractorId, profile.id));
    expect(banking).toEqual([]);
  });

  it('gives the demo contractor projects in matched, in_progress and completed', async () => {
    const profile = await profileOf((await userByEmail(DEMO_CONTRACTOR_EMAIL)).id);
    const own = await ctx.platform.db.select().from(projects).where(eq(projects.contractorId, profile.id));
    const statuses = new Set(own.map((p) => p.status));
    for (const s of ['matched', 'in_progress', 'completed'] as const) expect(statuses).toContain(s);
  });

  it('gives the demo homeowner projects in pending, matched, in_progress and completed, with messages both ways', async () => {
    const homeowner = await userByEmail(DEMO_HOMEOWNER_EMAIL);
    const contractorUser = await userByEmail(DEMO_CONTRACTOR_EMAIL);
    const contractor = await profileOf(contractorUser.id);
    const own = await ctx.platform.db.select().from(projects).where(eq(projects.homeownerId, homeowner.id));
    const statuses = new Set(own.map((p) => p.status));
    for (const s of ['pending', 'matched', 'in_progress', 'completed'] as const)
      expect(statuses).toContain(s);
    for (const p of own.filter((p) => p.status !== 'pending')) expect(p.contractorId).toBe(contractor.id);

    const conversation = await ctx.platform.db
      .select()
      .from(messages)
      .where(
        inArray(
          messages.projectId,
          own.map((p) => p.id),
        ),
      );
    const sent = conversation.filter(
      (m) => m.senderId === homeowner.id && m.receiverId === contractorUser.id,
    );
    const received = conversation.filter(
      (m) => m.senderId === contractorUser.id && m.receiverId === homeowner.id,
    );
    expect(sent.length).toBeGreaterThan(0);
    expect(received.length).toBeGreaterThan(0);
    expect(sent.length + received.length).toBe(conversation.length);
    expect(received.some((m) => !m.isRead)).toBe(true);
    expect(sent.some((m) => !m.isRead)).toBe(true);
    for (const m of conversation) {
      expect(m.messageType).toBe('text');
      expect(m.isRead).toBe(m.readAt !== null);
      const project = own.find((p) => p.id === m.projectId) as Project;
      expect(['matched', 'in_progress', 'completed']).toContain(project.status);
    }
  });
});

describe('contractor network', () => {
  it('has at least 12 verified contractors over several states and every specialty, one in 75201', async () => {
    const verified = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.verificationStatus, 'verified'));
    expect(verified.length).toBeGreaterThanOrEqual(12);
    expect(new Set(verified.map((c) => c.businessState)).size).toBeGreaterThanOrEqual(8);
    expect(verified.filter((c) => c.businessZip === '75201').length).toBeGreaterThanOrEqual(2);
    const specialties = new Set(verified.flatMap((c) => c.specialties));
    for (const s of ['Residential', 'Commercial', 'Insurance', 'Solar', 'Emergency', 'Repair']) {
      expect(specialties).toContain(s);
    }
    expect(verified.some((c) => !c.isAvailable)).toBe(true);
    // every verified contractor's rating comes from its demo reviews (issue 25 #9)
    const ratings = await ctx.platform.db
      .select({
        id: contractorProfiles.id,
        rating: contractorRatingSql('"contractor_profiles"'),
        reviewCount: reviewCountSql('"contractor_profiles"'),
      })
      .from(contractorProfiles)
      .where(eq(contractorProfiles.verificationStatus, 'verified'));
    for (const c of verified) {
      const rated = ratings.find((r) => r.id === c.id);
      expect(rated?.reviewCount).toBeGreaterThanOrEqual(2);
      expect(rated?.rating).toBeGreaterThanOrEqual(3.8);
      expect(rated?.rating).toBeLessThanOrEqual(5);
      expect(c.yearsExperience).toBeGreaterThanOrEqual(3);
      expect(c.businessZip).toMatch(/^\d{5}$/);
      expect(c.contactPhone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(c.workingStates.length).toBeGreaterThan(0);
      for (const state of c.workingStates) expect(state.length).toBeGreaterThan(2);
    }
    const contractorUsers = await ctx.platform.db
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          verified.map((c) => c.userId),
        ),
      );
    for (const u of contractorUsers) {
      expect(u.userType).toBe('contractor');
      expect(u.email.endsWith('.test')).toBe(true);
      expect(u.city).toBeTruthy();
      expect(u.state).toMatch(/^[A-Z]{2}$/);
    }
  });

  it('has one rejected applicant with notes', async () => {
    const rejected = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.verificationStatus, 'rejected'));
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.verificationNotes).toBeTruthy();
  });

  it('stores bank and tax secrets encrypted, with the last four digits in clear', async () => {
    const key = ctx.config.encryptionKey;
    const banking = await ctx.platform.db.select().from(contractorBanking);
    const taxes = await ctx.platform.db.select().from(contractorTaxInfo);
    const withBanking = demoContractors.filter((c) => c.banking);
    expect(banking).toHaveLength(withBanking.length);
    expect(taxes).toHaveLength(demoContractors.filter((c) => c.taxInfo).length);
    const profiles = await ctx.platform.db.select().from(contractorProfiles);
    const emailOf = new Map<string, string>();
    for (const p of profiles) emailOf.set(p.id, p.contactEmail);
    for (const row of banking) {
      const demo = withBanking.find((c) => c.user.email === emailOf.get(row.contractorId));
      if (!demo?.banking) throw new Error('banking row of an unknown contractor');
      expect(row.routingNumberEncrypted).not.toContain(demo.banking.routingNumber);
      expect(row.accountNumberEncrypted).not.toContain(demo.banking.accountNumber);
      expect(decryptSecret(key, row.routingNumberEncrypted)).toBe(demo.banking.routingNumber);
      expect(decryptSecret(key, row.accountNumberEncrypted)).toBe(demo.banking.accountNumber);
      expect(row.routingNumberLast4).toBe(demo.banking.routingNumber.slice(-4));
      expect(row.accountNumberLast4).toBe(demo.banking.accountNumber.slice(-4));
      expect(profiles.find((p) => p.id === row.contractorId)?.paymentSetupCompleted).toBe(true);
    }
    for (const row of taxes) {
      const secret = row.einEncrypted ?? row.ssnEncrypted;
      expect(secret).toBeTruthy();
      const clear = decryptSecret(key, secret as string);
      expect(secret).not.toContain(clear);
      expect(clear.replace(/\D/g, '').slice(-4)).toBe(row.einLast4 ?? row.ssnLast4);
    }
  });
});

describe('discount codes', () => {
  it('has SAVE10, SAVE50 and VIP', async () => {
    const codes = await ctx.platform.db.select().from(discountCodes);
    const byCode = new Map(codes.map((c) => [c.code, c]));
    expect(byCode.get('SAVE10')).toMatchObject({ type: 'percent', value: 10, isActive: true });
    expect(byCode.get('SAVE50')).toMatchObject({ type: 'amount', value: 5000, isActive: true });
    expect(byCode.get('VIP')).toMatchObject({ type: 'free', isActive: true });
  });
});

describe('projects', () => {
  let all: Project[];
  beforeAll(async () => {
    all = await ctx.platform.db.select().from(projects);
  });

  it('covers every status, with SWRX job ids and money in cents', () => {
    const statuses = new Set(all.map((p) => p.status));
    for (const s of ['pending', 'matched', 'in_progress', 'completed', 'cancelled'] as const) {
      expect(statuses).toContain(s);
    }
    expect(all.filter((p) => p.status === 'pending').length).toBeGreaterThanOrEqual(3);
    for (const p of all) {
      expect(p.title).toMatch(/^SWRX-\d{4}-\d{4}$/);
      expect(Number.isInteger(p.estimatedCost)).toBe(true);
      expect(p.estimatedCost).toBeGreaterThan(100_000);
      expect(p.zipCode).toMatch(/^\d{5}$/);
      expect(p.homeownerId).toBeTruthy();
      expect(p.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('keeps the workflow consistent with the status', () => {
    for (const p of all) checkWorkflow(p);
  });
});

function noWorkflowProgress(p: Project): void {
  expect(p).toMatchObject({
    startDate: null,
    completionDate: null,
    finalCost: null,
    homeownerContactCompleted: false,
    homeownerContactDate: null,
    materialSelectionCompleted: false,
    materialSelectionDate: null,
    selectedMaterial: null,
    homeownerSignatureConfirmed: false,
    homeownerSignatureDate: null,
    permitStatus: 'application_needed',
    permitApplicationDate: null,
    permitIssuedDate: null,
    materialStatus: 'not_ordered',
    materialOrderedDate: null,
    materialDeliveryDate: null,
    materialDeliveredDate: null,
    crewScheduled: false,
    crewScheduledDate: null,
    installCompleted: false,
    installCompletedDate: null,
  });
}

/** Each done step has its date, each step not done has none, and dates follow the order of the steps. */
function stepsInOrder(p: Project): number {
  const pairs: [boolean, Date | null][] = [
    [p.homeownerContactCompleted, p.homeownerContactDate],
    [p.materialSelectionCompleted, p.materialSelectionDate],
    [p.homeownerSignatureConfirmed, p.homeownerSignatureDate],
    [p.permitStatus === 'applied' || p.permitStatus === 'issued', p.permitApplicationDate],
    [p.permitStatus === 'issued', p.permitIssuedDate],
    [p.materialStatus !== 'not_ordered', p.materialOrderedDate],
    [p.materialStatus === 'delivered', p.materialDeliveredDate],
    [p.crewScheduled, p.crewScheduledDate],
    [p.installCompleted, p.installCompletedDate],
  ];
  let last = p.startDate?.getTime() ?? 0;
  for (const [done, date] of pairs) {
    expect(done, `${p.title}: a step's date is set exactly when it is done`).toBe(date !== null);
    if (date) {
      expect(date.getTime(), `${p.title}: steps in order`).toBeGreaterThanOrEqual(last);
      expect(date.getTime()).toBeLessThanOrEqual(Date.now());
      last = date.getTime();
    }
  }
  if (p.materialSelectionCompleted) expect(p.selectedMaterial).toBeTruthy();
  else expect(p.selectedMaterial).toBeNull();
  const progress = [
    p.homeownerContactCompleted,
    p.materialSelectionCompleted,
    p.permitStatus === 'issued' || p.permitStatus === 'not_required',
    p.materialStatus === 'delivered',
    p.crewScheduled,
    p.installCompleted,
  ];
  return progress.filter(Boolean).length;
}

function checkWorkflow(p: Project): void {
  switch (p.status) {
    case 'pending':
    case 'cancelled':
      expect(p.contractorId, p.title).toBeNull();
      expect(p.contractorPaymentAmount, p.title).toBeNull();
      noWorkflowProgress(p);
      break;
    case 'matched':
      expect(p.contractorId, p.title).toBeTruthy();
      expect(p.contractorPaymentAmount).toBe(contractorShareCents(p.estimatedCost as number));
      expect(p.contractorPaymentAmount).toBe(Math.round((p.estimatedCost as number) * 0.88));
      noWorkflowProgress(p);
      break;
    case 'in_progress': {
      expect(p.contractorId, p.title).toBeTruthy();
      expect(p.contractorPaymentAmount).toBe(Math.round((p.estimatedCost as number) * 0.88));
      expect(p.startDate, p.title).toBeInstanceOf(Date);
      expect(p.completionDate).toBeNull();
      expect(p.finalCost).toBeNull();
      expect(p.installCompleted).toBe(false);
      const done = stepsInOrder(p);
      expect(done, p.title).toBeGreaterThan(0);
      expect(done, p.title).toBeLessThan(6);
      break;
    }
    case 'completed':
      expect(p.contractorId, p.title).toBeTruthy();
      expect(p.contractorPaymentAmount).toBe(Math.round((p.estimatedCost as number) * 0.88));
      expect(p.startDate, p.title).toBeInstanceOf(Date);
      expect(stepsInOrder(p), p.title).toBe(6);
      expect(p.homeownerSignatureConfirmed).toBe(true);
      expect(p.installCompleted).toBe(true);
      expect(p.completionDate?.getTime()).toBe(p.installCompletedDate?.getTime());
      expect(p.finalCost, p.title).toBeGreaterThan(0);
      break;
  }
}

describe('idempotency', () => {
  it('changes nothing when run again', async () => {
    const before = await tableCounts();
    expect(before.users).toBeGreaterThan(20);
    // every completed demo job was paid in two parts, each with its payout (issue 25 #4)
    const completed = await ctx.platform.db
      .select({ n: count() })
      .from(projects)
      .where(eq(projects.status, 'completed'));
    expect(before.payoutLedger).toBe(2 * Number(completed[0]?.n));
    expect(before.payouts).toBe(before.payoutLedger);
    expect(await createServices(ctx.platform).seed.seedDemoDataIfEmpty()).toBe(false);
    await createServices(ctx.platform).seed.seedDemoData();
    await createServices(ctx.platform).seed.seedDemoData();
    expect(await tableCounts()).toEqual(before);
  });
});
