import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertContractor } from '../../../../tests/helpers/contractors';
import {
  nextEventMatching,
  openConnectedSocket,
  type TestSocket,
} from '../../../../tests/helpers/realtime-client';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import {
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  notificationMessages,
} from '../../../domain/notifications/schemas';
import { buildApp } from '../../app';
import { contractorProfiles, mailOutbox, notifications, projects } from '../../platform/db/schema';
import { createServices } from '../../services';
import type { NotificationItem } from './notifications.service';

interface Person {
  id: string;
  email: string;
  cookie: string;
}

let ctx: TestContext;
let wsBase: string;
let owner: Person;
let other: Person;
let admin: Person;
let admin2: Person;
const sockets: TestSocket[] = [];

async function person(email: string, userType: 'homeowner' | 'contractor' | 'admin' = 'homeowner') {
  const p = await createUserWithSession(ctx.platform, { email, userType, firstName: email.split('@')[0] });
  return { id: p.user.id, email: p.user.email, cookie: p.cookie };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const item = (userId: string, n: number, extra: Partial<NotificationItem> = {}): NotificationItem => ({
  userId,
  kind: 'step_completed',
  title: `Step ${n} done`,
  link: '/customer-dashboard',
  ...extra,
});

async function mailsTo(email: string) {
  return ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
}

async function listOf(who: Person, query = ''): Promise<NotificationList> {
  const res = await call('GET', `/api/notifications${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationList;
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsBase = address.replace(/^http/, 'ws');
  owner = await person('dana@owner.example');
  other = await person('lee@owner.example');
  admin = await person('ops@ridgeline.test', 'admin');
  admin2 = await person('desk@ridgeline.test', 'admin');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await ctx?.close();
});

describe(`notifications on ${testDbKind}`, () => {
  it('are stored, newest first, a page at a time, and survive a rebuild of the services', async () => {
    // five transactions of five: the same moment within one, later ones newer
    for (let batch = 0; batch < 5; batch++) {
      await ctx.services.notifications.notify(
        [0, 1, 2, 3, 4].map((i) => item(owner.id, batch * 5 + i, { title: `Batch ${batch} item ${i}` })),
      );
    }
    const seen: Notification[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: NotificationList = await listOf(owner, `?limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.unreadCount).toBe(25);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen.map((n) => n.id)).size).toBe(25);
    const times = seen.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen[0]?.title).toMatch(/^Batch 4 /);
    expect(seen[24]?.title).toMatch(/^Batch 0 /);
    expect(seen[0]).toMatchObject({ kind: 'step_completed', link: '/customer-dashboard', readAt: null });

    // another process (or a restart) reads the same list from the database
    const rebuilt = await buildApp(ctx.platform, {
      services: createServices(ctx.platform),
      startWorkers: false,
    });
    const again = await rebuilt.inject({
      method: 'GET',
      url: '/api/notifications?limit=50',
      headers: { cookie: owner.cookie },
    });
    await rebuilt.close();
    expect((again.json() as NotificationList).items.map((n) => n.id)).toEqual(seen.map((n) => n.id));
    // nobody else sees them
    expect((await listOf(other)).items).toEqual([]);
  });

  it('are pushed live, marked read one at a time or all at once, each user only their own', async () => {
    const socket = await openConnectedSocket(wsBase, other.cookie);
    sockets.push(socket);
    await ctx.services.notifications.notify([item(other.id, 1, { projectId: null })]);
    const created = await nextEventMatching(socket, { type: 'notification_created', kind: 'step_completed' });
    const id = String(created.notificationId);

    // someone else's id is not found; a malformed one is refused
    expect((await call('POST', `/api/notifications/${id}/read`, owner)).statusCode).toBe(404);
    expect((await call('POST', `/api/notifications/${crypto.randomUUID()}/read`, other)).statusCode).toBe(
      404,
    );
    const hostile = await call('POST', '/api/notifications/1%20or%201=1/read', other);
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().message).toBe(notificationMessages.invalidId);
    expect((await call('POST', `/api/notifications/${id}/read`)).statusCode).toBe(401);

    const read = await call('POST', `/api/notifications/${id}/read`, other);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ notification: { id }, unreadCount: 0 });
    const readAt = read.json().notification.readAt;
    expect(readAt).not.toBeNull();
    await nextEventMatching(socket, { type: 'notifications_read' });
    // idempotent: the first reading keeps its time
    const twice = await call('POST', `/api/notifications/${id}/read`, other);
    expect(twice.json().notification.readAt).toBe(readAt);

    const before = (await listOf(owner)).unreadCount;
    expect(before).toBeGreaterThan(0);
    const all = await call('POST', '/api/notifications/read-all', owner);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ marked: before, unreadCount: 0 });
    expect((await listOf(owner)).items.every((n) => n.readAt !== null)).toBe(true);
    expect((await call('POST', '/api/notifications/read-all')).statusCode).toBe(401);
  });

  it('refuses hostile cursors and limits with 400', async () => {
    const mine = (await listOf(owner, '?limit=1')).items[0];
    expect(mine).toBeDefined();
    for (const query of [
      '?cursor=abc',
      "?cursor=' or 1=1 --",
      `?cursor=${crypto.randomUUID()}`,
      `?cursor=${mine?.id}x`,
      '?limit=0',
      '?limit=51',
      '?limit=ten',
      '?limit=1.5',
    ]) {
      const res = await call('GET', `/api/notifications${encodeURI(query)}`, owner);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    // a cursor of another user's list is no position in this one
    const foreign = await call('GET', `/api/notifications?cursor=${mine?.id}`, other);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(notificationMessages.invalidCursor);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('mails per preference: on by default, off when chosen, security always, new messages never', async () => {
    const prefs = await call('GET', '/api/notifications/preferences', owner);
    expect(prefs.statusCode).toBe(200);
    const list = (prefs.json() as NotificationPreferences).preferences;
    expect(list.map((p) => p.kind)).toEqual([
      'contractor_assigned',
      'project_accepted',
      'step_completed',
      'crew_scheduled',
      'crew_reminder',
      'project_completed',
      'closeout',
      'review_requested',
      'job_payment',
      'warranty_claim',
      'new_message',
      'security',
    ]);
    expect(list.find((p) => p.kind === 'security')).toMatchObject({ mail: true, policy: 'always' });
    expect(list.find((p) => p.kind === 'new_message')).toMatchObject({ mail: false, policy: 'never' });
    expect(list.find((p) => p.kind === 'step_completed')).toMatchObject({ mail: true, policy: 'preference' });

    const off = await call('PUT', '/api/notifications/preferences', owner, [
      { kind: 'step_completed', mail: false },
    ]);
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (off.json() as NotificationPreferences).preferences.find((p) => p.kind === 'step_completed')?.mail,
    ).toBe(false);

    const before = (await mailsTo(owner.email)).length;
    const mail = (subject: string) => ({ subject, text: `${subject}.` });
    await ctx.services.notifications.notify([
      item(owner.id, 100, { kind: 'step_completed', mail: mail('Step done') }),
      item(owner.id, 101, { kind: 'crew_scheduled', mail: mail('Crew scheduled') }),
      item(owner.id, 102, { kind: 'security', mail: mail('Password changed') }),
      item(owner.id, 103, { kind: 'new_message', mail: mail('New message') }),
    ]);
    const after = await mailsTo(owner.email);
    expect(after.length - before).toBe(2);
    const subjects = after.slice(0, 2).map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Crew scheduled', 'Password changed']);
    // an optional mail says where to turn it off; the security mail does not offer that
    expect(after.find((m) => m.subject === 'Crew scheduled')?.text).toContain('/settings/notifications');
    expect(after.find((m) => m.subject === 'Password changed')?.text).not.toContain(
      '/settings/notifications',
    );
    // all four are in the list, mailed or not
    const titles = (await listOf(owner, '?limit=4')).items.map((n) => n.title);
    expect(titles.sort()).toEqual(['Step 100 done', 'Step 101 done', 'Step 102 done', 'Step 103 done']);

    // turned back on
    const on = await call('PUT', '/api/notifications/preferences', owner, [
      { kind: 'step_completed', mail: true },
    ]);
    expect(on.statusCode).toBe(200);
    await ctx.services.notifications.notify([item(owner.id, 104, { mail: mail('Step done again') })]);
    expect((await mailsTo(owner.email))[0]?.subject).toBe('Step done again');
  });

  it('refuses turning security mails off, mailing new messages, kinds of another role, duplicates', async () => {
    const cases: [unknown, string | null][] = [
      [[{ kind: 'security', mail: false }], notificationMessages.securityLocked],
      [[{ kind: 'new_message', mail: true }], notificationMessages.inAppOnly],
      [[{ kind: 'project_created', mail: false }], notificationMessages.notForRole],
      [
        [
          { kind: 'crew_reminder', mail: false },
          { kind: 'crew_reminder', mail: true },
        ],
        notificationMessages.duplicateKind,
      ],
      [[{ kind: 'everything', mail: false }], null],
      [[{ kind: 'crew_reminder', mail: 'no' }], null],
      [{ kind: 'crew_reminder', mail: false }, null],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', '/api/notifications/preferences', owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(res.json().message).toBe(message);
    }
    // nothing of a refused change was kept
    const prefs = (
      await call('GET', '/api/notifications/preferences', owner)
    ).json() as NotificationPreferences;
    expect(prefs.preferences.find((p) => p.kind === 'crew_reminder')?.mail).toBe(true);
    // admins have their own kinds
    const adminPrefs = (
      await call('GET', '/api/notifications/preferences', admin)
    ).json() as NotificationPreferences;
    expect(adminPrefs.preferences.map((p) => p.kind)).toContain('project_created');
    expect(adminPrefs.preferences.map((p) => p.kind)).not.toContain('step_completed');
    expect((await call('PUT', '/api/notifications/preferences', undefined, [])).statusCode).toBe(401);
  });

  it('stage stores the mail with its attachment in the caller transaction, or nothing when it rolls back', async () => {
    const attachment = {
      filename: 'crew.ics',
      contentType: 'text/calendar',
      content: Buffer.from('BEGIN:VCALENDAR'),
    };
    const announce = await ctx.platform.db.transaction((tx) =>
      ctx.services.notifications.stage(tx, [
        item(owner.id, 200, {
          kind: 'crew_scheduled',
          mail: { subject: 'Crew on Monday', text: 'See you.', attachments: [attachment] },
        }),
      ]),
    );
    await announce();
    const [stored] = await mailsTo(owner.email);
    expect(stored?.subject).toBe('Crew on Monday');
    expect(stored?.attachments).toMatchObject([
      { filename: 'crew.ics', contentType: 'text/calendar', size: 15 },
    ]);
    const key = stored?.attachments[0]?.storageKey ?? '';
    expect((await ctx.platform.storage.get(key)).toString()).toBe('BEGIN:VCALENDAR');

    const count = async () => (await ctx.platform.db.select().from(notifications)).length;
    const rows = await count();
    const mails = (await mailsTo(owner.email)).length;
    await expect(
      ctx.platform.db.transaction(async (tx) => {
        await ctx.services.notifications.stage(tx, [
          item(owner.id, 201, { mail: { subject: 'Lost', text: 'x' } }),
        ]);
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await count()).toBe(rows);
    expect((await mailsTo(owner.email)).length).toBe(mails);
    // a link that could leave the site is a programming error, refused loudly
    await expect(
      ctx.platform.db.transaction((tx) =>
        ctx.services.notifications.stage(tx, [item(owner.id, 202, { link: '//evil.example/x' })]),
      ),
    ).rejects.toThrow(/same-origin/);
  });

  it('the first producers: a verification decision, a new message, a new project', async () => {
    // a contractor application decided by an admin: notification and decision mail
    const profileId = await insertContractor(ctx.platform, {
      companyName: 'Ridge Co',
      businessZip: '58501',
      workingStates: ['North Dakota'],
      travelDistance: 10,
    });
    const [profile] = await ctx.platform.db
      .select()
      .from(contractorProfiles)
      .where(eq(contractorProfiles.id, profileId));
    const contractorUserId = profile?.userId ?? '';
    const verified = await call('POST', `/api/admin/contractors/${profileId}/verify`, admin, {
      status: 'verified',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [notice] = await ctx.platform.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, contractorUserId));
    expect(notice).toMatchObject({ kind: 'contractor_verified', link: '/contractor-dashboard' });
    expect(notice?.title).toMatch(/approved/);

    // a message: the receiver's bell, no mail of its own (the digest is its mail)
    const crew = await person('crew@roof.example', 'contractor');
    await ctx.platform.db
      .update(contractorProfiles)
      .set({ userId: crew.id })
      .where(eq(contractorProfiles.id, profileId));
    const [project] = await ctx.platform.db
      .insert(projects)
      .values({
        title: `SWRX-2026-${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
        address: '9 Oak Ln',
        status: 'in_progress',
        homeownerId: other.id,
        contractorId: profileId,
      })
      .returning({ id: projects.id });
    const mailsBefore = (await mailsTo(crew.email)).length;
    const sent = await call('POST', '/api/messages', other, {
      projectId: project?.id,
      content: 'Hello crew',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const crewList = await listOf(crew);
    expect(crewList.items[0]).toMatchObject({
      kind: 'new_message',
      title: 'New message from lee User',
      body: 'Hello crew',
      link: `/projects/${project?.id}?tab=messages`,
      projectId: project?.id,
    });
    expect((await mailsTo(crew.email)).length).toBe(mailsBefore);

    // a project an admin creates: the other admins are told (and mailed), not its creator
    const created = await call('POST', '/api/projects', admin, {
      title: `SWRX-2026-${crypto.randomUUID().slice(0, 5).toUpperCase()}`,
      homeownerEmail: other.email,
      address: '12 Pine St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().id;
    const desk = await listOf(admin2);
    expect(desk.items[0]).toMatchObject({
      kind: 'project_created',
      projectId,
      link: `/projects/${projectId}`,
    });
    expect(desk.items[0]?.title).toContain('12 Pine St, Austin, TX 78701');
    expect((await mailsTo(admin2.email))[0]?.subject).toMatch(/^New project SWRX-/);
    expect((await listOf(admin)).items.some((n) => n.projectId === projectId)).toBe(false);
  });
});
