import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { generalLiabilityFor } from '../../../../tests/helpers/contractors';
import {
  nextEventMatching,
  openConnectedSocket,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { Project } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { suggestionListSchema } from '../../../domain/search/suggestions';
import { auditLog, contractorProfiles, projectDeclines, projects } from '../../platform/db/schema';

/**
 * The match between an admin's assignment and the contractor's answer (issue 23 item 2): the
 * contractor accepts or declines with a reason; a decline puts the project back to pending, tells
 * the admins, and the contractor is not suggested for it again.
 */

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
let crew: ContractorPerson;
let other: ContractorPerson;
let seq = 0;

async function person(email: string, userType: 'homeowner' | 'admin' | 'contractor' = 'homeowner') {
  const { user, cookie } = await createUserWithSession(ctx.platform, { email, userType });
  return { id: user.id, email, cookie };
}

async function contractorPerson(email: string): Promise<ContractorPerson> {
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
      businessZip: '75201',
      workingStates: ['Texas'],
      verificationStatus: 'verified',
      isAvailable: true,
      insuranceData: generalLiabilityFor(365),
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

/** A pending project of `homeowner`, matched to `to`. */
async function matchedProject(to: ContractorPerson): Promise<Project> {
  const created = await call('POST', '/api/projects', admin, {
    title: `SWRX-MATCH-${++seq}`,
    homeownerEmail: homeowner.email,
    address: `${200 + seq} Oak St`,
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost: 1_200_000,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const assigned = await call('PUT', `/api/projects/${id}`, admin, {
    contractorId: to.profileId,
    status: 'matched',
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return assigned.json();
}

const decline = (id: string, who: { cookie: string } | undefined, body: unknown) =>
  call('POST', `/api/projects/${id}/decline`, who, body);

async function row(id: string) {
  const [r] = await ctx.platform.db.select().from(projects).where(eq(projects.id, id));
  if (!r) throw new Error(`no project ${id}`);
  return r;
}

async function socketOf(who: { cookie: string }): Promise<TestSocket> {
  const s = await openConnectedSocket(wsBase, who.cookie);
  sockets.push(s);
  return s;
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_URL: 'http://rl.example' }, runWorkers: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = address.replace(/^http/, 'ws');
  admin = await person('ops@ridgeline.test', 'admin');
  homeowner = await person('dana.home@example.com');
  crew = await contractorPerson('crew@first.example');
  other = await contractorPerson('crew@second.example');
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx?.close();
});

describe(`the match on ${testDbKind}: declining`, () => {
  it('stores when the contractor was assigned', async () => {
    const before = Date.now();
    const p = await matchedProject(crew);
    const assignedAt = (await row(p.id)).assignedAt;
    expect(assignedAt).not.toBeNull();
    expect(assignedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('the assigned contractor declines with a reason: pending again, admins told live, audited, not suggested again', async () => {
    const p = await matchedProject(crew);
    const adminSocket = await socketOf(admin);
    const crewSocket = await socketOf(crew);
    const res = await decline(p.id, crew, { reason: '  Booked solid until March.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: projectMessages.declined, projectId: p.id, status: 'pending' });
    expect(await row(p.id)).toMatchObject({ status: 'pending', contractorId: null, assignedAt: null });
    for (const s of [adminSocket, crewSocket]) {
      expect(await nextEventMatching(s, { type: 'project_updated', projectId: p.id })).toMatchObject({
        status: 'pending',
      });
    }
    const [stored] = await ctx.platform.db
      .select()
      .from(projectDeclines)
      .where(eq(projectDeclines.projectId, p.id));
    expect(stored).toMatchObject({ contractorId: crew.profileId, reason: 'Booked solid until March.' });
    expect(stored?.matchedAt).not.toBeNull();
    const actions = await ctx.platform.db
      .select({ action: auditLog.action, data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'project'), eq(auditLog.entityId, p.id)))
      .orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['project.create', 'project.assign', 'project.decline']);
    // the contractor no longer opens it; the admins are offered the others only
    expect((await call('GET', `/api/projects/${p.id}`, crew)).statusCode).toBe(404);
    const suggested = suggestionListSchema.parse(
      (await call('GET', `/api/projects/${p.id}/contractor-suggestions`, admin)).json(),
    );
    const ids = suggested.map((s) => s.contractorId);
    expect(ids).not.toContain(crew.profileId);
    expect(ids).toContain(other.profileId);
    // and a second contractor takes it
    const again = await call('PUT', `/api/projects/${p.id}`, admin, {
      contractorId: other.profileId,
      status: 'matched',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('PUT', `/api/projects/${p.id}`, other, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
  });

  it('refuses a decline without a reason, of a started project, or by anyone but the assigned contractor; changes nothing', async () => {
    const p = await matchedProject(crew);
    for (const body of [
      {},
      { reason: '   ' },
      { reason: 'x'.repeat(1001) },
      { reason: 42 },
      { reason: 'a\u202Eb' },
    ]) {
      const res = await decline(p.id, crew, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.reason?.length).toBeGreaterThan(0);
    }
    expect((await decline(p.id, undefined, { reason: 'No.' })).statusCode).toBe(401);
    expect((await decline(p.id, homeowner, { reason: 'No.' })).statusCode).toBe(403);
    expect((await decline(p.id, other, { reason: 'No.' })).statusCode).toBe(404);
    const byAdmin = await decline(p.id, admin, { reason: 'No.' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(projectMessages.declineNotAssigned);
    expect(await row(p.id)).toMatchObject({ status: 'matched', contractorId: crew.profileId });

    expect((await call('PUT', `/api/projects/${p.id}`, crew, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    const late = await decline(p.id, crew, { reason: 'Changed my mind.' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(projectMessages.declineNotMatched);
    expect(await row(p.id)).toMatchObject({ status: 'in_progress', contractorId: crew.profileId });
    const stored = await ctx.platform.db
      .select()
      .from(projectDeclines)
      .where(eq(projectDeclines.projectId, p.id));
    expect(stored).toEqual([]);
  });
});
