import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  htmlAfterJpegHeader,
  htmlAfterPdfSignature,
  hugePng,
  pdfWithoutPages,
  realPdf,
  truncatedJpeg,
} from '../../../../tests/helpers/hostile-files';
import { insertProject as insertProjectRow } from '../../../../tests/helpers/projects';
import { storedKeysIn } from '../../../../tests/helpers/stored-files';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { uploadedContentMessages } from '../../../domain/files/content-type';
import { MAX_FILE_NAME_LENGTH } from '../../../domain/projects/project-files';
import {
  IMAGE_MAX_BYTES,
  MAX_FILES_PER_UPLOAD,
  type ProjectFile,
  projectFileMessages,
} from '../../../domain/projects/schemas';
import type { BusMessage } from '../../platform/bus/types';
import { auditLog, contractorProfiles, projectFiles } from '../../platform/db/schema';

let ctx: TestContext;
let ip = 0;
const events: BusMessage[] = [];

type Person = Awaited<ReturnType<typeof createUserWithSession>>;
let homeowner: Person;
let homeowner2: Person;
let contractor: Person;
let contractor2: Person;
let admin: Person;
let projectId: string;

// ---------------------------------------------------------------- real images, made here

const png = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 4, background: { r: 30, g: 120, b: 200, alpha: 0.6 } } })
    .png()
    .toBuffer();
const jpeg = (width = 640, height = 960) =>
  sharp({ create: { width, height, channels: 3, background: '#b0542c' } })
    .jpeg()
    .toBuffer();
const gif = () =>
  sharp({ create: { width: 200, height: 120, channels: 3, background: '#2a9d3f' } })
    .gif()
    .toBuffer();
let realPdfBytes: Buffer;
/** A real one-page PDF (made once, by pdfkit). */
const pdf = () => realPdfBytes;

// ---------------------------------------------------------------- calls

interface Part {
  field: string;
  /** Raw bytes of the filename parameter (so control characters can be sent as they are). */
  name: string | Buffer;
  data: Buffer;
  type?: string;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----rl${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="`),
        Buffer.isBuffer(p.name) ? p.name : Buffer.from(p.name, 'utf8'),
        Buffer.from(`"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`),
        p.data,
        Buffer.from('\r\n'),
      ]),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  who: Person | null,
  what: 'photos' | 'documents' | 'images',
  parts: Part[],
  project = projectId,
) {
  const { body, contentType } = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${project}/${what}`,
    headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) },
    payload: body,
    remoteAddress: `198.51.100.${(++ip % 250) + 1}`,
  });
}

const photo = (name: string, data: Buffer, type = 'image/png'): Part => ({
  field: 'photos',
  name,
  data,
  type,
});

async function get(who: Person | null, url: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
  });
}

async function rowsOf(project = projectId) {
  return ctx.platform.db.select().from(projectFiles).where(eq(projectFiles.projectId, project));
}

/** Every file stored for a project (on disk under DATA_DIR, or in PostgreSQL). */
function storedFiles(project = projectId): Promise<string[]> {
  return storedKeysIn(ctx.platform, `projects/${project}`);
}

async function newProject(): Promise<string> {
  const [profile] = await ctx.platform.db
    .select()
    .from(contractorProfiles)
    .where(eq(contractorProfiles.userId, contractor.user.id));
  return insertProjectRow(ctx.platform, {
    status: 'in_progress',
    homeownerId: homeowner.user.id,
    contractorId: profile?.id,
  });
}

async function contractorWithProfile(email: string, companyName: string): Promise<Person> {
  const person = await createUserWithSession(ctx.platform, { email, userType: 'contractor' });
  await ctx.platform.db.insert(contractorProfiles).values({
    userId: person.user.id,
    companyName,
    contactName: 'Marcus Reed',
    contactEmail: email,
    contactPhone: '(214) 555-0100',
    businessAddress: '1 Main St, Dallas',
    workingStates: ['Texas'],
    verificationStatus: 'verified',
  });
  return person;
}

beforeAll(async () => {
  realPdfBytes = await realPdf({ text: 'Roofing contract' });
  ctx = await createTestContext({ runWorkers: false });
  ctx.platform.bus.subscribe((m) => events.push(m));
  homeowner = await createUserWithSession(ctx.platform, { email: 'owner@example.com' });
  homeowner2 = await createUserWithSession(ctx.platform, { email: 'neighbour@example.com' });
  admin = await createUserWithSession(ctx.platform, { email: 'staff@ridgeline.test', userType: 'admin' });
  contractor = await contractorWithProfile('crew@example.com', 'Lone Star Roofing');
  contractor2 = await contractorWithProfile('other-crew@example.com', 'Other Roofing');
  projectId = await newProject();
});

afterAll(async () => {
  await ctx?.close();
});

describe(`installation photos and project documents on ${testDbKind}`, () => {
  it("stores the assigned contractor's PNG, JPEG and GIF with a decodable JPEG thumbnail beside each", async () => {
    const images = { png: await png(), jpeg: await jpeg(), gif: await gif() };
    const res = await upload(contractor, 'photos', [
      photo('roof-before.png', images.png),
      photo('ridge.jpg', images.jpeg, 'image/jpeg'),
      photo('flashing.gif', images.gif, 'image/gif'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { files, message } = res.json() as { files: ProjectFile[]; message: string };
    expect(message).toBe(projectFileMessages.uploaded(3));
    expect(files.map((f) => [f.kind, f.fileName, f.contentType, f.size])).toEqual([
      ['install_photo', 'roof-before.png', 'image/png', images.png.length],
      ['install_photo', 'ridge.jpg', 'image/jpeg', images.jpeg.length],
      ['install_photo', 'flashing.gif', 'image/gif', images.gif.length],
    ]);

    for (const [file, original] of [
      [files[0], images.png],
      [files[1], images.jpeg],
      [files[2], images.gif],
    ] as const) {
      expect(file?.url).toBe(`/api/projects/${projectId}/files/${file?.id}`);
      expect(file?.thumbnailUrl).toBe(`${file?.url}/thumbnail`);
      expect(file?.uploadedBy).toBe(contractor.user.id);
      const full = await get(contractor, file?.url ?? '');
      expect(full.statusCode).toBe(200);
      expect(full.headers['content-type']).toBe(file?.contentType);
      expect(full.rawPayload.equals(original)).toBe(true);

      const thumb = await get(contractor, file?.thumbnailUrl ?? '');
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeLessThanOrEqual(320);
      // decodable to the last pixel, not only a header
      const decoded = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect(decoded.info.width).toBe(meta.width);
    }
    // the 1200 x 800 PNG is scaled to 320 wide, keeping its shape
    const first = await sharp((await get(admin, files[0]?.thumbnailUrl ?? '')).rawPayload).metadata();
    expect([first.width, first.height]).toEqual([320, 213]);
    expect(await storedFiles()).toHaveLength(6);
  });

  it('refuses a text file renamed .png (415) and an image that does not decode (415), storing nothing', async () => {
    const before = { rows: (await rowsOf()).length, stored: (await storedFiles()).length };
    const text = await upload(contractor, 'photos', [
      photo('notes.png', Buffer.from('these are not pixels, just a note about the roof\n'), 'image/png'),
    ]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: projectFileMessages.imageType });

    const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const broken = await upload(contractor, 'photos', [
      photo('ok.jpg', await jpeg(), 'image/jpeg'),
      photo('broken.png', Buffer.concat([pngSignature, Buffer.alloc(4000, 7)])),
    ]);
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe(uploadedContentMessages.imageUnreadable);

    const pdfAsPhoto = await upload(contractor, 'photos', [photo('plan.png', pdf())]);
    expect(pdfAsPhoto.statusCode).toBe(415);
    expect({ rows: (await rowsOf()).length, stored: (await storedFiles()).length }).toEqual(before);
  });

  it('issue 21 #6: refuses files whose first bytes lie, each with its reason, storing nothing of the upload', async () => {
    const before = { rows: (await rowsOf()).length, stored: (await storedFiles()).length };
    const good = await jpeg(200, 150);
    const doc = (name: string, data: Buffer): Part => ({
      field: 'documents',
      name,
      data,
      type: 'application/pdf',
    });
    const img = (name: string, data: Buffer): Part => ({ field: 'images', name, data, type: 'image/jpeg' });

    // HTML after %PDF, and a PDF with no page, as documents: the PDF does not open
    for (const data of [htmlAfterPdfSignature(), pdfWithoutPages()]) {
      const res = await upload(homeowner, 'documents', [
        doc('Contract.pdf', pdf()),
        doc('invoice.pdf', data),
      ]);
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ message: uploadedContentMessages.pdfUnreadable });
    }
    // a JPEG header followed by HTML, as a document, an image and a photo
    const jpegHtml = await htmlAfterJpegHeader();
    for (const res of [
      await upload(homeowner, 'documents', [doc('scan.jpg', jpegHtml)]),
      await upload(homeowner, 'images', [img('ok.jpg', good), img('front.jpg', jpegHtml)]),
      await upload(contractor, 'photos', [photo('ridge.jpg', jpegHtml, 'image/jpeg')]),
    ]) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({ message: uploadedContentMessages.imageUnreadable });
    }
    // a JPEG cut short
    const cut = await upload(contractor, 'photos', [photo('cut.jpg', await truncatedJpeg(), 'image/jpeg')]);
    expect(cut.statusCode).toBe(415);
    expect(cut.json()).toEqual({ message: uploadedContentMessages.imageUnreadable });
    // 144 megapixels in a few hundred kB: refused from its header, with its size in pixels
    const huge = await hugePng();
    for (const res of [
      await upload(contractor, 'photos', [photo('ok.jpg', good, 'image/jpeg'), photo('pano.png', huge)]),
      await upload(homeowner, 'documents', [doc('plan.png', huge)]),
    ]) {
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({ message: uploadedContentMessages.imageTooManyPixels(12_000, 12_000) });
      expect(res.json().message).toMatch(/12,000 × 12,000 pixels \(144 megapixels\).*at most 40 megapixels/);
    }
    expect({ rows: (await rowsOf()).length, stored: (await storedFiles()).length }).toEqual(before);

    // the real files of the same kinds are still taken
    const ok = await upload(homeowner, 'documents', [doc('Contract.pdf', pdf()), doc('scan.jpg', good)]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().files.map((f: ProjectFile) => f.contentType)).toEqual(['application/pdf', 'image/jpeg']);
  });

  it('refuses a photo of 10 MB + 1 byte (413) and keeps nothing of the upload, not even its valid files', async () => {
    const before = { rows: (await rowsOf()).length, stored: (await storedFiles()).length };
    const valid = await png(300, 200);
    const tooLarge = Buffer.concat([valid, Buffer.alloc(IMAGE_MAX_BYTES + 1 - valid.length)]);
    expect(tooLarge.length).toBe(IMAGE_MAX_BYTES + 1);
    const res = await upload(contractor, 'photos', [photo('first.png', valid), photo('huge.png', tooLarge)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: projectFileMessages.imageTooLarge });
    expect({ rows: (await rowsOf()).length, stored: (await storedFiles()).length }).toEqual(before);
  });

  it('refuses more files than one upload takes (413), no files (400) and a body that is not multipart (415)', async () => {
    const before = (await storedFiles()).length;
    const small = await png(20, 20);
    const many = await upload(
      contractor,
      'photos',
      Array.from({ length: MAX_FILES_PER_UPLOAD + 1 }, (_, i) => photo(`p${i}.png`, small)),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toBe(projectFileMessages.tooMany);
    expect(await storedFiles()).toHaveLength(before);

    const none = await upload(contractor, 'photos', []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: projectFileMessages.noFiles });

    const wrongField = await upload(contractor, 'photos', [{ field: 'photo', name: 'a.png', data: small }]);
    expect(wrongField.statusCode).toBe(400);

    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/photos`,
      headers: { cookie: contractor.cookie },
      payload: { photos: ['a.png'] },
    });
    expect(json.statusCode).toBe(415);

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/photos`,
      headers: { cookie: contractor.cookie, 'content-type': 'multipart/form-data; boundary=X' },
      payload: '--X\r\nContent-Disposition: form-data; name="photos"; filename="a.png"\r\n\r\nabc',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await storedFiles()).toHaveLength(before);
  });

  it('lets only the assigned contractor upload photos, and only the homeowner and admins documents and images', async () => {
    const image = await png(64, 64);
    const asHomeowner = await upload(homeowner, 'photos', [photo('mine.png', image)]);
    expect(asHomeowner.statusCode).toBe(403);
    expect(asHomeowner.json().message).toBe(projectFileMessages.photosNotAssigned);
    expect((await upload(admin, 'photos', [photo('a.png', image)])).statusCode).toBe(403);
    expect((await upload(homeowner2, 'photos', [photo('a.png', image)])).statusCode).toBe(404);
    expect((await upload(contractor2, 'photos', [photo('a.png', image)])).statusCode).toBe(404);
    expect((await upload(null, 'photos', [photo('a.png', image)])).statusCode).toBe(401);
    const unknown = await upload(contractor, 'photos', [photo('a.png', image)], crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await upload(contractor, 'photos', [photo('a.png', image)], 'not-a-uuid')).statusCode).toBe(404);

    const doc = (name: string, data: Buffer): Part => ({
      field: 'documents',
      name,
      data,
      type: 'application/pdf',
    });
    const contract = await upload(homeowner, 'documents', [doc('Contract.pdf', pdf())]);
    expect(contract.statusCode, contract.body).toBe(201);
    expect(contract.json().files[0]).toMatchObject({
      kind: 'document',
      fileName: 'Contract.pdf',
      contentType: 'application/pdf',
      thumbnailUrl: null,
    });
    const scan = await upload(admin, 'documents', [doc('permit.jpg', await jpeg(100, 100))]);
    expect(scan.statusCode).toBe(201);
    expect(scan.json().files[0]).toMatchObject({ contentType: 'image/jpeg', thumbnailUrl: null });
    const gifDoc = await upload(homeowner, 'documents', [doc('anim.gif', await gif())]);
    expect(gifDoc.statusCode).toBe(415);
    expect(gifDoc.json().message).toBe(projectFileMessages.documentType);
    const byContractor = await upload(contractor, 'documents', [doc('x.pdf', pdf())]);
    expect(byContractor.statusCode).toBe(403);
    expect(byContractor.json().message).toBe(projectFileMessages.documentsNotAllowed);

    const img = (name: string, data: Buffer): Part => ({ field: 'images', name, data, type: 'image/png' });
    const own = await upload(homeowner, 'images', [img('garden-side.png', image)]);
    expect(own.statusCode).toBe(201);
    expect(own.json().files[0]).toMatchObject({
      kind: 'image',
      thumbnailUrl: expect.stringMatching(/\/thumbnail$/),
    });
    expect((await upload(admin, 'images', [img('a.png', image)])).statusCode).toBe(201);
    const imageByContractor = await upload(contractor, 'images', [img('a.png', image)]);
    expect(imageByContractor.statusCode).toBe(403);
    expect(imageByContractor.json().message).toBe(projectFileMessages.imagesNotAllowed);
  });

  it('answers files to the homeowner, the contractor and admins only (everyone else 404), privately', async () => {
    const list = await get(homeowner, `/api/projects/${projectId}/files`);
    expect(list.statusCode).toBe(200);
    const files = list.json() as ProjectFile[];
    const firstPhoto = files.find((f) => f.kind === 'install_photo');
    const document = files.find((f) => f.kind === 'document');
    if (!firstPhoto?.thumbnailUrl || !document) throw new Error('fixtures missing');

    for (const who of [homeowner, contractor, admin]) {
      expect((await get(who, `/api/projects/${projectId}/files`)).json()).toEqual(files);
      const res = await get(who, firstPhoto.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.headers['content-disposition']).toBe('inline; filename=roof-before.png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect((await get(who, firstPhoto.thumbnailUrl)).statusCode).toBe(200);
    }
    for (const who of [homeowner2, contractor2]) {
      expect((await get(who, `/api/projects/${projectId}/files`)).statusCode).toBe(404);
      expect((await get(who, firstPhoto.url)).statusCode).toBe(404);
      expect((await get(who, firstPhoto.thumbnailUrl)).statusCode).toBe(404);
    }
    expect((await get(null, firstPhoto.url)).statusCode).toBe(401);
    expect((await get(homeowner, `/api/projects/${projectId}/files/${crypto.randomUUID()}`)).statusCode).toBe(
      404,
    );
    // a document has no thumbnail
    expect((await get(homeowner, `${document.url}/thumbnail`)).statusCode).toBe(404);

    const pdfRes = await get(homeowner, document.url);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toMatch(/^inline; filename=Contract.pdf$/);
    const download = await get(homeowner, `${document.url}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=Contract.pdf$/);

    // a browser holding the file revalidates: access is checked, the bytes are not sent again
    const etag = String((await get(homeowner, firstPhoto.url)).headers.etag);
    const again = await get(homeowner, firstPhoto.url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(homeowner2, firstPhoto.url, { 'if-none-match': etag })).statusCode).toBe(404);
  });

  it('stores hostile file names safely: no path, no control or direction characters, bounded length', async () => {
    const image = await png(40, 40);
    const hostile: [string | Buffer, RegExp | string][] = [
      ['../../../../etc/passwd.png', 'passwd.png'],
      ['..\\..\\windows\\system32\\evil.png', 'evil.png'],
      [Buffer.from('roof\x01\x07\x1b[31mred\x7f.png', 'latin1'), 'roof[31mred.png'],
      ['invoice\u202Egnp.exe.png', 'invoicegnp.exe.png'],
      ['..', 'photo.png'],
      [`${'a'.repeat(5000)}.png`, new RegExp(`^a{${MAX_FILE_NAME_LENGTH - 4}}\\.png$`)],
      ['roof.jpg', 'roof.jpg.png'],
      ['Dach über Garage <1>?.PNG', 'Dach über Garage _1__.PNG'],
    ];
    const res = await upload(
      contractor,
      'photos',
      hostile.map(([name]) => ({ field: 'photos', name, data: image, type: 'image/png' })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const files = res.json().files as ProjectFile[];
    files.forEach((file, i) => {
      const want = hostile[i]?.[1];
      if (want instanceof RegExp) expect(file.fileName).toMatch(want);
      else expect(file.fileName).toBe(want);
      expect(file.fileName.length).toBeLessThanOrEqual(MAX_FILE_NAME_LENGTH);
      expect(
        [...file.fileName].filter((c) => c < ' ' || c === '\u007f' || c === '\u202e' || c === '/'),
      ).toEqual([]);
    });
    const rows = await ctx.platform.db
      .select()
      .from(projectFiles)
      .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, files[0]?.id ?? '')));
    expect(rows[0]?.storageKey).toBe(`projects/${projectId}/${files[0]?.id}`);
    expect(existsSync(path.join(ctx.config.dataDir, 'etc'))).toBe(false);

    const long = await get(contractor, files[5]?.url ?? '');
    expect(long.statusCode).toBe(200);
    expect(String(long.headers['content-disposition'])).toMatch(/^inline; filename=a+\.png$/);
    const unicode = await get(contractor, files[7]?.url ?? '');
    expect(unicode.headers['content-disposition']).toBe(
      `inline; filename="Dach ?ber Garage _1__.PNG"; filename*=UTF-8''Dach%20%C3%BCber%20Garage%20_1__.PNG`,
    );
  });

  it('tells the homeowner, the contractor and admins live, and audits every upload and deletion', async () => {
    const freshProject = await newProject();
    events.length = 0;
    const res = await upload(contractor, 'photos', [photo('done.png', await png(50, 50))], freshProject);
    expect(res.statusCode).toBe(201);
    const message = await until(
      async () => events.find((m) => m.kind === 'realtime' && m.event.type === 'project_updated'),
      (m) => m !== undefined,
      10_000,
    );
    expect(message).toMatchObject({
      kind: 'realtime',
      event: { type: 'project_updated', projectId: freshProject, status: 'in_progress' },
    });
    expect(message?.kind === 'realtime' && [...message.userIds].sort()).toEqual(
      [homeowner.user.id, contractor.user.id, admin.user.id].sort(),
    );
    const [entry] = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, freshProject), eq(auditLog.action, 'project.files_uploaded')));
    expect(entry).toMatchObject({
      actorId: contractor.user.id,
      entityType: 'project',
      data: { kind: 'install_photo', count: 1, fileIds: [res.json().files[0].id] },
    });

    // deleting: the uploader or an admin; the homeowner who did not upload it is refused
    const file = res.json().files[0] as ProjectFile;
    const del = (who: Person) =>
      ctx.app.inject({ method: 'DELETE', url: file.url, headers: { cookie: who.cookie } });
    const refused = await del(homeowner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(projectFileMessages.deleteNotAllowed);
    expect((await del(homeowner2)).statusCode).toBe(404);
    events.length = 0;
    const deleted = await del(contractor);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: projectFileMessages.deleted });
    expect(await storedFiles(freshProject)).toEqual([]);
    expect(await rowsOf(freshProject)).toEqual([]);
    expect((await get(contractor, file.url)).statusCode).toBe(404);
    expect((await del(contractor)).statusCode).toBe(404);
    await until(
      async () => events.some((m) => m.kind === 'realtime' && m.event.type === 'project_updated'),
      Boolean,
      10_000,
    );
    const deletions = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, freshProject), eq(auditLog.action, 'project.file_deleted')));
    expect(deletions).toHaveLength(1);

    const homeownerImage = await upload(
      homeowner,
      'images',
      [{ field: 'images', name: 'h.png', data: await png(30, 30) }],
      freshProject,
    );
    const imageUrl = (homeownerImage.json().files as ProjectFile[])[0]?.url ?? '';
    const byAdmin = await ctx.app.inject({
      method: 'DELETE',
      url: imageUrl,
      headers: { cookie: admin.cookie },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(await storedFiles(freshProject)).toEqual([]);
  });
});
