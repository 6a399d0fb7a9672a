import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertContractor } from '../../../../tests/helpers/contractors';
import { insertProject as insertProjectRow } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { Message } from '../../../domain/messages/schemas';
import type { RealtimeEvent } from '../../../domain/realtime';
import type { BusMessage } from '../../platform/bus/types';
import { contractorProfiles } from '../../platform/db/schema';

/**
 * Issue 23 item 10: a message shown in the receiver's open conversation is marked read, and with it
 * the bell's "New message" notifications of that project (live: `notifications_read` with their ids);
 * the notifications of other projects and kinds stay unread.
 */

interface Person {
  id: string;
  cookie: string;
}

let ctx: TestContext;
let homeowner: Person;
let contractor: Person;
let projectId: string;
let otherProjectId: string;

async function person(email: string, userType: 'homeowner' | 'contractor'): Promise<Person> {
  const p = await createUserWithSession(ctx.platform, { email, userType, firstName: email.split('@')[0] });
  return { id: p.user.id, cookie: p.cookie };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: Record<string, unknown>) {
  return ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
}

const insertProject = (contractorId: string) =>
  insertProjectRow(ctx.platform, { status: 'in_progress', homeownerId: homeowner.id, contractorId });

/** The contractor's unread notifications: [kind, projectId] pairs. */
async function unreadNotices(): Promise<Array<[string, string | null]>> {
  const res = await call('GET', '/api/notifications?limit=50', contractor);
  expect(res.statusCode, res.body).toBe(200);
  const items = res.json().items as Array<{ kind: string; projectId: string | null; readAt: string | null }>;
  return items.filter((n) => n.readAt === null).map((n) => [n.kind, n.projectId]);
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  homeowner = await person('reader-owner@owner.example', 'homeowner');
  contractor = await person('reader-crew@crew.example', 'contractor');
  const profileId = await insertContractor(ctx.platform, {
    companyName: 'Reader Roofing',
    businessZip: '75201',
    workingStates: ['Texas'],
    travelDistance: 50,
  });
  await ctx.platform.db
    .update(contractorProfiles)
    .set({ userId: contractor.id })
    .where(eq(contractorProfiles.id, profileId));
  projectId = await insertProject(profileId);
  otherProjectId = await insertProject(profileId);
});

afterAll(async () => {
  await ctx?.close();
});

describe(`reading a message reads its notification (${testDbKind})`, () => {
  it("marks the project's new-message notifications read, live; other projects' stay unread", async () => {
    const send = async (project: string, content: string) => {
      const res = await call('POST', '/api/messages', homeowner, { projectId: project, content });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as Message;
    };
    const first = await send(projectId, 'Is Tuesday fine?');
    await send(projectId, 'The gate code is 4321.');
    await send(otherProjectId, 'And the garage roof?');
    expect(await unreadNotices()).toEqual(
      expect.arrayContaining([
        ['new_message', projectId],
        ['new_message', otherProjectId],
      ]),
    );

    const events: RealtimeEvent[] = [];
    const stop = ctx.platform.bus.subscribe((m: BusMessage) => {
      if (m.kind === 'realtime' && m.userIds.includes(contractor.id)) events.push(m.event);
    });
    try {
      const read = await call('PUT', `/api/messages/${first.id}`, contractor, { isRead: true });
      expect(read.statusCode, read.body).toBe(200);
    } finally {
      stop();
    }
    const left = await unreadNotices();
    expect(left).not.toContainEqual(['new_message', projectId]);
    expect(left).toContainEqual(['new_message', otherProjectId]);
    const told = events.find((e) => e.type === 'notifications_read');
    expect(told).toMatchObject({ type: 'notifications_read', ids: expect.any(Array) });
    expect(told?.type === 'notifications_read' ? told.ids?.length : 0).toBe(2);

    // reading it again changes nothing and tells nobody
    const again: RealtimeEvent[] = [];
    const stop2 = ctx.platform.bus.subscribe((m: BusMessage) => {
      if (m.kind === 'realtime' && m.userIds.includes(contractor.id)) again.push(m.event);
    });
    try {
      expect((await call('PUT', `/api/messages/${first.id}`, contractor, { isRead: true })).statusCode).toBe(
        200,
      );
    } finally {
      stop2();
    }
    expect(again.filter((e) => e.type === 'notifications_read')).toEqual([]);
  });
});
