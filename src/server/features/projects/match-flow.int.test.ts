import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo } from '../../../../tests/helpers/outbox';
import {
  type ContractorPerson,
  callerOf,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import {
  nextEventMatching,
  openConnectedSocket,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { Project } from '../../../domain/projects/schemas';
import { projectMessages } from '../../../domain/projects/workflow';
import { suggestionListSchema } from '../../../domain/search/suggestions';
import { auditLog, mailOutbox, projectDeclines, projects } from '../../platform/db/schema';

interface NotificationRow {
  kind: string;
  title: string;
  body: string | null;
  link: string;
  projectId: string | null;
}

/** The caller's notifications, newest first (GET /api/notifications). */
async function notificationsOf(who: { cookie: string }): Promise<NotificationRow[]> {
  const res = await call('GET', '/api/notifications?limit=50', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const ofProject = (list: NotificationRow[], projectId: string, kind: string) =>
  list.filter((n) => n.projectId === projectId && n.kind === kind);

/**
 * The match between an admin's assignment and the contractor's answer (issue 23 item 2): the
 * contractor accepts or declines with a reason; a decline puts the project back to pending, tells
 * the admins, and the contractor is not suggested for it again.
 */

let ctx: TestContext;
let wsBase: string;
const sockets: TestSocket[] = [];
let admin: Person;
let homeowner: Person;
let crew: ContractorPerson;
let other: ContractorPerson;
let seq = 0;
const call = callerOf(() => ctx.app);
const person = (email: string, userType?: 'homeowner' | 'admin' | 'contractor') =>
  testPerson(ctx.platform, email, userType);
const contractorPerson = (email: string) => testContractor(ctx.platform, email, { businessZip: '75201' });

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

describe(`the match on ${testDbKind}: who is told`, () => {
  it('a new match reaches the contractor at once: notification (live), mail with the response target', async () => {
    const crewSocket = await socketOf(crew);
    const p = await matchedProject(crew);
    expect(
      await nextEventMatching(crewSocket, { type: 'notification_created', projectId: p.id }),
    ).toMatchObject({
      kind: 'project_matched',
    });
    const [notice] = ofProject(await notificationsOf(crew), p.id, 'project_matched');
    expect(notice).toMatchObject({
      link: '/contractor-dashboard?tab=matched',
      body: 'Please accept or decline within 24 hours.',
    });
    expect(notice?.title).toContain(p.title);
    const mail = await latestMailTo(ctx.platform, crew.email);
    expect(mail?.subject).toBe(`New project match: ${p.title}`);
    expect(mail?.text).toContain('within 24 hours');
    expect(mail?.text).toContain('http://rl.example/contractor-dashboard?tab=matched');
  });

  it('a decline tells every admin, with the reason, in the app and by mail', async () => {
    const p = await matchedProject(crew);
    const adminSocket = await socketOf(admin);
    expect((await decline(p.id, crew, { reason: 'Crew is on another job that week.' })).statusCode).toBe(200);
    expect(
      await nextEventMatching(adminSocket, { type: 'notification_created', projectId: p.id }),
    ).toMatchObject({
      kind: 'match_declined',
    });
    const [notice] = ofProject(await notificationsOf(admin), p.id, 'match_declined');
    expect(notice).toMatchObject({
      title: `crew Roofing declined ${p.title}`,
      body: 'Reason: Crew is on another job that week.',
      link: `/projects/${p.id}`,
    });
    const mail = await latestMailTo(ctx.platform, admin.email);
    expect(mail?.subject).toBe(`crew Roofing declined ${p.title}: it needs a new contractor`);
    expect(mail?.text).toContain('Their reason: Crew is on another job that week.');
  });

  it('an unanswered match past the target is flagged to the admins once; an answered or recent one is not', async () => {
    const late = await matchedProject(crew);
    const answered = await matchedProject(crew);
    expect(
      (await call('PUT', `/api/projects/${answered.id}`, crew, { status: 'in_progress' })).statusCode,
    ).toBe(200);
    const assignedAt = (await row(late.id)).assignedAt as Date;
    // just before the target: nothing
    const before = await ctx.services.matchOverdue(new Date(assignedAt.getTime() + 23 * 3_600_000));
    expect(before.map((m) => m.projectId)).not.toContain(late.id);
    const at = new Date(assignedAt.getTime() + 24 * 3_600_000 + 60_000);
    const flagged = await ctx.services.matchOverdue(at);
    expect(flagged.map((m) => m.projectId)).toContain(late.id);
    expect(flagged.map((m) => m.projectId)).not.toContain(answered.id);
    expect(ofProject(await notificationsOf(admin), late.id, 'match_overdue')).toHaveLength(1);
    // a second run tells nobody again
    expect(
      (await ctx.services.matchOverdue(new Date(at.getTime() + 3_600_000))).map((m) => m.projectId),
    ).not.toContain(late.id);
    expect(ofProject(await notificationsOf(admin), late.id, 'match_overdue')).toHaveLength(1);
    // every overdue match of the run is mailed (earlier tests left some): this one once
    const mails = await ctx.platform.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, admin.email),
          eq(mailOutbox.subject, `No answer from crew Roofing on ${late.title} after 24 h`),
        ),
      );
    expect(mails).toHaveLength(1);
  });
});

describe(`the crew date on ${testDbKind}`, () => {
  async function startedProject() {
    const p = await matchedProject(crew);
    expect((await call('PUT', `/api/projects/${p.id}`, crew, { status: 'in_progress' })).statusCode).toBe(
      200,
    );
    return p;
  }
  const crewDay = '2026-12-03T18:00:00.000Z';

  it('setting it tells the homeowner with a calendar file; moving it sends the change; a bad window is refused', async () => {
    const p = await startedProject();
    const ownerSocket = await socketOf(homeowner);
    const set = await call('PUT', `/api/projects/${p.id}`, crew, {
      crewScheduled: true,
      crewScheduledDate: crewDay,
      crewArrivalStart: '08:00',
      crewArrivalEnd: '10:00',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ crewArrivalStart: '08:00', crewArrivalEnd: '10:00' });
    expect(
      await nextEventMatching(ownerSocket, { type: 'notification_created', projectId: p.id }),
    ).toMatchObject({
      kind: 'crew_scheduled',
    });
    const mail = await latestMailTo(ctx.platform, homeowner.email);
    expect(mail?.subject).toBe(`Crew scheduled for Dec 3, 8-10 am (${p.title})`);
    expect(mail?.text).toContain('Thu, Dec 3, 2026, arrival 8-10 am');
    expect(mail?.attachments).toHaveLength(1);
    const ics = (await ctx.platform.storage.get(mail?.attachments[0]?.storageKey as string)).toString('utf8');
    expect(ics).toContain('DTSTART:20261203T080000');
    expect(ics).toContain('SEQUENCE:1');

    const moved = await call('PUT', `/api/projects/${p.id}`, crew, {
      crewScheduledDate: '2026-12-05T18:00:00.000Z',
      crewArrivalStart: '13:00',
      crewArrivalEnd: '15:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await latestMailTo(ctx.platform, homeowner.email);
    expect(second?.subject).toBe(`Crew date changed: Dec 5, 1-3 pm (${p.title})`);
    expect(second?.text).toContain('(It was Thu, Dec 3, 2026, arrival 8-10 am.)');
    const ics2 = (await ctx.platform.storage.get(second?.attachments[0]?.storageKey as string)).toString(
      'utf8',
    );
    expect(ics2).toContain('SEQUENCE:2');
    expect(ics2).toContain(`UID:crew-${p.id}@ridgeline`);

    for (const [body, field] of [
      [{ crewArrivalStart: '09:00', crewArrivalEnd: '' }, 'crewArrivalEnd'],
      [{ crewArrivalStart: '16:00' }, 'crewArrivalEnd'],
      [{ crewArrivalEnd: '25:00' }, 'crewArrivalEnd'],
    ] as const) {
      const bad = await call('PUT', `/api/projects/${p.id}`, crew, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(bad.json().fieldErrors ?? {})).toContain(field);
    }
    expect(await row(p.id)).toMatchObject({
      crewArrivalStart: '13:00',
      crewArrivalEnd: '15:00',
      crewScheduleSequence: 2,
    });
  });

  it('the day before, the homeowner and the contractor are reminded, once per date', async () => {
    const p = await startedProject();
    expect(
      (
        await call('PUT', `/api/projects/${p.id}`, crew, {
          crewScheduled: true,
          crewScheduledDate: '2027-01-12T18:00:00.000Z',
        })
      ).statusCode,
    ).toBe(200);
    expect(await ctx.services.crewReminders(new Date('2027-01-10T15:00:00Z'))).not.toContain(p.id);
    expect(await ctx.services.crewReminders(new Date('2027-01-11T15:00:00Z'))).toContain(p.id);
    expect(await ctx.services.crewReminders(new Date('2027-01-11T16:00:00Z'))).not.toContain(p.id);
    expect(ofProject(await notificationsOf(homeowner), p.id, 'crew_reminder')).toHaveLength(1);
    expect(ofProject(await notificationsOf(crew), p.id, 'crew_reminder')).toHaveLength(1);
    expect((await latestMailTo(ctx.platform, homeowner.email))?.subject).toBe(
      `Tomorrow: your roofing crew for ${p.title}`,
    );
  });
});
