import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  htmlAfterJpegHeader,
  htmlAfterPdfSignature,
  hugePng,
  realJpeg,
  realPdf,
  truncatedJpeg,
} from '../../../../tests/helpers/hostile-files';
import {
  applicationBody,
  type Caller,
  call,
  licensesBody,
  register,
} from '../../../../tests/helpers/onboarding';
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import { storedKeysIn } from '../../../../tests/helpers/stored-files';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import {
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  type ContractorDocument,
  contractorDocumentMessages,
} from '../../../domain/contractors/contractor-documents';
import { contractorProfileDetailSchema } from '../../../domain/contractors/credentials';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import { uploadedContentMessages } from '../../../domain/files/content-type';
import { auditLog, contractorDocuments } from '../../platform/db/schema';

/**
 * Issue 11 item 2: licence and insurance documents are checked by content (PDF, JPG, PNG), stored
 * durably, and readable by their contractor and admins only.
 */

let ctx: TestContext;
let owner: Caller & { contractorId: string };
let other: Caller;
let homeowner: { cookie: string };
let admin: { cookie: string; user: { id: string } };

/** A real one-page PDF (pdfkit), made before the tests. */
let pdf: Buffer;
const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; field?: string }) {
  const b = `----rl${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${b}` };
}

function upload(
  who: { cookie: string } | null,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer; field?: string },
) {
  const { payload, contentType } = multipart(fields, file);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/contractor/documents',
    headers: { 'content-type': contentType, ...(who ? { cookie: who.cookie } : {}) },
    payload,
    remoteAddress: nextClientIp(),
  });
}

const documentRows = () => ctx.platform.db.select().from(contractorDocuments);

beforeAll(async () => {
  pdf = await realPdf({ text: 'Oklahoma roofing registration' });
  ctx = await createTestContext({ runWorkers: false });
  const a = await register(ctx.app, 'owner');
  const applied = await call(ctx.app, a, 'POST', '/api/contractor-application', applicationBody());
  owner = { ...a, contractorId: applied.json().contractorId };
  other = await register(ctx.app, 'other');
  await call(
    ctx.app,
    other,
    'POST',
    '/api/contractor-application',
    applicationBody({ companyName: 'Other Co' }),
  );
  homeowner = await createUserWithSession(ctx.platform, { email: 'home.owner@example.com' });
  admin = await createUserWithSession(ctx.platform, { email: 'reviewer@ridgeline.test', userType: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`contractor documents on ${testDbKind}`, () => {
  let licenseDoc: ContractorDocument;

  it('stores a PDF and answers it with its id, kind, state and link', async () => {
    const res = await upload(
      owner,
      { kind: 'license', state: 'Oklahoma' },
      { name: 'OK registration.pdf', data: pdf },
    );
    expect(res.statusCode, res.body).toBe(201);
    licenseDoc = res.json();
    expect(licenseDoc).toMatchObject({
      kind: 'license',
      state: 'Oklahoma',
      fileName: 'OK registration.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      url: `/api/contractor/documents/${licenseDoc.id}`,
    });
    const [row] = await ctx.platform.db
      .select()
      .from(contractorDocuments)
      .where(eq(contractorDocuments.id, licenseDoc.id));
    // the stored key is made of ids only, and the file is in the store (disk, or PostgreSQL)
    expect(row?.storageKey).toBe(`contractors/${owner.contractorId}/${licenseDoc.id}`);
    expect(await storedKeysIn(ctx.platform, `contractors/${owner.contractorId}`)).toContain(row?.storageKey);
    const [audit] = await ctx.platform.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'contractor.document_uploaded'));
    expect(audit).toMatchObject({ actorId: owner.userId, entityId: owner.contractorId });
  });

  it('its contractor reads it back (inline, or as a download)', async () => {
    const res = await call(ctx.app, owner, 'GET', licenseDoc.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="OK registration.pdf"/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const download = await call(ctx.app, owner, 'GET', `${licenseDoc.url}?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    const cached = await ctx.app.inject({
      method: 'GET',
      url: licenseDoc.url,
      headers: { cookie: owner.cookie, 'if-none-match': String(res.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('an admin reads it; another contractor, a homeowner and unknown ids get 404; signed out 401', async () => {
    expect((await call(ctx.app, admin, 'GET', licenseDoc.url)).statusCode).toBe(200);
    for (const who of [other, homeowner]) {
      const res = await call(ctx.app, who, 'GET', licenseDoc.url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: contractorDocumentMessages.notFound });
    }
    expect((await call(ctx.app, null, 'GET', licenseDoc.url)).statusCode).toBe(401);
    expect(
      (await call(ctx.app, owner, 'GET', `/api/contractor/documents/${crypto.randomUUID()}`)).statusCode,
    ).toBe(404);
    expect((await call(ctx.app, admin, 'GET', '/api/contractor/documents/not-a-uuid')).statusCode).toBe(404);
  });

  it('takes the type from the content: PNG bytes named .pdf are stored as a PNG', async () => {
    const image = await png();
    const res = await upload(owner, { kind: 'general_liability' }, { name: 'certificate.pdf', data: image });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      contentType: 'image/png',
      fileName: 'certificate.pdf.png',
      state: null,
    });
    const read = await call(ctx.app, owner, 'GET', res.json().url);
    expect(read.headers['content-type']).toBe('image/png');
  });

  it('refuses a text file named .pdf (415) and stores nothing', async () => {
    const before = (await documentRows()).length;
    const res = await upload(
      owner,
      { kind: 'license' },
      { name: 'licence.pdf', data: Buffer.from('just some text') },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: contractorDocumentMessages.type });
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const gifRes = await upload(owner, { kind: 'license' }, { name: 'licence.gif', data: gif });
    expect(gifRes.statusCode).toBe(415);
    expect(await documentRows()).toHaveLength(before);
  });

  it('issue 21 #6: refuses files whose first bytes lie, each with its reason, and stores nothing', async () => {
    const stored = () => storedKeysIn(ctx.platform, `contractors/${owner.contractorId}`);
    const before = { rows: (await documentRows()).length, stored: (await stored()).length };
    const attacks: [string, Buffer, number, string][] = [
      ['coi.pdf', htmlAfterPdfSignature(), 415, uploadedContentMessages.pdfUnreadable],
      ['licence.jpg', await htmlAfterJpegHeader(), 415, uploadedContentMessages.imageUnreadable],
      ['licence.jpg', await truncatedJpeg(), 415, uploadedContentMessages.imageUnreadable],
      ['scan.png', await hugePng(), 413, uploadedContentMessages.imageTooManyPixels(12_000, 12_000)],
      ['locked.pdf', await realPdf({ userPassword: 'hunter2' }), 415, uploadedContentMessages.pdfEncrypted],
    ];
    for (const [name, data, status, message] of attacks) {
      const res = await upload(owner, { kind: 'license', state: 'Oklahoma' }, { name, data });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    expect({ rows: (await documentRows()).length, stored: (await stored()).length }).toEqual(before);
    // a real JPEG scan is still taken
    const scan = await upload(owner, { kind: 'w9' }, { name: 'w9.jpg', data: await realJpeg() });
    expect(scan.statusCode, scan.body).toBe(201);
    expect(scan.json().contentType).toBe('image/jpeg');
  });

  it('refuses a file over 10 MB (413)', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(CONTRACTOR_DOCUMENT_MAX_BYTES + 1 - pdf.length + 10, 0x20)]);
    const res = await upload(owner, { kind: 'bonding' }, { name: 'bond.pdf', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: contractorDocumentMessages.tooLarge });
    const exactly = Buffer.concat([pdf, Buffer.alloc(CONTRACTOR_DOCUMENT_MAX_BYTES - pdf.length, 0x20)]);
    expect((await upload(owner, { kind: 'bonding' }, { name: 'bond.pdf', data: exactly })).statusCode).toBe(
      201,
    );
  });

  it('asks for the kind, a known state and the file on their fields', async () => {
    const noKind = await upload(owner, {}, { name: 'a.pdf', data: pdf });
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().fieldErrors).toEqual({ kind: [contractorDocumentMessages.kind] });
    const badState = await upload(
      owner,
      { kind: 'license', state: 'Atlantis' },
      { name: 'a.pdf', data: pdf },
    );
    expect(badState.statusCode).toBe(400);
    expect(badState.json().fieldErrors).toEqual({ state: [onboardingMessages.unknownState] });
    const noFile = await upload(owner, { kind: 'w9' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fieldErrors).toEqual({ file: [contractorDocumentMessages.missing] });
    const wrongField = await upload(owner, { kind: 'w9' }, { name: 'a.pdf', data: pdf, field: 'document' });
    expect(wrongField.statusCode).toBe(400);
    const json = await call(ctx.app, owner, 'POST', '/api/contractor/documents', { kind: 'w9' });
    expect(json.statusCode).toBe(415);
  });

  it('only contractors with a profile upload (404 otherwise, before the body is read)', async () => {
    expect((await upload(homeowner, { kind: 'license' }, { name: 'a.pdf', data: pdf })).statusCode).toBe(404);
    expect((await upload(admin, { kind: 'license' }, { name: 'a.pdf', data: pdf })).statusCode).toBe(404);
    expect((await upload(null, { kind: 'license' }, { name: 'a.pdf', data: pdf })).statusCode).toBe(401);
  });

  it("a licence may point at the contractor's own upload, never at another's", async () => {
    const foreign = await upload(
      other,
      { kind: 'license', state: 'Oklahoma' },
      { name: 'theirs.pdf', data: pdf },
    );
    expect(foreign.statusCode).toBe(201);
    const refused = await call(ctx.app, owner, 'POST', '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: '80009911', licenseDocumentId: foreign.json().id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({
      'Oklahoma.licenseDocumentId': [onboardingMessages.documentNotFound],
    });

    const ok = await call(ctx.app, owner, 'POST', '/api/contractor/setup-licenses', {
      ...licensesBody(),
      Oklahoma: { state: 'Oklahoma', licenseNumber: '80009911', licenseDocumentId: licenseDoc.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const profile = contractorProfileDetailSchema.parse(
      (await call(ctx.app, owner, 'GET', '/api/contractor/profile')).json(),
    );
    expect(profile.licenses.find((l) => l.state === 'Oklahoma')).toMatchObject({
      licenseDocumentId: licenseDoc.id,
      // the spec keeps the file's name: taken from the upload when the form sends only its id
      licenseDocument: 'OK registration.pdf',
    });
    expect(profile.documents.map((d) => d.id)).toContain(licenseDoc.id);
    expect(profile.documents.every((d) => d.url === `/api/contractor/documents/${d.id}`)).toBe(true);
  });
});
