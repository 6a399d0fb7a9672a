import { execFileSync } from 'node:child_process';
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
import { insertProject } from '../../../../tests/helpers/projects';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import {
  adminClaimListSchema,
  type Claim,
  claimSchema,
  warrantyMessages,
  warrantySchema,
} from '../../../domain/warranties/schemas';
import {
  auditLog,
  contractorLicenses,
  mailOutbox,
  notifications,
  warranties,
} from '../../platform/db/schema';
import { certificateKey } from './warranties.service';

/**
 * Issue 25 #6, #7: the warranty issued once in the final payment's transaction, its certificate
 * made, stored and mailed once, who may read it, and the claims: who may open, write and change
 * them, what the others are told, and what a hostile or late claim gets (never a 500).
 */

let ctx: TestContext;
let admin: Person;
let homeowner: Person;
let stranger: Person;
let crew: ContractorPerson;
let otherCrew: ContractorPerson;
let ip = 0;
const call = callerOf(() => ctx.app);
const COMPLETED = new Date('2026-06-01T12:00:00Z');
const PAID = new Date('2026-06-03T09:30:00Z');

/** A completed project of `homeowner` worked by `crew`, accepted, its material chosen. */
async function completedProject(over: { selectedMaterial?: string | null } = {}): Promise<string> {
  return insertProject(ctx.platform, {
    status: 'completed',
    homeownerId: homeowner.id,
    homeownerName: 'Dana Warranty',
    homeownerEmail: homeowner.email,
    contractorId: crew.profileId,
    completionDate: COMPLETED,
    workAcceptedAt: new Date('2026-06-02T12:00:00Z'),
    selectedMaterial:
      over.selectedMaterial === undefined
        ? '50 YEAR LAMINATE SHINGLE - GAF Timberline HDZ'
        : over.selectedMaterial,
  });
}

/** What the payments piece does: issue inside the transaction that records the final payment. */
async function pay(projectId: string, receivedAt = PAID): Promise<void> {
  await ctx.platform.db.transaction((tx) =>
    ctx.services.warranties.issueOnFinalPayment(tx, { projectId, receivedAt }),
  );
}

async function issued(projectId: string): Promise<string> {
  await pay(projectId);
  await ctx.services.warranties.makeCertificate(projectId);
  return projectId;
}

async function image(projectId: string, who: Person): Promise<string> {
  const data = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2c6fb0' } })
    .png()
    .toBuffer();
  const b = `----wr${++ip}`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/images`,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, cookie: who.cookie },
    payload: Buffer.concat([
      Buffer.from(
        `--${b}\r\nContent-Disposition: form-data; name="images"; filename="leak.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().files[0].id;
}

async function warrantyMails(email: string) {
  return (await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
    m.subject.startsWith('Your roof warranty certificate'),
  );
}

async function claimNotices(userId: string, projectId: string): Promise<number> {
  const rows = await ctx.platform.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.projectId, projectId),
        eq(notifications.kind, 'warranty_claim'),
      ),
    );
  return rows.length;
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await testPerson(ctx.platform, 'ops@ridgeline.test', 'admin');
  homeowner = await testPerson(ctx.platform, 'dana.warranty@example.com', 'homeowner', 'Dana');
  stranger = await testPerson(ctx.platform, 'someone.else@example.com');
  crew = await testContractor(ctx.platform, 'crew@warranty.example', { companyName: 'Summit Roofing' });
  otherCrew = await testContractor(ctx.platform, 'crew@other.example');
  await ctx.platform.db.insert(contractorLicenses).values([
    { contractorId: crew.profileId, state: 'Oklahoma', licenseNumber: 'OK-1' },
    { contractorId: crew.profileId, state: 'Texas', licenseNumber: 'RC-448812' },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe(`warranties on ${testDbKind}`, () => {
  it('issues one warranty per project, however often the final payment hook runs', async () => {
    const id = await completedProject();
    await pay(id);
    await pay(id, new Date('2026-07-01T00:00:00Z'));
    await ctx.platform.db.transaction(async (tx) => {
      await ctx.services.warranties.issueOnFinalPayment(tx, { projectId: id, receivedAt: PAID });
      await ctx.services.warranties.issueOnFinalPayment(tx, { projectId: id, receivedAt: PAID });
    });
    const rows = await ctx.platform.db.select().from(warranties).where(eq(warranties.projectId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.issuedAt).toEqual(PAID);
    expect(rows[0]?.startsAt).toEqual(COMPLETED);
    expect(rows[0]?.workmanshipEndsAt).toEqual(new Date('2036-06-01T12:00:00Z'));
    expect(rows[0]?.material).toBe('50 YEAR LAMINATE SHINGLE');
    expect(rows[0]?.materialEndsAt).toEqual(new Date('2076-06-01T12:00:00Z'));
  });

  it('issues nothing when the paying transaction rolls back', async () => {
    const id = await completedProject();
    await expect(
      ctx.platform.db.transaction(async (tx) => {
        await ctx.services.warranties.issueOnFinalPayment(tx, { projectId: id, receivedAt: PAID });
        throw new Error('payment failed after the hook');
      }),
    ).rejects.toThrow('payment failed');
    expect(await ctx.platform.db.select().from(warranties).where(eq(warranties.projectId, id))).toHaveLength(
      0,
    );
    // the certificate job finds no warranty and fails (to be retried), making and mailing nothing
    await expect(ctx.services.warranties.makeCertificate(id)).rejects.toThrow(/no warranty/);
  });

  it('stores the certificate and mails it once, with the PDF attached', async () => {
    const id = await completedProject();
    await pay(id);
    const before = warrantySchema.parse(
      (await call('GET', `/api/projects/${id}/warranty`, homeowner)).json(),
    );
    expect(before.certificateUrl).toBeNull();
    expect((await call('GET', `/api/projects/${id}/warranty/certificate`, homeowner)).statusCode).toBe(404);
    const mailsBefore = (await warrantyMails(homeowner.email)).length;
    await ctx.services.warranties.makeCertificate(id);
    await ctx.services.warranties.makeCertificate(id);
    await ctx.services.warranties.resumeCertificates().catch(() => undefined);
    expect(await ctx.platform.storage.exists(certificateKey(id))).toBe(true);
    // what it prints (poppler's pdftotext, which npm test installs): the licence of the property's state
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], {
      input: await ctx.platform.storage.get(certificateKey(id)),
    })
      .toString()
      .replace(/\s+/g, ' ');
    for (const part of [
      'Warranty Certificate',
      '815 Elm St, Plano, TX 75074',
      'Owner Dana U',
      'Summit Roofing',
      'RC-448812 (Texas)',
      'June 1, 2026',
      'June 3, 2026',
      'Until June 1, 2036',
      '50 YEAR LAMINATE SHINGLE',
      'your warranty starts on the date of the final payment',
      'What the warranty does not cover',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('OK-1');
    const mails = await warrantyMails(homeowner.email);
    expect(mails.length - mailsBefore).toBe(1);
    const mail = mails.find((m) => m.text.includes(`/projects/${id}#warranty`));
    expect(mail?.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);
    expect(mail?.text).toContain('Workmanship (labor) warranty: 10 years');
  });

  it('shows the warranty and its certificate to the homeowner, the contractor and admins only', async () => {
    const id = await issued(await completedProject());
    for (const who of [homeowner, crew, admin]) {
      const w = await call('GET', `/api/projects/${id}/warranty`, who);
      expect(w.statusCode, w.body).toBe(200);
      const view = warrantySchema.parse(w.json());
      expect(view.workmanshipYears).toBe(10);
      expect(view.canOpenClaim).toBe(who === homeowner);
      expect(view.canManageClaims).toBe(who !== homeowner);
      const pdf = await call('GET', `${view.certificateUrl}?download=1`, who);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^attachment/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    for (const who of [stranger, otherCrew]) {
      expect((await call('GET', `/api/projects/${id}/warranty`, who)).statusCode).toBe(404);
      expect((await call('GET', `/api/projects/${id}/warranty/certificate`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/projects/${id}/warranty/certificate`)).statusCode).toBe(401);
    expect((await call('GET', `/api/projects/${crypto.randomUUID()}/warranty`, homeowner)).statusCode).toBe(
      404,
    );
  });

  it('takes a claim from the homeowner to the contractor and admins, through its thread and statuses', async () => {
    const id = await issued(await completedProject());
    const photo = await image(id, homeowner);
    const opened = await call('POST', `/api/projects/${id}/warranty/claims`, homeowner, {
      description: 'Water stain on the bedroom ceiling after the storm.',
      photoIds: [photo],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const claim: Claim = claimSchema.parse(opened.json());
    expect(claim.status).toBe('open');
    expect(claim.photos.map((p) => p.id)).toEqual([photo]);
    expect(await claimNotices(crew.id, id)).toBe(1);
    expect(await claimNotices(admin.id, id)).toBe(1);
    expect(await claimNotices(homeowner.id, id)).toBe(0);

    const admins = adminClaimListSchema.parse(
      (await call('GET', '/api/admin/warranty-claims', admin)).json(),
    );
    expect(admins.claims.find((c) => c.id === claim.id)).toMatchObject({ status: 'open', ageDays: 0 });

    const base = `/api/warranty-claims/${claim.id}`;
    const reply = await call('POST', `${base}/messages`, crew, { body: 'We can come Thursday morning.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await claimNotices(homeowner.id, id)).toBe(1);
    // the homeowner writes, but does not change the status
    expect((await call('POST', `${base}/messages`, homeowner, { body: 'Thursday works.' })).statusCode).toBe(
      201,
    );
    const refused = await call('PATCH', base, homeowner, { status: 'resolved', resolutionNote: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(warrantyMessages.onlyContractorOrAdmin);

    const scheduled = await call('PATCH', base, crew, { status: 'scheduled', scheduledFor: '2026-12-03' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(claimSchema.parse(scheduled.json())).toMatchObject({
      status: 'scheduled',
      scheduledFor: '2026-12-03',
    });
    const moved = await call('PATCH', base, crew, { status: 'scheduled', scheduledFor: '2026-12-04' });
    expect(moved.json().scheduledFor).toBe('2026-12-04');
    const resolved = await call('PATCH', base, admin, {
      status: 'resolved',
      resolutionNote: 'Flashing resealed.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const done = claimSchema.parse(resolved.json());
    expect(done).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Flashing resealed.',
      scheduledFor: null,
    });
    expect(done.messages.map((m) => [m.authorRole, m.authorName])).toEqual([
      ['contractor', 'Summit Roofing'],
      ['homeowner', 'Dana U.'],
    ]);
    expect(
      (await call('PATCH', base, crew, { status: 'resolved', resolutionNote: 'again' })).statusCode,
    ).toBe(409);
    const after = adminClaimListSchema.parse((await call('GET', '/api/admin/warranty-claims', admin)).json());
    expect(after.claims.some((c) => c.id === claim.id)).toBe(false);

    const listed = await call('GET', `/api/projects/${id}/warranty/claims`, crew);
    expect(listed.json().claims.map((c: Claim) => c.id)).toEqual([claim.id]);
    const audits = await ctx.platform.db.select().from(auditLog).where(eq(auditLog.entityId, claim.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'warranty_claim.open',
      'warranty_claim.resolved',
      'warranty_claim.scheduled',
      'warranty_claim.scheduled',
    ]);
    // strangers learn nothing of the claim
    for (const who of [stranger, otherCrew]) {
      expect((await call('POST', `${base}/messages`, who, { body: 'hi' })).statusCode).toBe(404);
      expect((await call('PATCH', base, who, { status: 'open' })).statusCode).toBe(404);
      expect((await call('GET', `/api/projects/${id}/warranty/claims`, who)).statusCode).toBe(404);
    }
  });

  it('refuses a claim without a warranty, after its period, or by anyone but the homeowner', async () => {
    const unpaid = await completedProject();
    const early = await call('POST', `/api/projects/${unpaid}/warranty/claims`, homeowner, {
      description: 'Leak',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(warrantyMessages.noWarranty);
    expect((await call('GET', `/api/projects/${unpaid}/warranty`, homeowner)).statusCode).toBe(404);

    const id = await issued(await completedProject({ selectedMaterial: null }));
    expect(
      (await call('POST', `/api/projects/${id}/warranty/claims`, crew, { description: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/projects/${id}/warranty/claims`, admin, { description: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/api/projects/${id}/warranty/claims`, stranger, { description: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/projects/${id}/warranty/claims`, undefined, { description: 'x' })).statusCode,
    ).toBe(401);

    await ctx.platform.db
      .update(warranties)
      .set({ workmanshipEndsAt: new Date('2025-01-01T00:00:00Z'), materialEndsAt: null })
      .where(eq(warranties.projectId, id));
    const late = await call('POST', `/api/projects/${id}/warranty/claims`, homeowner, {
      description: 'Leak',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(warrantyMessages.expired);
    const view = warrantySchema.parse((await call('GET', `/api/projects/${id}/warranty`, homeowner)).json());
    expect(view).toMatchObject({ inPeriod: false, canOpenClaim: false, material: null, materialYears: null });
    // the certificate stays downloadable
    expect((await call('GET', `/api/projects/${id}/warranty/certificate`, homeowner)).statusCode).toBe(200);
  });

  it('answers hostile input with a 400 or a 404, never a 500', async () => {
    const id = await issued(await completedProject());
    const otherProject = await issued(await completedProject());
    const foreignPhoto = await image(otherProject, homeowner);
    const url = `/api/projects/${id}/warranty/claims`;
    for (const body of [
      {},
      { description: '' },
      { description: 42 },
      { description: { $ne: 1 } },
      { description: 'x'.repeat(5000) },
      { description: 'Leak', photoIds: 'abc' },
      { description: 'Leak', photoIds: ['not-a-uuid'] },
      { description: 'Leak', photoIds: [crypto.randomUUID()] },
      { description: 'Leak', photoIds: [foreignPhoto] },
      { description: 'Leak', photoIds: Array.from({ length: 11 }, () => crypto.randomUUID()) },
    ]) {
      const res = await call('POST', url, homeowner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    const claim = claimSchema.parse((await call('POST', url, homeowner, { description: 'Leak' })).json());
    const base = `/api/warranty-claims/${claim.id}`;
    for (const body of [
      {},
      { status: 'closed' },
      { status: 'scheduled' },
      { status: 'scheduled', scheduledFor: 'tomorrow' },
      { status: 'scheduled', scheduledFor: '2026-02-30' },
      { status: 'resolved' },
      { status: 'resolved', resolutionNote: ' ' },
    ]) {
      const res = await call('PATCH', base, crew, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PATCH', base, crew, { status: 'open' })).statusCode).toBe(409);
    for (const body of [{}, { body: '' }, { body: ['x'] }, { body: 'x'.repeat(5000) }]) {
      expect((await call('POST', `${base}/messages`, crew, body)).statusCode).toBe(400);
    }
    for (const bad of ['abc', '%27%20or%201%3D1', crypto.randomUUID()]) {
      expect(
        (await call('POST', `/api/warranty-claims/${bad}/messages`, crew, { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('PATCH', `/api/warranty-claims/${bad}`, admin, { status: 'open' })).statusCode).toBe(
        404,
      );
    }
    // an id past the router's length limit: refused before any handler (414), never a 500
    const long = await call('PATCH', `/api/warranty-claims/${'x'.repeat(200)}`, admin, { status: 'open' });
    expect([400, 404, 414]).toContain(long.statusCode);
    expect((await call('GET', '/api/admin/warranty-claims', crew)).statusCode).toBe(403);
  });
});
