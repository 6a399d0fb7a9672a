import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { giveContractorProfile } from '../../../../tests/helpers/contractors';
import { insertProject } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { idempotencyMessages } from '../../../domain/idempotency';
import type { Project } from '../../../domain/projects/schemas';
import {
  messages,
  notifications,
  projectActivity,
  projectChangeKeys,
  projects,
} from '../../platform/db/schema';
import { createServices } from '../../services';

/**
 * Issue 27 #2: what a contractor's phone queued offline is sent when the connection returns, maybe
 * twice (an answer lost on the way back). Each change carries the device's Idempotency-Key and is
 * applied exactly once; a change the project no longer allows is refused with the reason, and its
 * key stays free.
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

function send(method: 'PUT' | 'POST', url: string, who: Person, payload: unknown, key?: string) {
  return ctx.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });
}

const activityCount = async (id: string) =>
  (await ctx.platform.db.select().from(projectActivity).where(eq(projectActivity.projectId, id))).length;

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  homeowner = await person('sync-owner@owner.example', 'homeowner');
  contractor = await person('sync-crew@crew.example', 'contractor');
  const profileId = await giveContractorProfile(ctx.platform, contractor.id);
  projectId = await insertProject(ctx.platform, {
    status: 'in_progress',
    homeownerId: homeowner.id,
    contractorId: profileId,
  });
  otherProjectId = await insertProject(ctx.platform, {
    status: 'in_progress',
    homeownerId: homeowner.id,
    contractorId: profileId,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe(`changes sent again from a device on ${testDbKind}`, () => {
  it('a workflow step sent twice with its key is applied once; the repeat answers the project as it is', async () => {
    const key = crypto.randomUUID();
    const body = { homeownerContactCompleted: true, homeownerContactNotes: 'Met on site, offline' };
    const before = await activityCount(projectId);

    const first = await send('PUT', `/api/projects/${projectId}`, contractor, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await activityCount(projectId);
    expect(afterFirst).toBeGreaterThan(before);
    const [row] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    const updatedAt = row?.updatedAt;

    const again = await send('PUT', `/api/projects/${projectId}`, contractor, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Project).homeownerContactNotes).toBe('Met on site, offline');
    expect(await activityCount(projectId)).toBe(afterFirst);
    const [same] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    expect(same?.updatedAt).toEqual(updatedAt);
    const keys = await ctx.platform.db
      .select()
      .from(projectChangeKeys)
      .where(and(eq(projectChangeKeys.userId, contractor.id), eq(projectChangeKeys.key, key)));
    expect(keys).toHaveLength(1);
  });

  it('the same key with another body, or on another project, is refused (422) and changes nothing', async () => {
    const key = crypto.randomUUID();
    const ok = await send('PUT', `/api/projects/${projectId}`, contractor, { permitNotes: 'Filed' }, key);
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await activityCount(projectId);

    const other = await send(
      'PUT',
      `/api/projects/${projectId}`,
      contractor,
      { permitNotes: 'Changed' },
      key,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(idempotencyMessages.reused('another change'));
    const elsewhere = await send(
      'PUT',
      `/api/projects/${otherProjectId}`,
      contractor,
      { permitNotes: 'Filed' },
      key,
    );
    expect(elsewhere.statusCode).toBe(422);

    expect(await activityCount(projectId)).toBe(before);
    const [row] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.permitNotes).toBe('Filed');
  });

  it('a change the project no longer allows is refused with its reason, and its key stays free', async () => {
    const cancelled = await insertProject(ctx.platform, {
      status: 'cancelled',
      homeownerId: homeowner.id,
      contractorId: (await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId)))[0]
        ?.contractorId,
    });
    const key = crypto.randomUUID();
    const refused = await send(
      'PUT',
      `/api/projects/${cancelled}`,
      contractor,
      { installCompleted: true },
      key,
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().message).toEqual(expect.any(String));
    const kept = await ctx.platform.db.select().from(projectChangeKeys).where(eq(projectChangeKeys.key, key));
    expect(kept).toEqual([]);
  });

  it('a malformed key is a 400 in the contract form and changes nothing', async () => {
    const before = await activityCount(projectId);
    for (const bad of ['has space', 'x'.repeat(256), 'é']) {
      const res = await send(
        'PUT',
        `/api/projects/${projectId}`,
        contractor,
        { permitNotes: 'Bad key' },
        bad,
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await activityCount(projectId)).toBe(before);
  });

  it('a message sent twice with its key is stored once; the repeat answers it (200) and tells nobody again', async () => {
    const key = crypto.randomUUID();
    const body = { projectId, content: 'Written on the roof, sent later' };
    const first = await send('POST', '/api/messages', contractor, body, key);
    expect(first.statusCode, first.body).toBe(201);
    const notices = async () =>
      (await ctx.platform.db.select().from(notifications).where(eq(notifications.userId, homeowner.id)))
        .length;
    const noticesAfterFirst = await notices();

    const again = await send('POST', '/api/messages', contractor, body, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const stored = await ctx.platform.db.select().from(messages).where(eq(messages.clientKey, key));
    expect(stored).toHaveLength(1);
    expect(await notices()).toBe(noticesAfterFirst);

    const other = await send('POST', '/api/messages', contractor, { ...body, content: 'Another text' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(idempotencyMessages.reused('another message'));
    expect(await ctx.platform.db.select().from(messages).where(eq(messages.clientKey, key))).toHaveLength(1);

    // without a key, the spec's call is unchanged: every post is a new message
    const plain1 = await send('POST', '/api/messages', contractor, body);
    const plain2 = await send('POST', '/api/messages', contractor, body);
    expect([plain1.statusCode, plain2.statusCode]).toEqual([201, 201]);
    expect(plain1.json().id).not.toBe(plain2.json().id);
  });

  it('the hourly clean-up forgets keys past 30 days, and only those', async () => {
    const services = createServices(ctx.platform);
    const old = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    await ctx.platform.db.insert(projectChangeKeys).values([
      {
        userId: contractor.id,
        key: old,
        projectId,
        requestHash: 'h',
        createdAt: new Date(Date.now() - 31 * 86_400_000),
      },
      {
        userId: contractor.id,
        key: fresh,
        projectId,
        requestHash: 'h',
        createdAt: new Date(Date.now() - 29 * 86_400_000),
      },
    ]);
    expect(await services.projectChanges.forgetOldChangeKeys(new Date())).toBeGreaterThanOrEqual(1);
    const left = (await ctx.platform.db.select().from(projectChangeKeys)).map((k) => k.key);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });
});
