import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { insertProject } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { encodeUploadMetadata, type PhotoUploadMetadata } from '../../../domain/projects/photo-uploads';
import type { ProjectFile } from '../../../domain/projects/schemas';
import type { BusMessage } from '../../platform/bus/types';
import { contractorProfiles, projectFiles } from '../../platform/db/schema';

let ctx: TestContext;
let base: string;
const events: BusMessage[] = [];
type Person = Awaited<ReturnType<typeof createUserWithSession>>;
let homeowner: Person;
let contractor: Person;
let contractor2: Person;
let projectId: string;

const TAKEN = '2026:05:12 10:42:07';
/** A JPEG with a GPS position and a capture time in its EXIF, as a phone camera writes. */
const gpsJpeg = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#8a5a2b' } })
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'Phone', Model: 'Roofcam' },
      IFD2: { DateTimeOriginal: TAKEN },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '32/1 46/1 4536/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '96/1 47/1 5976/100',
      },
    })
    .toBuffer();

const tus = { 'tus-resumable': '1.0.0' };

function call(
  who: Person | null,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: Buffer,
) {
  return fetch(`${base}${url}`, {
    method,
    headers: { ...tus, ...(who ? { cookie: who.cookie } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
}

function create(
  who: Person | null,
  length: number,
  meta: Partial<PhotoUploadMetadata> | string,
  project = projectId,
) {
  const metadata = typeof meta === 'string' ? meta : encodeUploadMetadata(meta as PhotoUploadMetadata);
  return call(who, 'POST', `/api/projects/${project}/photos/uploads`, {
    'upload-length': String(length),
    'upload-metadata': metadata,
  });
}

const patch = (
  who: Person,
  url: string,
  offset: number,
  bytes: Buffer,
  type = 'application/offset+octet-stream',
) => call(who, 'PATCH', url, { 'upload-offset': String(offset), 'content-type': type }, bytes);

async function expectJsonError(res: Response, status: number) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error?: string; message?: string };
  expect(typeof body.message === 'string' || typeof body.error === 'string').toBe(true);
}

const rowsOf = () => ctx.platform.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId));

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  ctx.platform.bus.subscribe((m) => events.push(m));
  homeowner = await createUserWithSession(ctx.platform, { email: 'owner@example.com' });
  contractor = await createUserWithSession(ctx.platform, {
    email: 'crew@example.com',
    userType: 'contractor',
  });
  contractor2 = await createUserWithSession(ctx.platform, {
    email: 'other@example.com',
    userType: 'contractor',
  });
  const [profile] = await ctx.platform.db
    .insert(contractorProfiles)
    .values({
      userId: contractor.user.id,
      companyName: 'Lone Star Roofing',
      contactName: 'Marcus Reed',
      contactEmail: 'crew@example.com',
      contactPhone: '(214) 555-0100',
      businessAddress: '1 Main St, Dallas',
      workingStates: ['Texas'],
      verificationStatus: 'verified',
    })
    .returning();
  projectId = await insertProject(ctx.platform, {
    status: 'in_progress',
    homeownerId: homeowner.user.id,
    contractorId: profile?.id,
  });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('localhost', '127.0.0.1');
});

afterAll(async () => {
  await ctx?.close();
});

describe(`resumable photo uploads (tus) on ${testDbKind}`, () => {
  it('refuses others before the body: 401 signed out, 404 a contractor of another project, 403 the homeowner', async () => {
    const meta = { fileName: 'a.jpg', clientId: randomUUID() };
    expect((await create(null, 10, meta)).status).toBe(401);
    await expectJsonError(await create(contractor2, 10, meta), 404);
    await expectJsonError(await create(homeowner, 10, meta), 403);
    const fake = `/api/projects/${projectId}/photos/uploads/${randomUUID()}`;
    expect((await call(contractor2, 'HEAD', fake)).status).toBe(404);
    expect((await call(homeowner, 'HEAD', fake)).status).toBe(403);
    expect((await call(null, 'HEAD', fake)).status).toBe(401);
    await expectJsonError(await patch(homeowner, fake, 0, Buffer.from('x')), 403);
    await expectJsonError(await patch(contractor2, fake, 0, Buffer.from('x')), 404);
  });

  it('resumes: create, half, HEAD offset, the rest; exactly one file, with no location, its capture time kept', async () => {
    const bytes = await gpsJpeg();
    const before = await exifr.gps(bytes);
    expect(before?.latitude).toBeGreaterThan(32);
    const clientId = randomUUID();
    const created = await create(contractor, bytes.length, {
      fileName: 'ridge.jpg',
      clientId,
      step: 'install_completed',
      caption: 'Ridge vent',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const url = created.headers.get('location') ?? '';
    expect(url).toMatch(new RegExp(`^/api/projects/${projectId}/photos/uploads/[0-9a-f-]{36}$`));

    const half = Math.floor(bytes.length / 2);
    const first = await patch(contractor, url, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    const head = await call(contractor, 'HEAD', url);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    // another contractor does not see it, and a wrong offset is a 409
    expect((await call(contractor2, 'HEAD', url)).status).toBe(404);
    await expectJsonError(await patch(contractor, url, 0, bytes.subarray(0, 10)), 409);

    events.length = 0;
    const last = await patch(contractor, url, half, bytes.subarray(half));
    expect(last.status).toBe(200);
    const { files } = (await last.json()) as { files: ProjectFile[] };
    expect(files).toHaveLength(1);
    const file = files[0] as ProjectFile;
    expect(file).toMatchObject({
      fileName: 'ridge.jpg',
      step: 'install_completed',
      caption: 'Ridge vent',
      kind: 'install_photo',
    });
    expect(file.capturedAt).toMatch(/^2026-05-1[12]T/);
    await until(
      async () => events.some((e) => e.kind === 'realtime' && e.event.type === 'project_updated'),
      (seen) => seen,
    );
    expect((await rowsOf()).filter((r) => r.clientId === clientId)).toHaveLength(1);

    for (const path of [file.url, file.thumbnailUrl ?? '']) {
      const res = await call(homeowner, 'GET', path);
      expect(res.status).toBe(200);
      const downloaded = Buffer.from(await res.arrayBuffer());
      expect(await exifr.gps(downloaded).catch(() => undefined)).toBeUndefined();
      expect((await sharp(downloaded).metadata()).exif).toBeUndefined();
    }
    // the finished upload is gone
    expect((await call(contractor, 'HEAD', url)).status).toBe(404);

    // the same clientId again: answered at once, nothing new stored
    const again = await create(contractor, bytes.length, { fileName: 'ridge.jpg', clientId });
    expect(again.status).toBe(200);
    expect(again.headers.get('upload-file-id')).toBe(file.id);
    expect((await rowsOf()).filter((r) => r.clientId === clientId)).toHaveLength(1);
  });

  it('the multipart upload dedupes by clientId too', async () => {
    const clientId = randomUUID();
    const bytes = await gpsJpeg();
    const send = async () => {
      const form = new FormData();
      form.append('clientId', clientId);
      form.append('photos', new Blob([bytes], { type: 'image/jpeg' }), 'eave.jpg');
      return fetch(`${base}/api/projects/${projectId}/photos`, {
        method: 'POST',
        headers: { cookie: contractor.cookie },
        body: form,
      });
    };
    const one = await send();
    expect(one.status).toBe(201);
    const two = await send();
    expect(two.status).toBe(201);
    const a = ((await one.json()) as { files: ProjectFile[] }).files[0];
    const b = ((await two.json()) as { files: ProjectFile[] }).files[0];
    expect(b?.id).toBe(a?.id);
    expect(a?.capturedAt).toMatch(/^2026-05-1[12]T/);
    expect((await rowsOf()).filter((r) => r.clientId === clientId)).toHaveLength(1);
  });

  it('answers hostile headers with a 4xx in the JSON form, never a 500', async () => {
    const ok = { fileName: 'x.jpg', clientId: randomUUID() };
    await expectJsonError(await create(contractor, 0, ok), 400);
    await expectJsonError(await create(contractor, 50 * 1024 * 1024, ok), 413);
    await expectJsonError(
      await call(contractor, 'POST', `/api/projects/${projectId}/photos/uploads`, {
        'upload-length': '-5',
        'upload-metadata': encodeUploadMetadata(ok),
      }),
      400,
    );
    await expectJsonError(
      await call(contractor, 'POST', `/api/projects/${projectId}/photos/uploads`, {
        'upload-length': '1e9',
        'upload-metadata': encodeUploadMetadata(ok),
      }),
      400,
    );
    await expectJsonError(await create(contractor, 10, 'fileName !!!,clientId ???'), 400);
    await expectJsonError(await create(contractor, 10, { fileName: 'x.jpg', clientId: 'not-a-uuid' }), 400);
    await expectJsonError(await create(contractor, 10, { ...ok, capturedAt: 'yesterday' }), 400);
    await expectJsonError(await create(contractor, 10, ''), 400);
    await expectJsonError(
      await fetch(`${base}/api/projects/${projectId}/photos/uploads`, {
        method: 'POST',
        headers: {
          cookie: contractor.cookie,
          'upload-length': '10',
          'upload-metadata': encodeUploadMetadata(ok),
        },
      }),
      412,
    );

    const created = await create(contractor, 10, ok);
    const url = created.headers.get('location') ?? '';
    await expectJsonError(await patch(contractor, url, 0, Buffer.alloc(11)), 400);
    await expectJsonError(await patch(contractor, url, 0, Buffer.alloc(4), 'application/json'), 415);
    await expectJsonError(
      await call(
        contractor,
        'PATCH',
        url,
        { 'upload-offset': 'abc', 'content-type': 'application/offset+octet-stream' },
        Buffer.alloc(2),
      ),
      400,
    );
    await expectJsonError(await patch(contractor, url, 7, Buffer.alloc(2)), 409);
    // ten bytes that are not an image: refused as the multipart upload refuses it, and gone
    await expectJsonError(await patch(contractor, url, 0, Buffer.alloc(10)), 415);
    expect((await call(contractor, 'HEAD', url)).status).toBe(404);
    await expectJsonError(
      await patch(contractor, `/api/projects/${projectId}/photos/uploads/..%2f..%2fetc`, 0, Buffer.alloc(1)),
      404,
    );
  });
});
