import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { generalLiabilityFor } from '../../../../tests/helpers/contractors';
import { latestMailTo } from '../../../../tests/helpers/outbox';
import { installRequestBody, nextClientIp } from '../../../../tests/helpers/public-posts';
import {
  nextEventMatching,
  openConnectedSocket,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { StoredInsurance } from '../../../domain/contractors/credentials';
import { contractorProfileMessages } from '../../../domain/contractors/profile';
import { generatedJobIdPattern } from '../../../domain/projects/job-id';
import { type Project, projectListSchema } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { suggestionListSchema } from '../../../domain/search/suggestions';
import { auditLog, contractorProfiles, projectFiles, projects, users } from '../../platform/db/schema';
import { createServices } from '../../services';
import { DEMO_CONTRACTOR_EMAIL, DEMO_HOMEOWNER_EMAIL, demoProjects } from '../seed/demo-data';
import { projectCreateMessages } from './project-create';
import { createProjectsService } from './projects.service';

interface Person {
  id: string;
  email: string;
  cookie: string;
}
interface ContractorPerson extends Person {
  profileId: string;
}

let ctx: TestContext;
let wsBase: string;
const sockets: TestSocket[] = [];
let admin: Person;
let homeowner: Person;
let homeowner2: Person;
let contractor: ContractorPerson;
let contractor2: ContractorPerson;
let unverified: ContractorPerson;
let unavailable: ContractorPerson;
let uninsured: ContractorPerson;
let lapsed: ContractorPerson;
let seq = 0;

async function person(email: string, userType: 'homeowner' | 'admin' | 'contractor' = 'homeowner') {
  const { user, cookie } = await createUserWithSession(ctx.platform, {
    email,
    userType,
    firstName: userType === 'homeowner' ? 'Jordan' : 'Casey',
  });
  return { id: user.id, email, cookie };
}

async function contractorPerson(
  email: string,
  over: {
    verificationStatus?: 'verified' | 'pending_verification';
    isAvailable?: boolean;
    insurance?: StoredInsurance | null;
  } = {},
): Promise<ContractorPerson> {
  const p = await person(email, 'contractor');
  const [profile] = await ctx.platform.db
    .insert(contractorProfiles)
    .values({
      userId: p.id,
      companyName: `${email.split('@')[0]} Roofing`,
      contactName: 'Casey User',
      contactEmail: email,
      contactPhone: '(214) 555-0101',
      businessAddress: '1 Main St, Dallas, TX 75201',
      workingStates: ['Texas'],
      verificationStatus: over.verificationStatus ?? 'verified',
      isAvailable: over.isAvailable ?? true,
      insuranceData: over.insurance === undefined ? generalLiabilityFor(365) : over.insurance,
      totalProjects: 31,
    })
    .returning({ id: contractorProfiles.id });
  return { ...p, profileId: profile?.id as string };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: { cookie: string }, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const put = (id: string, who: { cookie: string }, body: Record<string, unknown>) =>
  call('PUT', `/api/projects/${id}`, who, body);

/** A pending project of `homeowner`, made through the admin form. */
async function newProject(over: Record<string, unknown> = {}): Promise<Project> {
  const res = await call('POST', '/api/projects', admin, {
    title: `SWRX-TEST-${++seq}`,
    homeownerEmail: homeowner.email,
    address: `${100 + seq} Elm St`,
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost: 1_500_000,
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A project of `homeowner` assigned to `contractor` and accepted: its workflow can change. */
async function startedProject(): Promise<Project> {
  const p = await newProject();
  expect((await put(p.id, admin, { contractorId: contractor.profileId, status: 'matched' })).statusCode).toBe(
    200,
  );
  const accepted = await put(p.id, contractor, { status: 'in_progress' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json();
}

async function row(id: string) {
  const [r] = await ctx.platform.db.select().from(projects).where(eq(projects.id, id));
  if (!r) throw new Error(`no project ${id}`);
  return r;
}

async function auditActions(id: string) {
  const rows = await ctx.platform.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'project'), eq(auditLog.entityId, id)))
    .orderBy(asc(auditLog.id));
  return rows;
}

async function socketOf(who: { cookie: string }): Promise<TestSocket> {
  const s = await openConnectedSocket(wsBase, who.cookie);
  sockets.push(s);
  return s;
}

const eventOn = nextEventMatching;

const recent = (iso: string | null) => {
  expect(iso).not.toBeNull();
  expect(Math.abs(Date.now() - new Date(iso as string).getTime())).toBeLessThan(60_000);
};

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://rl.example' }, runWorkers: false });
  // the demo data first: its job numbers and titles are what later projects must never repeat
  expect(await createServices(ctx.platform).seed.seedDemoDataIfEmpty()).toBe(true);
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = address.replace(/^http/, 'ws');
  admin = await person('ops@ridgeline.test', 'admin');
  homeowner = await person('jordan.lee@example.com');
  homeowner2 = await person('someone.else@example.com');
  contractor = await contractorPerson('crew@lonestar.example');
  contractor2 = await contractorPerson('crew@other.example');
  unverified = await contractorPerson('new@unverified.example', {
    verificationStatus: 'pending_verification',
  });
  unavailable = await contractorPerson('busy@unavailable.example', { isAvailable: false });
  uninsured = await contractorPerson('none@uninsured.example', { insurance: null });
  lapsed = await contractorPerson('old@lapsed.example', { insurance: generalLiabilityFor(-1) });
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx?.close();
});

describe(`projects on ${testDbKind}: creating`, () => {
  it('an admin creates a pending project for a homeowner by e-mail, with the 88 % share, audited and announced', async () => {
    const adminSocket = await socketOf(admin);
    const ownerSocket = await socketOf(homeowner);
    const res = await call('POST', '/api/projects', admin, {
      title: 'SWRX-2026-9001',
      description: 'Hail damage, north slope.',
      homeownerEmail: 'Jordan.Lee@Example.com',
      homeownerName: 'Jordan Lee',
      address: '4410 Swiss Ave',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75204',
      roofArea: 2400,
      materialPreference: '30 YEAR LAMINATE SHINGLE',
      priority: 'high',
      estimatedCost: 1_845_050,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p: Project = res.json();
    expect(p).toMatchObject({
      title: 'SWRX-2026-9001',
      status: 'pending',
      priority: 'high',
      homeownerId: homeowner.id,
      contractorId: null,
      estimatedCost: 1_845_050,
      contractorPaymentAmount: 1_623_644,
      homeowner: { id: homeowner.id, email: homeowner.email },
      contractor: null,
      files: [],
    });
    expect((await row(p.id)).source).toBe('admin');
    expect(await eventOn(adminSocket, { type: 'project_created', projectId: p.id })).toBeTruthy();
    expect(await eventOn(ownerSocket, { type: 'project_created', projectId: p.id })).toBeTruthy();
    const [entry] = await auditActions(p.id);
    expect(entry).toMatchObject({ action: 'project.create', actorId: admin.id });
  });

  it('creates a claimable homeowner account for a new e-mail', async () => {
    const res = await call('POST', '/api/projects', admin, {
      title: 'SWRX-2026-9002',
      homeownerEmail: 'new.owner@example.com',
      homeownerName: 'Riley  Ann Brooks',
      homeownerPhone: '(972) 555-0199',
      address: '9 Oak Ln',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [account] = await ctx.platform.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.owner@example.com'));
    expect(account).toMatchObject({
      userType: 'homeowner',
      passwordHash: null,
      firstName: 'Riley',
      lastName: 'Ann Brooks',
      phone: '(972) 555-0199',
    });
    expect(res.json()).toMatchObject({ homeownerId: account?.id, contractorPaymentAmount: null });
  });

  it('refuses missing fields, a title already used and a non-homeowner e-mail; stores nothing', async () => {
    const before = (await ctx.platform.db.select({ id: projects.id }).from(projects)).length;
    const empty = await call('POST', '/api/projects', admin, { homeownerEmail: '', title: ' ', address: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({
      title: [projectMessages.createRequired],
      address: [projectMessages.createRequired],
    });
    expect(empty.json().fieldErrors.homeownerEmail).toBeDefined();
    const taken = await call('POST', '/api/projects', admin, {
      title: demoProjects[0]?.title,
      homeownerEmail: homeowner.email,
      address: '1 Elm St',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ title: [projectCreateMessages.titleTaken] });
    const notHomeowner = await call('POST', '/api/projects', admin, {
      title: 'SWRX-2026-9003',
      homeownerEmail: contractor.email,
      address: '1 Elm St',
    });
    expect(notHomeowner.statusCode).toBe(400);
    expect(notHomeowner.json().fieldErrors).toEqual({
      homeownerEmail: [projectCreateMessages.notHomeownerAccount],
    });
    expect(await ctx.platform.db.select({ id: projects.id }).from(projects)).toHaveLength(before);
  });

  it('only admins create', async () => {
    const body = { title: 'SWRX-2026-9004', homeownerEmail: homeowner.email, address: '1 Elm St' };
    expect((await call('POST', '/api/projects', homeowner, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/projects', contractor, body)).statusCode).toBe(403);
    expect((await call('POST', '/api/projects', undefined, body)).statusCode).toBe(401);
  });

  it("issue 21 #8: names projects with a random suffix, not a count of the platform's projects", async () => {
    const references: string[] = [];
    for (const who of ['numbering.one@example.com', 'numbering.two@example.com']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/homeowner/install-request',
        payload: installRequestBody(who),
        remoteAddress: nextClientIp(),
      });
      expect(res.statusCode, res.body).toBe(201);
      references.push(res.json().reference);
      expect((await row(res.json().projectId)).title).toBe(res.json().reference);
    }
    const year = new Date().getUTCFullYear();
    for (const reference of references) {
      expect(reference).toMatch(generatedJobIdPattern);
      expect(reference.startsWith(`SWRX-${year}-`)).toBe(true);
    }
    // two projects in a row: their names say nothing of how many came before or between
    const [a, b] = references.map((r) => r.slice(-5));
    expect(a).not.toBe(b);
    expect(Number.isNaN(Number(a)) || Number(b) - Number(a) !== 1).toBe(true);
    // the demo data's projects keep their numbered names
    const demo = await ctx.platform.db.select({ title: projects.title }).from(projects);
    expect(demo.map((r) => r.title)).toEqual(expect.arrayContaining(demoProjects.map((p) => p.title)));
  });

  it("draws the suffix again when it is taken (by another project or an admin's hand); titles are unique in the database", async () => {
    const year = new Date().getUTCFullYear();
    await newProject({ title: `SWRX-${year}-TAKEN` });
    const draws = ['TAKEN', 'TAKEN', 'FRESH'];
    const service = createProjectsService({
      db: ctx.platform.db,
      bus: ctx.platform.bus,
      mailer: ctx.platform.mailer,
      config: ctx.config,
      logger: ctx.platform.logger,
      readCache: ctx.platform.readCache,
      jobIdSuffix: () => draws.shift() ?? 'NEVER',
    });
    const created = await ctx.platform.db.transaction((tx) =>
      service.createFromInstallRequest(tx, { address: '5 Birch Rd', homeownerId: homeowner.id }),
    );
    expect(created.title).toBe(`SWRX-${year}-FRESH`);
    expect(draws).toEqual([]);
    // the database itself refuses a second project with a title
    await expect(
      ctx.platform.db.insert(projects).values({ title: `SWRX-${year}-FRESH`, address: '6 Birch Rd' }),
    ).rejects.toThrow();
    const titles = (await ctx.platform.db.select({ title: projects.title }).from(projects)).map(
      (r) => r.title,
    );
    expect(new Set(titles).size).toBe(titles.length);
  });
});

describe(`projects on ${testDbKind}: assigning`, () => {
  it('an admin assigns a verified, available contractor to a pending project: matched, announced, mailed, audited', async () => {
    const p = await newProject();
    const ownerSocket = await socketOf(homeowner);
    const crewSocket = await socketOf(contractor);
    const adminSocket = await socketOf(admin);
    const res = await put(p.id, admin, {
      contractorId: contractor.profileId,
      status: 'matched',
      updatedAt: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    const assigned: Project = res.json();
    expect(assigned).toMatchObject({
      status: 'matched',
      contractorId: contractor.profileId,
      contractor: { id: contractor.profileId, userId: contractor.id, companyName: 'crew Roofing' },
    });
    recent(assigned.updatedAt); // the body's updatedAt is ignored
    for (const s of [ownerSocket, crewSocket, adminSocket]) {
      expect(await eventOn(s, { type: 'project_updated', projectId: p.id })).toMatchObject({
        status: 'matched',
      });
    }
    expect(await eventOn(crewSocket, { type: 'project_assigned', projectId: p.id })).toMatchObject({
      contractorId: contractor.profileId,
    });
    const mail = await latestMailTo(ctx.platform, homeowner.email);
    expect(mail?.subject).toBe(`A contractor is assigned to your roofing project ${p.title}`);
    expect(mail?.text).toContain('crew Roofing');
    expect(mail?.text).toContain(`http://rl.example/customer-dashboard?project=${p.id}`);
    expect((await auditActions(p.id)).map((a) => a.action)).toEqual(['project.create', 'project.assign']);
  });

  it('refuses a contractor that is not verified, not available, uninsured (general liability missing or expired) or unknown, with the reason on contractorId', async () => {
    const p = await newProject();
    const cases = [
      [unverified.profileId, projectMessages.assignNotVerified],
      [unavailable.profileId, projectMessages.assignUnavailable],
      [uninsured.profileId, projectMessages.assignLiabilityLapsed],
      [lapsed.profileId, projectMessages.assignLiabilityLapsed],
      ['5b1d3f0e-8a4c-4c39-9d7e-2f6a1b0c9e11', projectMessages.contractorNotFound],
      ['not-a-uuid', projectMessages.contractorNotFound],
    ] as const;
    for (const [contractorId, message] of cases) {
      const res = await put(p.id, admin, { contractorId, status: 'matched' });
      expect(res.statusCode, contractorId).toBe(400);
      expect(res.json().fieldErrors).toEqual({ contractorId: [message] });
    }
    expect(await row(p.id)).toMatchObject({ status: 'pending', contractorId: null });
  });

  it('ranks verified, insured contractors for a project with their reasons, to admins only', async () => {
    const p = await newProject();
    const res = await call('GET', `/api/projects/${p.id}/contractor-suggestions`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const list = suggestionListSchema.parse(res.json());
    const ids = list.map((s) => s.contractorId);
    // only verified contractors with current general liability are offered
    for (const excluded of [unverified, uninsured, lapsed]) expect(ids).not.toContain(excluded.profileId);
    expect(ids).toContain(contractor.profileId);
    // best first; the best works in Texas within its range of the Dallas ZIP, and says so
    expect(list.map((s) => s.score)).toEqual([...list.map((s) => s.score)].sort((a, b) => b - a));
    const best = list[0];
    expect(best).toMatchObject({ worksInState: true, withinRange: true, isAvailable: true });
    expect(best?.reasons).toContain('Works in Texas');
    expect(best?.reasons.some((r) => /miles away \(travels up to \d+\)/.test(r))).toBe(true);
    // a contractor without a business ZIP is ranked, with the reason it cannot be placed
    const noZip = list.find((s) => s.contractorId === contractor.profileId);
    expect(noZip?.concerns).toContain('Distance unknown (ZIP code missing)');
    expect(noZip?.distanceMiles).toBeNull();

    expect((await call('GET', `/api/projects/${p.id}/contractor-suggestions`, homeowner)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/projects/${p.id}/contractor-suggestions`, homeowner2)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/projects/${p.id}/contractor-suggestions`)).statusCode).toBe(401);
  });

  it('refuses assignment by anyone but an admin, and of a project that is not pending', async () => {
    const p = await newProject();
    const body = { contractorId: contractor.profileId, status: 'matched' };
    expect((await put(p.id, homeowner, body)).statusCode).toBe(403);
    expect((await put(p.id, homeowner2, body)).statusCode).toBe(404);
    // a contractor cannot even open a project that is not theirs
    expect((await put(p.id, contractor, body)).statusCode).toBe(404);
    expect((await put(p.id, admin, body)).statusCode).toBe(200);
    const byContractor = await put(p.id, contractor, {
      contractorId: contractor2.profileId,
      status: 'matched',
    });
    expect(byContractor.statusCode).toBe(403);
    expect(byContractor.json().message).toBe(projectMessages.assignAdminOnly);
    const again = await put(p.id, admin, { contractorId: contractor2.profileId, status: 'matched' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(projectMessages.assignNotPending);
    expect(await row(p.id)).toMatchObject({ contractorId: contractor.profileId, status: 'matched' });
  });

  it("sets the contractor's share on assignment when the project has none", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/install-request',
      payload: installRequestBody('share.on.assign@example.com'),
      remoteAddress: nextClientIp(),
    });
    const id = res.json().projectId as string;
    expect((await row(id)).contractorPaymentAmount).toBeNull();
    expect((await put(id, admin, { contractorId: contractor.profileId })).statusCode).toBe(200);
    expect((await row(id)).contractorPaymentAmount).toBe(1_623_644);
  });
});

describe(`projects on ${testDbKind}: accepting`, () => {
  it('the assigned contractor accepts a matched project: in_progress with a start date, mailed; only once', async () => {
    const p = await newProject();
    await put(p.id, admin, { contractorId: contractor.profileId, status: 'matched' });
    const early = await put(p.id, contractor, { homeownerContactCompleted: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(projectMessages.workflowNotStarted);
    expect((await put(p.id, contractor2, { status: 'in_progress' })).statusCode).toBe(404);
    const byAdmin = await put(p.id, admin, { status: 'in_progress' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(projectMessages.acceptNotAssigned);
    expect((await put(p.id, homeowner, { status: 'in_progress' })).statusCode).toBe(403);

    const res = await put(p.id, contractor, { status: 'in_progress' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('in_progress');
    recent(res.json().startDate);
    const mail = await latestMailTo(ctx.platform, homeowner.email);
    expect(mail?.subject).toBe(`Work has started on your roofing project ${p.title}`);

    const twice = await put(p.id, contractor, { status: 'in_progress' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(projectMessages.acceptNotMatched);
    expect((await auditActions(p.id)).map((a) => a.action)).toEqual([
      'project.create',
      'project.assign',
      'project.accept',
    ]);
  });
});

describe(`projects on ${testDbKind}: the workflow`, () => {
  it('only the assigned contractor changes step fields', async () => {
    const p = await startedProject();
    const body = { crewScheduled: true };
    const byOwner = await put(p.id, homeowner, body);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe(projectMessages.workflowNotAssigned);
    expect((await put(p.id, contractor2, body)).statusCode).toBe(404);
    expect((await put(p.id, homeowner2, body)).statusCode).toBe(404);
    const byAdmin = await put(p.id, admin, body);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(projectMessages.workflowNotAssigned);
    expect((await row(p.id)).crewScheduled).toBe(false);
  });

  it('stamps dates end to end: now, a chosen date, a kept date, cleared when unchecked', async () => {
    const p = await startedProject();
    const contact = (await put(p.id, contractor, { homeownerContactCompleted: true })).json();
    recent(contact.homeownerContactDate);
    const selection = await put(p.id, contractor, {
      materialSelectionCompleted: true,
      materialSelectionDate: '2026-05-10',
      selectedMaterial: '30 YEAR LAMINATE SHINGLE',
    });
    expect(selection.json()).toMatchObject({
      materialSelectionDate: '2026-05-10T00:00:00.000Z',
      selectedMaterial: '30 YEAR LAMINATE SHINGLE',
    });
    const kept = await put(p.id, contractor, {
      homeownerContactCompleted: true,
      homeownerContactNotes: 'Met',
    });
    expect(kept.json().homeownerContactDate).toBe(contact.homeownerContactDate);
    const applied = (await put(p.id, contractor, { permitStatus: 'applied' })).json();
    recent(applied.permitApplicationDate);
    const issued = (
      await put(p.id, contractor, { permitStatus: 'issued', permitIssuedDate: '2026-05-12T09:30:00.000Z' })
    ).json();
    expect(issued).toMatchObject({
      permitApplicationDate: applied.permitApplicationDate,
      permitIssuedDate: '2026-05-12T09:30:00.000Z',
    });
    const ordered = (
      await put(p.id, contractor, { materialStatus: 'ordered', materialDeliveryDate: '2026-05-20' })
    ).json();
    recent(ordered.materialOrderedDate);
    expect(ordered.materialDeliveryDate).toBe('2026-05-20T00:00:00.000Z');
    const unchecked = (await put(p.id, contractor, { homeownerContactCompleted: false })).json();
    expect(unchecked).toMatchObject({ homeownerContactCompleted: false, homeownerContactDate: null });
    // notes emptied are stored as nothing
    expect(
      (await put(p.id, contractor, { homeownerContactNotes: '  ' })).json().homeownerContactNotes,
    ).toBeNull();
  });

  it('install completed completes the project, unmarked reopens it; the homeowner is told live and by mail', async () => {
    const p = await startedProject();
    const ownerSocket = await socketOf(homeowner);
    const done = await put(p.id, contractor, {
      installCompleted: true,
      installCompletedDate: '2026-05-14',
      status: 'completed',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      installCompleted: true,
      completionDate: '2026-05-14T00:00:00.000Z',
    });
    expect(await eventOn(ownerSocket, { type: 'project_updated', projectId: p.id })).toMatchObject({
      status: 'completed',
    });
    const mail = await latestMailTo(ctx.platform, homeowner.email);
    expect(mail?.subject).toBe(`Your new roof is complete: project ${p.title}`);
    expect(mail?.text).toContain('Installation Complete');

    const reopened = await put(p.id, contractor, { installCompleted: false });
    expect(reopened.json()).toMatchObject({
      status: 'in_progress',
      installCompleted: false,
      completionDate: null,
    });
    expect(await eventOn(ownerSocket, { type: 'project_updated', projectId: p.id })).toMatchObject({
      status: 'in_progress',
    });
    const audits = await auditActions(p.id);
    expect(audits.at(-2)?.data).toMatchObject({ from: 'in_progress', to: 'completed' });
    expect(audits.at(-1)?.data).toMatchObject({ from: 'completed', to: 'in_progress' });
  });

  it('mails the homeowner once per update that completes tracker stages, naming them', async () => {
    const p = await startedProject();
    await put(p.id, contractor, { materialSelectionCompleted: true, homeownerSignatureConfirmed: true });
    const mail = await latestMailTo(ctx.platform, homeowner.email);
    expect(mail?.subject).toBe(
      `Material Selection, Contract Signature complete: your roofing project ${p.title}`,
    );
    expect(mail?.text).toContain('2 of 6 stages are complete (33%)');
    expect(mail?.text).toContain('Next: Homeowner Contact.');
    // a change that completes no stage sends nothing new
    await put(p.id, contractor, { permitStatus: 'applied', permitNotes: 'Filed at the city.' });
    expect((await latestMailTo(ctx.platform, homeowner.email))?.id).toBe(mail?.id);
  });

  it('refuses a status the change does not lead to, empty and mixed bodies', async () => {
    const p = await startedProject();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ crewScheduled: true, status: 'completed' }, 400, projectMessages.statusNotAllowed],
      [{ status: 'cancelled' }, 400, projectMessages.statusNotAllowed],
      [{ status: 'completed' }, 400, projectMessages.statusNotAllowed],
      [{ updatedAt: '2026-05-14T10:00:00.000Z' }, 400, projectMessages.nothingToUpdate],
      [{}, 400, projectMessages.nothingToUpdate],
      [{ contractorId: contractor2.profileId, crewScheduled: true }, 400, projectMessages.mixedUpdate],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(p.id, contractor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await row(p.id)).toMatchObject({ status: 'in_progress', crewScheduled: false });
  });

  it('refuses hostile input with field errors and changes nothing', async () => {
    const p = await startedProject();
    const before = await row(p.id);
    const res = await put(p.id, contractor, {
      permitStatus: 'bribed',
      homeownerContactDate: 'yesterday',
      installNotes: 'x'.repeat(2001),
      crewScheduled: 'yes',
      status: 'done',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(
      ['crewScheduled', 'homeownerContactDate', 'installNotes', 'permitStatus', 'status'].sort(),
    );
    const control = await put(p.id, contractor, { installNotes: 'bad\u0000note' });
    expect(control.statusCode).toBe(400);
    expect(control.json().fieldErrors).toHaveProperty('installNotes');
    const prototype = await ctx.app.inject({
      method: 'PUT',
      url: `/api/projects/${p.id}`,
      headers: { cookie: contractor.cookie, 'content-type': 'application/json' },
      payload: '{"__proto__": {"status": "completed"}, "constructor": {"prototype": {"x": 1}}}',
    });
    expect(prototype.statusCode).toBe(400);
    expect(await row(p.id)).toEqual(before);
  });

  it('two workflow updates at the same moment both land', async () => {
    const p = await startedProject();
    const answers = await Promise.all([
      put(p.id, contractor, { crewScheduled: true, crewScheduledNotes: 'Crew of 6' }),
      put(p.id, contractor, { materialStatus: 'delivered' }),
      put(p.id, contractor, { homeownerContactCompleted: true }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await row(p.id)).toMatchObject({
      crewScheduled: true,
      crewScheduledNotes: 'Crew of 6',
      materialStatus: 'delivered',
      homeownerContactCompleted: true,
    });
  });

  it('a cancelled project is closed', async () => {
    const p = await startedProject();
    await ctx.platform.db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, p.id));
    const res = await put(p.id, contractor, { crewScheduled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(projectMessages.workflowClosed);
  });
});

describe(`projects on ${testDbKind}: reading`, () => {
  it('the homeowner, the contractor and admins open a project; anyone else gets 404', async () => {
    const p = await startedProject();
    const asOwner = await call('GET', `/api/projects/${p.id}`, homeowner);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toMatchObject({
      id: p.id,
      homeowner: { id: homeowner.id, firstName: 'Jordan', email: homeowner.email },
      contractor: {
        companyName: 'crew Roofing',
        // no review yet: the rating is computed from reviews (issue 25 #9)
        rating: 0,
        reviewCount: 0,
        totalProjects: 31,
        user: { firstName: 'Casey', lastName: 'User' },
        // insured for a year; no licence entered: no 'Licensed' badge
        licensedUntil: null,
        insuredUntil: generalLiabilityFor(365).generalLiability?.expirationDate,
      },
      // the marketplace's margin is not the homeowner's to see
      contractorPaymentAmount: null,
      files: [],
      documents: [],
      images: [],
      installPhotos: [],
    });
    const asCrew = await call('GET', `/api/projects/${p.id}`, contractor);
    expect(asCrew.json().contractorPaymentAmount).toBe(1_320_000);
    expect((await call('GET', `/api/projects/${p.id}`, admin)).statusCode).toBe(200);
    const hidden = await call('GET', `/api/projects/${p.id}`, homeowner2);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(projectMessages.notFound);
    expect((await call('GET', `/api/projects/${p.id}`, contractor2)).statusCode).toBe(404);
    expect((await call('GET', '/api/projects/42', admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${p.id}`)).statusCode).toBe(401);
  });

  it("lists a homeowner's own projects newest first; another's list is refused", async () => {
    const older = await newProject();
    const newer = await newProject();
    const own = await call('GET', `/api/projects/homeowner/${homeowner.id}`, homeowner);
    expect(own.statusCode).toBe(200);
    const ids = (own.json() as Project[]).map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect((own.json() as Project[]).every((p) => p.homeownerId === homeowner.id)).toBe(true);
    const other = await call('GET', `/api/projects/homeowner/${homeowner.id}`, homeowner2);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(projectMessages.listForbidden);
    expect((await call('GET', `/api/projects/homeowner/${homeowner.id}`, contractor)).statusCode).toBe(403);
    const byAdmin = await call('GET', `/api/projects/homeowner/${homeowner.id}`, admin);
    expect((byAdmin.json() as Project[]).map((p) => p.id)).toEqual(ids);
    expect((await call('GET', '/api/projects/homeowner/not-a-uuid', admin)).json()).toEqual([]);
    // the list is the JSON the database built: the same projects, field for field, as the checked single answer
    expect(projectListSchema.safeParse(own.json()).success).toBe(true);
    const single = (await call('GET', `/api/projects/${newer.id}`, homeowner)).json();
    expect((own.json() as Project[]).find((p) => p.id === newer.id)).toEqual(single);
  });

  it('answers the files with their links: documents, images, installation photos; signatures are not listed', async () => {
    const p = await startedProject();
    const at = (s: number) => new Date(Date.UTC(2026, 4, 14, 12, 0, s));
    const file = (
      kind: 'document' | 'image' | 'install_photo' | 'signature',
      fileName: string,
      s: number,
    ) => ({
      projectId: p.id,
      kind,
      fileName,
      contentType: kind === 'document' ? 'application/pdf' : 'image/jpeg',
      size: 1000 + s,
      storageKey: `projects/${p.id}/${fileName}`,
      thumbnailKey:
        kind === 'image' || kind === 'install_photo' ? `projects/${p.id}/thumb-${fileName}` : null,
      uploadedBy: contractor.id,
      createdAt: at(s),
    });
    const rows = await ctx.platform.db
      .insert(projectFiles)
      .values([
        file('document', 'permit.pdf', 1),
        file('image', 'front.jpg', 2),
        file('install_photo', 'ridge.jpg', 3),
        file('signature', 'contract-signature.png', 4),
      ])
      .returning({ id: projectFiles.id, kind: projectFiles.kind });
    const idOf = (kind: string) => rows.find((r) => r.kind === kind)?.id as string;
    const url = (kind: string) => `/api/projects/${p.id}/files/${idOf(kind)}`;
    const res = await call('GET', `/api/projects/${p.id}`, homeowner);
    expect(res.statusCode, res.body).toBe(200);
    const answer: Project = res.json();
    expect(answer.documents).toEqual(['permit.pdf']);
    expect(answer.images).toEqual([url('image')]);
    expect(answer.installPhotos).toEqual([url('install_photo')]);
    expect(answer.files).toEqual([
      {
        id: idOf('document'),
        kind: 'document',
        documentType: null,
        fileName: 'permit.pdf',
        contentType: 'application/pdf',
        size: 1001,
        url: url('document'),
        thumbnailUrl: null,
        uploadedAt: at(1).toISOString(),
        uploadedBy: contractor.id,
        step: null,
        caption: null,
        capturedAt: null,
      },
      expect.objectContaining({ kind: 'image', thumbnailUrl: `${url('image')}/thumbnail` }),
      expect.objectContaining({ kind: 'install_photo', uploadedAt: at(3).toISOString() }),
    ]);
    const listed = (await call('GET', `/api/projects/contractor/${contractor.profileId}`, contractor)).json();
    const mine = (listed as Project[]).find((x) => x.id === p.id);
    expect(mine?.files).toEqual(answer.files);
  });

  it("lists a contractor's projects by profile id or user id, to that contractor and admins", async () => {
    const p = await startedProject();
    const byProfile = await call('GET', `/api/projects/contractor/${contractor.profileId}`, contractor);
    const byUser = await call('GET', `/api/projects/contractor/${contractor.id}`, contractor);
    expect(byProfile.statusCode).toBe(200);
    expect(byUser.json()).toEqual(byProfile.json());
    expect((byProfile.json() as Project[]).map((x) => x.id)).toContain(p.id);
    expect((byProfile.json() as Project[]).every((x) => x.contractorId === contractor.profileId)).toBe(true);
    expect(
      (await call('GET', `/api/projects/contractor/${contractor.profileId}`, contractor2)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/projects/contractor/${contractor.id}`, homeowner)).statusCode).toBe(403);
    expect((await call('GET', `/api/projects/contractor/${contractor.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/projects/contractor/${homeowner.id}`, admin)).statusCode).toBe(404);
    // a contractor account without a profile has no projects (not an error)
    const bare = await person('no.profile@example.com', 'contractor');
    expect((await call('GET', `/api/projects/contractor/${bare.id}`, bare)).json()).toEqual([]);
  });

  it('lists every project to admins only, newest first', async () => {
    const p = await newProject();
    const all = await call('GET', '/api/projects', admin);
    expect(all.statusCode).toBe(200);
    expect((all.json() as Project[])[0]?.id).toBe(p.id);
    expect((await call('GET', '/api/projects', homeowner)).statusCode).toBe(403);
  });

  it("answers the caller's own contractor profile, 404 without one", async () => {
    const own = await call('GET', '/api/contractor/profile', contractor);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: contractor.profileId,
      userId: contractor.id,
      companyName: 'crew Roofing',
      verificationStatus: 'verified',
      workingStates: ['Texas'],
      paymentSetupCompleted: false,
    });
    const none = await call('GET', '/api/contractor/profile', homeowner);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(contractorProfileMessages.notFound);
  });
});

describe(`projects on ${testDbKind}: the demo data`, () => {
  async function signIn(email: string) {
    const [u] = await ctx.platform.db.select().from(users).where(eq(users.email, email));
    const { token } = await ctx.platform.sessions.create(u?.id as string);
    return { id: u?.id as string, cookie: `rl_session=${token}` };
  }

  it("the demo homeowner's four projects come back with their workflow state", async () => {
    const demo = await signIn(DEMO_HOMEOWNER_EMAIL);
    const list: Project[] = (await call('GET', `/api/projects/homeowner/${demo.id}`, demo)).json();
    expect(list.map((p) => p.status).sort()).toEqual(['completed', 'in_progress', 'matched', 'pending']);
    const working = list.find((p) => p.status === 'in_progress');
    expect(working?.homeownerContactCompleted).toBe(true);
    expect(working?.homeownerContactDate).not.toBeNull();
    expect(working?.contractor?.companyName).toBeTruthy();
    const done = list.find((p) => p.status === 'completed');
    expect(done).toMatchObject({
      installCompleted: true,
      permitStatus: expect.stringMatching(/issued|not_required/),
    });
    expect(done?.completionDate).not.toBeNull();
  });

  it("the demo contractor's projects come back by profile id in matched, in_progress and completed", async () => {
    const demo = await signIn(DEMO_CONTRACTOR_EMAIL);
    const profile = (await call('GET', '/api/contractor/profile', demo)).json();
    const list: Project[] = (await call('GET', `/api/projects/contractor/${profile.id}`, demo)).json();
    expect(new Set(list.map((p) => p.status))).toEqual(new Set(['matched', 'in_progress', 'completed']));
    expect(list.every((p) => p.contractorPaymentAmount !== null && p.homeowner !== null)).toBe(true);
  });
});
