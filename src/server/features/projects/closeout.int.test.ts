import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ContractorPerson,
  callerOf,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { closeoutMessages, inspectionItemKeys } from '../../../domain/projects/closeout';
import {
  type Closeout,
  closeoutSchema,
  openPunchListSchema,
} from '../../../domain/projects/closeout-schemas';
import { projectSchema } from '../../../domain/projects/schemas';
import { auditLog, notifications } from '../../platform/db/schema';

/**
 * Issue 25 items 1-2: the final inspection, the homeowner's acceptance and the punch list, who
 * may do each, what a hostile body gets (400, never 500), and what everyone is told.
 */

let ctx: TestContext;
let admin: Person;
let homeowner: Person;
let stranger: Person;
let crew: ContractorPerson;
let otherCrew: ContractorPerson;
let seq = 0;
let ip = 0;
const call = callerOf(() => ctx.app);

/** A project of `homeowner` worked by `crew`, its installation marked complete. */
async function completedProject(): Promise<string> {
  const created = await call('POST', '/api/projects', admin, {
    title: `SWRX-CLOSE-${++seq}`,
    homeownerEmail: homeowner.email,
    address: `${300 + seq} Elm St`,
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost: 1_500_000,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const [who, body] of [
    [admin, { contractorId: crew.profileId, status: 'matched' }],
    [crew, { status: 'in_progress' }],
    [crew, { installCompleted: true }],
  ] as const) {
    const res = await call('PUT', `/api/projects/${id}`, who, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

async function photo(projectId: string, who: Person, what: 'photos' | 'images'): Promise<string> {
  const data = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2c6fb0' } })
    .png()
    .toBuffer();
  const b = `----rl${++ip}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/${what}`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, cookie: who.cookie },
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${what}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().files[0].id;
}

const checklist = (over: Record<string, unknown> = {}) => ({
  items: inspectionItemKeys.map((key) => ({ key, checked: true, ...(key === 'flashing' ? over : {}) })),
});

const base = (id: string) => `/api/projects/${id}/closeout`;

async function closeoutOf(id: string, who: Person): Promise<Closeout> {
  const res = await call('GET', base(id), who);
  expect(res.statusCode, res.body).toBe(200);
  return closeoutSchema.parse(res.json());
}

async function kindsFor(userId: string, projectId: string): Promise<number> {
  const rows = await ctx.platform.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.projectId, projectId),
        eq(notifications.kind, 'closeout'),
      ),
    );
  return rows.length;
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await testPerson(ctx.platform, 'ops@ridgeline.test', 'admin');
  homeowner = await testPerson(ctx.platform, 'dana.close@example.com');
  stranger = await testPerson(ctx.platform, 'someone.else@example.com');
  crew = await testContractor(ctx.platform, 'crew@close.example', { companyName: 'Summit Roofing' });
  otherCrew = await testContractor(ctx.platform, 'crew@other.example');
});

afterAll(async () => {
  await ctx?.close();
});

describe(`closeout on ${testDbKind}`, () => {
  it('takes a job from the inspection through one punch item to the accepted work', async () => {
    const id = await completedProject();
    expect((await closeoutOf(id, homeowner)).stage).toBe('inspection_due');
    // nothing to accept or report before the inspection
    expect((await call('POST', `${base(id)}/accept`, homeowner)).statusCode).toBe(409);
    expect((await call('POST', `${base(id)}/punch-items`, homeowner, { note: 'x' })).statusCode).toBe(409);

    const flashingPhoto = await photo(id, crew, 'photos');
    const submitted = await call(
      'POST',
      `${base(id)}/inspection`,
      crew,
      checklist({ photoIds: [flashingPhoto] }),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const view = closeoutSchema.parse(submitted.json());
    expect(view.stage).toBe('awaiting_acceptance');
    expect(view.inspection?.items.map((i) => i.key)).toEqual([...inspectionItemKeys]);
    expect(view.inspection?.items[0]?.photos.map((p) => p.id)).toEqual([flashingPhoto]);
    expect(await kindsFor(homeowner.id, id)).toBe(1);
    expect((await call('POST', `${base(id)}/inspection`, crew, checklist())).json().message).toBe(
      closeoutMessages.alreadySubmitted,
    );

    const issuePhoto = await photo(id, homeowner, 'images');
    const reported = await call('POST', `${base(id)}/punch-items`, homeowner, {
      note: 'Nails left on the driveway',
      photoIds: [issuePhoto],
    });
    expect(reported.statusCode, reported.body).toBe(200);
    const item = closeoutSchema.parse(reported.json()).punchItems[0];
    expect(item).toMatchObject({ status: 'open', note: 'Nails left on the driveway' });
    expect(item?.photos.map((p) => p.id)).toEqual([issuePhoto]);
    const asProject = projectSchema.parse((await call('GET', `/api/projects/${id}`, homeowner)).json());
    expect(asProject).toMatchObject({ openPunchItems: 1, workAcceptedAt: null, status: 'completed' });
    expect((await call('POST', `${base(id)}/accept`, homeowner)).json().message).toBe(
      closeoutMessages.punchOpen,
    );

    // the admins see the open list and its age
    const lists = openPunchListSchema.parse((await call('GET', '/api/admin/punch-lists', admin)).json());
    expect(lists.find((l) => l.projectId === id)).toMatchObject({
      openItems: 1,
      companyName: 'Summit Roofing',
    });

    const itemUrl = `${base(id)}/punch-items/${item?.id}`;
    const resolved = await call('POST', `${itemUrl}/resolve`, crew, { note: 'Swept with the magnet again' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(closeoutSchema.parse(resolved.json()).stage).toBe('awaiting_acceptance');
    expect((await call('POST', `${itemUrl}/resolve`, crew, { note: 'again' })).statusCode).toBe(409);

    expect(
      (await call('POST', `${itemUrl}/reopen`, homeowner, { note: 'Still two by the gate' })).statusCode,
    ).toBe(200);
    const noted = await call('POST', `${itemUrl}/admin-note`, admin, { note: 'We will check on Monday.' });
    expect(noted.statusCode, noted.body).toBe(200);
    expect((await closeoutOf(id, homeowner)).punchItems[0]).toMatchObject({
      status: 'open',
      reopenNote: 'Still two by the gate',
      adminNote: 'We will check on Monday.',
    });
    const byAdmin = await call('POST', `${itemUrl}/resolve`, admin, { note: 'Checked on site: clean.' });
    expect(closeoutSchema.parse(byAdmin.json()).punchItems[0]).toMatchObject({
      status: 'resolved',
      resolvedByAdmin: true,
    });

    const accepted = await call('POST', `${base(id)}/accept`, homeowner);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(closeoutSchema.parse(accepted.json()).stage).toBe('accepted');
    const after = projectSchema.parse((await call('GET', `/api/projects/${id}`, crew)).json());
    expect(after.workAcceptedAt).toEqual(expect.any(String));
    expect(after.status).toBe('completed');
    expect(await kindsFor(crew.id, id)).toBeGreaterThanOrEqual(3);

    // the work accepted: the job stays completed and the punch list is closed
    const reopenInstall = await call('PUT', `/api/projects/${id}`, crew, { installCompleted: false });
    expect(reopenInstall.statusCode).toBe(409);
    expect(reopenInstall.json().message).toBe(closeoutMessages.reopenAccepted);
    expect((await call('POST', `${base(id)}/punch-items`, homeowner, { note: 'late' })).statusCode).toBe(409);
    const stillOpen = openPunchListSchema.parse((await call('GET', '/api/admin/punch-lists', admin)).json());
    expect(stillOpen.some((l) => l.projectId === id)).toBe(false);
    const actions = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'project.closeout.inspection_submitted',
        'project.closeout.admin_note',
        'project.closeout.work_accepted',
      ]),
    );
  });

  it('asks for a new inspection when the installation is reopened before acceptance', async () => {
    const id = await completedProject();
    expect((await call('POST', `${base(id)}/inspection`, crew, checklist())).statusCode).toBe(200);
    expect((await call('PUT', `/api/projects/${id}`, crew, { installCompleted: false })).statusCode).toBe(
      200,
    );
    expect((await closeoutOf(id, admin)).stage).toBe('not_ready');
    expect((await call('PUT', `/api/projects/${id}`, crew, { installCompleted: true })).statusCode).toBe(200);
    expect((await closeoutOf(id, admin)).stage).toBe('inspection_due');
  });

  it('lets each party do only their part, before reading the body', async () => {
    const id = await completedProject();
    const cases: [string, Person | undefined, number][] = [
      ['inspection', homeowner, 403],
      ['inspection', admin, 403],
      ['inspection', otherCrew, 404],
      ['inspection', stranger, 404],
      ['inspection', undefined, 401],
      ['accept', crew, 403],
      ['accept', admin, 403],
      ['punch-items', crew, 403],
      ['punch-items/5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77/resolve', homeowner, 403],
      ['punch-items/5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77/admin-note', crew, 403],
      ['punch-items/5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77/reopen', admin, 403],
    ];
    for (const [path, who, status] of cases) {
      const res = await call('POST', `${base(id)}/${path}`, who, { not: 'read' });
      expect(res.statusCode, `${path} ${res.body}`).toBe(status);
    }
    expect((await call('GET', base(id), stranger)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/punch-lists', homeowner)).statusCode).toBe(403);
  });

  it('answers hostile bodies with 400 in the contract form, never 500', async () => {
    const id = await completedProject();
    const otherProject = await completedProject();
    const foreignPhoto = await photo(otherProject, crew, 'photos');
    const bodies: unknown[] = [
      { items: 'all' },
      { items: [] },
      checklist({ checked: 'yes' }),
      checklist({ checked: false }),
      checklist({ note: 'x'.repeat(5000) }),
      checklist({ note: 'bad\u0000byte' }),
      checklist({ photoIds: ['../../etc/passwd'] }),
      checklist({ photoIds: [foreignPhoto] }),
      checklist({ photoIds: ['5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77'] }),
      { items: [...checklist().items, ...checklist().items] },
      [],
      null,
    ];
    for (const body of bodies) {
      const res = await call('POST', `${base(id)}/inspection`, crew, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    expect((await closeoutOf(id, crew)).stage).toBe('inspection_due');
    expect((await call('POST', `${base(id)}/inspection`, crew, checklist())).statusCode).toBe(200);
    for (const body of [
      {},
      { note: '' },
      { note: 42 },
      { note: 'x', photoIds: 'a' },
      { note: '\u202Eevil' },
    ]) {
      const res = await call('POST', `${base(id)}/punch-items`, homeowner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const missing = await call('POST', `${base(id)}/punch-items/not-a-uuid/resolve`, crew, { note: 'x' });
    expect(missing.statusCode).toBe(404);
    const unknown = await call(
      'POST',
      `${base(id)}/punch-items/5b1f8d4e-0a4c-4f55-9a43-3d2c1e0f9a77/reopen`,
      homeowner,
      { note: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
  });
});
