import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertContractor } from '../../../../tests/helpers/contractors';
import { latestMailTo as latestOutboxMail } from '../../../../tests/helpers/outbox';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { generatedJobIdPattern } from '../../../domain/projects/job-id';
import { installRequests, projects, users } from '../../platform/db/schema';

let ctx: TestContext;
let contractorId: string;
let pendingContractorId: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://rl.example' }, runWorkers: false });
  contractorId = await insertContractor(ctx.platform, {
    companyName: 'Lone Star Test Roofing',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
  });
  pendingContractorId = await insertContractor(ctx.platform, {
    companyName: 'Not Yet Verified',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
    verificationStatus: 'pending',
  });
});
afterAll(async () => {
  await ctx?.close();
});

const full = {
  firstName: 'Avery',
  lastName: 'Nguyen',
  email: 'Avery.Nguyen@Example.com',
  phone: '(469) 555-0142',
  address: '2210 Cedar Springs Rd',
  city: 'Dallas',
  state: 'Texas',
  zipCode: '75201',
  insuranceCompany: 'State Farm',
  claimNumber: 'CLM-55821',
  approvedAmount: 1_845_050,
  projectDescription: 'Hail damage on the south slope; two skylights leak.',
  urgency: 'expedited',
  preferredStartDate: '2030-05-04',
};

async function submit(payload: Record<string, unknown>, remoteAddress?: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/homeowner/install-request', payload, remoteAddress });
}

async function userByEmail(email: string) {
  const [u] = await ctx.platform.db.select().from(users).where(eq(users.email, email));
  return u;
}

const latestMailTo = (email: string) => latestOutboxMail(ctx.platform, email);

describe(`installation requests on ${testDbKind}`, () => {
  it('stores the request, creates a passwordless homeowner and a pending project, mails what happens next', async () => {
    const res = await submit({ ...full, preferredContractorId: contractorId }, '198.51.100.1');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe("We'll contact you within 24 hours...");
    expect(body.reference).toMatch(generatedJobIdPattern);

    const account = await userByEmail('avery.nguyen@example.com');
    expect(account).toMatchObject({
      userType: 'homeowner',
      passwordHash: null,
      firstName: 'Avery',
      lastName: 'Nguyen',
      phone: '(469) 555-0142',
      isVerified: false,
    });

    const [request] = await ctx.platform.db
      .select()
      .from(installRequests)
      .where(eq(installRequests.id, body.id));
    expect(request).toMatchObject({
      email: 'avery.nguyen@example.com',
      state: 'Texas',
      approvedAmount: 1_845_050,
      urgency: 'expedited',
      preferredStartDate: '2030-05-04',
      preferredContractorId: contractorId,
      userId: account?.id,
      projectId: body.projectId,
    });

    const [project] = await ctx.platform.db.select().from(projects).where(eq(projects.id, body.projectId));
    expect(project).toMatchObject({
      title: body.reference,
      status: 'pending',
      source: 'install_request',
      address: '2210 Cedar Springs Rd',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75201',
      estimatedCost: 1_845_050,
      homeownerId: account?.id,
      preferredContractorId: contractorId,
      priority: 'high',
      contractorId: null,
    });
    expect(project?.description).toContain('Expedited (1-2 weeks)');
    expect(project?.description).toContain('State Farm');
    expect(project?.description).toContain('CLM-55821');
    expect(project?.description).toContain('$18,450.50');
    expect(project?.description).toContain('Lone Star Test Roofing');
    expect(project?.description).toContain('two skylights leak');

    const mail = await latestMailTo('avery.nguyen@example.com');
    expect(mail?.subject).toContain(body.reference);
    expect(mail?.text).toContain('Within 24 hours');
    expect(mail?.text).toContain('Expedited (1-2 weeks)');
    expect(mail?.text).toContain('within 1-2 weeks');
    expect(mail?.text).toContain('Lone Star Test Roofing');
    expect(mail?.text).toContain('http://rl.example/register');
  });

  it('links a second request to the same account, whatever the case of the address', async () => {
    const res = await submit(
      { ...full, email: 'AVERY.NGUYEN@example.com', urgency: undefined, preferredStartDate: '' },
      '198.51.100.2',
    );
    expect(res.statusCode).toBe(201);
    const accounts = await ctx.platform.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = 'avery.nguyen@example.com'`);
    expect(accounts).toHaveLength(1);
    const [project] = await ctx.platform.db
      .select()
      .from(projects)
      .where(eq(projects.id, res.json().projectId));
    expect(project?.homeownerId).toBe(accounts[0]?.id);
    expect(project?.priority).toBe('normal');
    expect(project?.description).toContain('Standard (2-4 weeks)');
  });

  it('links a request to an existing account with a password and points the mail to sign-in', async () => {
    const { user } = await createUserWithSession(ctx.platform, { email: 'has.password@example.com' });
    const res = await submit(
      { ...full, email: 'has.password@example.com', urgency: 'emergency', approvedAmount: null },
      '198.51.100.3',
    );
    expect(res.statusCode).toBe(201);
    const [project] = await ctx.platform.db
      .select()
      .from(projects)
      .where(eq(projects.id, res.json().projectId));
    expect(project).toMatchObject({ homeownerId: user.id, priority: 'urgent', estimatedCost: null });
    const mail = await latestMailTo('has.password@example.com');
    expect(mail?.text).toContain('http://rl.example/login');
    expect(mail?.text).not.toContain('/register');
    expect(mail?.text).toContain('Emergency (ASAP)');
  });

  it('refuses missing required fields, a state outside the list and an unverified contractor; stores nothing', async () => {
    const before = (await ctx.platform.db.select().from(installRequests)).length;
    const empty = await submit({}, '198.51.100.4');
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors).sort()).toEqual(
      ['address', 'city', 'email', 'firstName', 'lastName', 'phone', 'state', 'zipCode'].sort(),
    );
    const badState = await submit({ ...full, state: 'TX', zipCode: '7520' }, '198.51.100.4');
    expect(badState.statusCode).toBe(400);
    expect(badState.json().fieldErrors).toMatchObject({
      state: ['Please choose a state'],
      zipCode: ['Please enter a 5-digit ZIP code'],
    });
    const badUrgency = await submit({ ...full, urgency: 'tomorrow' }, '198.51.100.4');
    expect(badUrgency.statusCode).toBe(400);
    const unverified = await submit({ ...full, preferredContractorId: pendingContractorId }, '198.51.100.4');
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().fieldErrors.preferredContractorId).toEqual([
      'This contractor could not be found',
    ]);
    expect(await ctx.platform.db.select().from(installRequests)).toHaveLength(before);
  });

  it('lists requests with their projects to admins only', async () => {
    const admin = await createUserWithSession(ctx.platform, {
      email: 'ops@ridgeline.test',
      userType: 'admin',
    });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'someone@example.com' });
    const url = '/api/admin/install-requests';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url, headers: { cookie: homeowner.cookie } })).statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    const { items, total } = res.json();
    expect(total).toBe(3);
    expect(items[0].email).toBe('has.password@example.com');
    const first = items[2];
    expect(first).toMatchObject({
      email: 'avery.nguyen@example.com',
      projectStatus: 'pending',
      preferredContractorName: 'Lone Star Test Roofing',
      urgency: 'expedited',
    });
    expect(first.projectTitle).toMatch(/^SWRX-/);
    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `${url}?email=HAS.PASSWORD@example.com`,
      headers: { cookie: admin.cookie },
    });
    expect(filtered.json().items).toHaveLength(1);
  });

  it('an admin turns a request whose project is gone into a new pending project, once', async () => {
    const admin = await createUserWithSession(ctx.platform, {
      email: 'desk@ridgeline.test',
      userType: 'admin',
    });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'not.admin@example.com' });
    const res = await submit({ ...full, email: 'lost.project@example.com' }, '198.51.100.9');
    expect(res.statusCode).toBe(201);
    const { id, projectId: first } = res.json();
    await ctx.platform.db.delete(projects).where(eq(projects.id, first));
    const url = `/api/admin/install-requests/${id}/project`;
    const post = (cookie?: string, target = url) =>
      ctx.app.inject({ method: 'POST', url: target, headers: cookie ? { cookie } : {} });

    expect((await post()).statusCode).toBe(401);
    expect((await post(homeowner.cookie)).statusCode).toBe(403);
    const made = await post(admin.cookie);
    expect(made.statusCode, made.body).toBe(201);
    const { projectId, reference } = made.json();
    expect(reference).toMatch(generatedJobIdPattern);
    const [request] = await ctx.platform.db.select().from(installRequests).where(eq(installRequests.id, id));
    expect(request?.projectId).toBe(projectId);
    const [project] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({
      status: 'pending',
      source: 'install_request',
      address: full.address,
      estimatedCost: 1_845_050,
      homeownerId: request?.userId,
      priority: 'high',
    });
    expect(project?.description).toContain('State Farm');

    const again = await post(admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This request already has its project.');
    expect((await post(admin.cookie, '/api/admin/install-requests/not-a-uuid/project')).statusCode).toBe(404);
    expect(
      (await post(admin.cookie, '/api/admin/install-requests/5b1d3f0e-8a4c-4c39-9d7e-2f6a1b0c9e11/project'))
        .statusCode,
    ).toBe(404);
  });
});
