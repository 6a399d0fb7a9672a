import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realPdf } from '../../../../tests/helpers/hostile-files';
import { callerOf, type Person, testContractor, testPerson } from '../../../../tests/helpers/people';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { type ActivityItem, activityPageSchema } from '../../../domain/projects/activity';
import { projectFileSchema } from '../../../domain/projects/schemas';
import { projects } from '../../platform/db/schema';
import { createProjectActivityRepo } from './project-activity.repo';

/**
 * Issue 23 #8 and #9: the activity feed says what happened, to each party as they may read it;
 * photos carry a step and a caption; a message can carry a photo.
 */

let ctx: TestContext;
let admin: Person;
let homeowner: Person;
let otherHomeowner: Person;
let summit: Person & { profileId: string };
let crew: Person & { profileId: string };
let projectId: string;
let ip = 0;
const call = callerOf(() => ctx.app);
const person = (email: string, userType: 'homeowner' | 'admin' | 'contractor', firstName: string) =>
  testPerson(ctx.platform, email, userType, firstName);
const contractorPerson = (email: string, firstName: string, companyName: string) =>
  testContractor(ctx.platform, email, { firstName, companyName });

type Field = { field: string; value: string } | { field: string; name: string; data: Buffer };

function multipart(parts: Field[]) {
  const boundary = `----rl${Math.random().toString(16).slice(2)}`;
  const chunks = parts.map((p) =>
    'value' in p
      ? Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`,
        )
      : Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.name}"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          p.data,
          Buffer.from('\r\n'),
        ]),
  );
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(who: Person, what: 'photos' | 'images' | 'documents', parts: Field[]) {
  const { body, contentType } = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/${what}`,
    headers: { 'content-type': contentType, cookie: who.cookie },
    payload: body,
    remoteAddress: `198.51.100.${(++ip % 250) + 1}`,
  });
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#b0542c' } })
    .png()
    .toBuffer();

async function feed(who: Person, query = ''): Promise<{ items: ActivityItem[]; nextCursor: string | null }> {
  const res = await call('GET', `/api/projects/${projectId}/activity${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return activityPageSchema.parse(res.json());
}
const texts = async (who: Person) => (await feed(who)).items.map((i) => i.text);

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await person('admin@ridgeline.test', 'admin', 'Ann');
  homeowner = await person('sarah@activity.example', 'homeowner', 'Sarah');
  otherHomeowner = await person('other@activity.example', 'homeowner', 'Otto');
  summit = await contractorPerson('summit@activity.example', 'Sam', 'Summit Roofing');
  crew = await contractorPerson('marcus@activity.example', 'Marcus', 'Lone Star Roofing');

  const created = await call('POST', '/api/projects', admin, {
    title: 'SWRX-ACTIVITY-1',
    homeownerEmail: homeowner.email,
    address: '12 Elm St',
    city: 'Dallas',
    state: 'Texas',
    zipCode: '75201',
    estimatedCost: 1_500_000,
  });
  expect(created.statusCode, created.body).toBe(201);
  projectId = created.json().id;
  const steps: [Person, 'PUT' | 'POST', string, unknown][] = [
    [admin, 'PUT', '', { contractorId: summit.profileId, status: 'matched' }],
    [summit, 'POST', '/decline', { reason: 'Too far from our yard' }],
    [admin, 'PUT', '', { contractorId: crew.profileId, status: 'matched' }],
    [crew, 'PUT', '', { status: 'in_progress' }],
    [crew, 'PUT', '', { permitStatus: 'issued' }],
    // the same value again changes nothing: no second event
    [crew, 'PUT', '', { permitStatus: 'issued' }],
    [
      crew,
      'PUT',
      '',
      {
        crewScheduled: true,
        crewScheduledDate: '2026-12-03T12:00:00.000Z',
        crewArrivalStart: '08:00',
        crewArrivalEnd: '10:00',
      },
    ],
  ];
  for (const [who, method, path, body] of steps) {
    const res = await call(method, `/api/projects/${projectId}${path}`, who, body);
    expect(res.statusCode, `${path} ${res.body}`).toBe(200);
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe(`the activity feed (${testDbKind})`, () => {
  it('tells each party what happened, newest first, as they may read it', async () => {
    expect(await texts(admin)).toEqual([
      'Crew scheduled for Dec 3, 8-10 am',
      'Marcus set Permit Status: issued',
      'Work started',
      'Lone Star Roofing was assigned',
      'Summit Roofing declined the match: Too far from our yard',
      'Summit Roofing was assigned',
      'Project created',
    ]);
    expect(await texts(homeowner)).toEqual([
      'Crew scheduled for Dec 3, 8-10 am',
      'Marcus set Permit Status: issued',
      'Work started',
      'Lone Star Roofing was assigned',
      'Finding another contractor',
      'Summit Roofing was assigned',
      'Project created',
    ]);
    // the contractor sees no other contractor's match, nor why it was declined
    expect(await texts(crew)).toEqual([
      'Crew scheduled for Dec 3, 8-10 am',
      'Marcus set Permit Status: issued',
      'Work started',
      'Lone Star Roofing was assigned',
      'Project created',
    ]);
    const body = JSON.stringify(await feed(homeowner));
    expect(body).not.toContain('Too far');
    expect(body).not.toMatch(/1320000|contractorPayment/);
  });

  it('pages with a cursor and refuses a bad one or a bad limit (400)', async () => {
    const first = await feed(admin, '?limit=3');
    expect(first.items).toHaveLength(3);
    expect(first.nextCursor).toBe(first.items[2]?.id);
    const second = await feed(admin, `?limit=3&cursor=${first.nextCursor}`);
    const third = await feed(admin, `?limit=3&cursor=${second.nextCursor}`);
    expect([...first.items, ...second.items, ...third.items].map((i) => i.text)).toEqual(await texts(admin));
    expect(third.nextCursor).toBeNull();
    for (const q of [
      '?cursor=not-a-uuid',
      '?limit=0',
      '?limit=51',
      '?limit=abc',
      `?cursor=${'x'.repeat(300)}`,
    ]) {
      const res = await call('GET', `/api/projects/${projectId}/activity${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("is the project's parties' only: 404 for anyone else, 401 signed out", async () => {
    expect((await call('GET', `/api/projects/${projectId}/activity`, otherHomeowner)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${projectId}/activity`, summit)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${projectId}/activity`)).statusCode).toBe(401);
    expect((await call('GET', '/api/projects/nope/activity', admin)).statusCode).toBe(404);
  });
});

describe(`the photo log (${testDbKind})`, () => {
  let photoIds: string[] = [];

  it('stores the step and caption sent before each photo, and the feed counts them per step', async () => {
    const res = await upload(crew, 'photos', [
      { field: 'step', value: 'install_completed' },
      { field: 'caption', value: 'New ridge vent' },
      { field: 'photos', name: 'a.png', data: await png() },
      { field: 'caption', value: 'Drip edge, north side' },
      { field: 'photos', name: 'b.png', data: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json().files.map((f: unknown) => projectFileSchema.parse(f));
    expect(files.map((f: { step: string | null; caption: string | null }) => [f.step, f.caption])).toEqual([
      ['install_completed', 'New ridge vent'],
      ['install_completed', 'Drip edge, north side'],
    ]);
    photoIds = files.map((f: { id: string }) => f.id);
    expect((await texts(homeowner))[0]).toBe('2 photos added to Install Completed');
    const project = await call('GET', `/api/projects/${projectId}`, homeowner);
    expect(project.json().files.map((f: { caption: string }) => f.caption)).toEqual([
      'New ridge vent',
      'Drip edge, north side',
    ]);
  });

  it('refuses a hostile step or caption at upload (400), storing nothing', async () => {
    for (const detail of [
      { field: 'step', value: 'roof' },
      { field: 'caption', value: 'x'.repeat(201) },
      { field: 'caption', value: 'two\nlines' },
      { field: 'caption', value: 'evil\u202Etxt' },
    ]) {
      const res = await upload(crew, 'photos', [
        detail,
        { field: 'photos', name: 'c.png', data: await png() },
      ]);
      expect(res.statusCode, JSON.stringify(detail)).toBe(400);
    }
    const list = await call('GET', `/api/projects/${projectId}/files`, crew);
    expect(list.json()).toHaveLength(2);
  });

  it("lets the uploader or an admin change a photo's step and caption", async () => {
    const url = `/api/projects/${projectId}/files/${photoIds[0]}`;
    const mine = await call('PATCH', url, crew, { step: 'crew_scheduled', caption: '  Before tear-off ' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ step: 'crew_scheduled', caption: 'Before tear-off' });
    const byAdmin = await call('PATCH', url, admin, { caption: null });
    expect(byAdmin.json()).toMatchObject({ step: 'crew_scheduled', caption: null });
    expect((await call('PATCH', url, homeowner, { caption: 'mine' })).statusCode).toBe(403);
    expect((await call('PATCH', url, otherHomeowner, { caption: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', url, undefined, { caption: 'x' })).statusCode).toBe(401);
    const missing = `/api/projects/${projectId}/files/00000000-0000-4000-8000-000000000000`;
    expect((await call('PATCH', missing, crew, { caption: 'x' })).statusCode).toBe(404);
    for (const body of [
      {},
      { step: 'roof' },
      { caption: 'x'.repeat(201) },
      { caption: 5 },
      { kind: 'image' },
      [],
    ]) {
      const res = await call('PATCH', url, crew, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses a step on a document (400)', async () => {
    // documents take no step field: it is ignored at upload, and a PATCH is refused
    const res = await upload(homeowner, 'documents', [
      { field: 'step', value: 'permit_status' },
      { field: 'documents', name: 'permit.pdf', data: await realPdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json().files[0];
    expect(doc.step).toBeNull();
    const patch = await call('PATCH', `/api/projects/${projectId}/files/${doc.id}`, homeowner, {
      step: 'permit_status',
    });
    expect(patch.statusCode).toBe(400);
  });
});

describe(`a message with a photo (${testDbKind})`, () => {
  it('carries a photo the sender uploaded, shown to the other side as a thumbnail', async () => {
    const photos = (await call('GET', `/api/projects/${projectId}/files`, crew)).json();
    const photo = photos.find((f: { kind: string }) => f.kind === 'install_photo');
    const sent = await call('POST', '/api/messages', crew, {
      projectId,
      content: '',
      attachmentFileId: photo.id,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await call('GET', `/api/messages/user/${homeowner.id}`, homeowner);
    const received = list.json().find((m: { id: string }) => m.id === sent.json().id);
    expect(received.attachment).toEqual({
      fileId: photo.id,
      fileName: photo.fileName,
      url: `/api/projects/${projectId}/files/${photo.id}`,
      thumbnailUrl: `/api/projects/${projectId}/files/${photo.id}/thumbnail`,
    });
    expect((await call('GET', received.attachment.thumbnailUrl, homeowner)).statusCode).toBe(200);
    expect((await call('GET', received.attachment.url, otherHomeowner)).statusCode).toBe(404);
  });

  it("refuses a file the sender did not upload, another project's, or none at all (400)", async () => {
    const photos = (await call('GET', `/api/projects/${projectId}/files`, crew)).json();
    const photo = photos.find((f: { kind: string }) => f.kind === 'install_photo');
    for (const body of [
      { projectId, content: 'look', attachmentFileId: photo.id },
      { projectId, content: 'look', attachmentFileId: '00000000-0000-4000-8000-000000000000' },
      { projectId, content: 'look', attachmentFileId: 'nope' },
      { projectId, content: '   ' },
    ]) {
      const res = await call('POST', '/api/messages', homeowner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe(`recent activity across one's projects (${testDbKind})`, () => {
  it("answers a homeowner's own five newest events, and nobody else's", async () => {
    const res = await call('GET', '/api/activity/mine?limit=5', homeowner);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json() as ActivityItem[];
    expect(items).toHaveLength(5);
    expect(items.map((i) => [i.projectTitle, i.text]).slice(0, 2)).toEqual([
      ['SWRX-ACTIVITY-1', '1 document added'],
      ['SWRX-ACTIVITY-1', '2 photos added to Install Completed'],
    ]);
    expect((await call('GET', '/api/activity/mine', otherHomeowner)).json()).toEqual([]);
    const forCrew = (await call('GET', '/api/activity/mine?limit=20', crew)).json() as ActivityItem[];
    expect(forCrew.map((i) => i.text)).not.toContain('Finding another contractor');
    expect((await call('GET', '/api/activity/mine?limit=21', homeowner)).statusCode).toBe(400);
    expect((await call('GET', '/api/activity/mine')).statusCode).toBe(401);
  });
});

describe(`the feed of a project made before it (${testDbKind})`, () => {
  it('tells its milestones and finished steps from its columns (migration 0018, demo data)', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 2, d, 15));
    const [row] = await ctx.platform.db
      .insert(projects)
      .values({
        title: 'SWRX-ACTIVITY-OLD',
        address: '9 Old Rd',
        homeownerId: homeowner.id,
        contractorId: crew.profileId,
        status: 'in_progress',
        createdAt: day(1),
        assignedAt: day(2),
        startDate: day(3),
        homeownerContactCompleted: true,
        homeownerContactDate: day(4),
        permitStatus: 'issued',
        permitApplicationDate: day(5),
        permitIssuedDate: day(6),
        materialStatus: 'ordered',
        materialOrderedDate: day(7),
      })
      .returning({ id: projects.id });
    const id = row?.id as string;
    await createProjectActivityRepo(ctx.platform.db).backfill(ctx.platform.db, [id]);
    const res = await call('GET', `/api/projects/${id}/activity`, homeowner);
    expect(res.json().items.map((i: ActivityItem) => i.text)).toEqual([
      'Marcus set Material Order: ordered',
      'Marcus set Permit Status: issued',
      'Marcus set Permit Status: applied',
      'Marcus completed Homeowner Contact',
      'Work started',
      'Lone Star Roofing was assigned',
      'Project created',
    ]);
  });
});
