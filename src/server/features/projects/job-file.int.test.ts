import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFrom } from '../../../../tests/helpers/auth';
import { realPdf } from '../../../../tests/helpers/hostile-files';
import { latestMailTo } from '../../../../tests/helpers/outbox';
import { callerOf, type Person, testContractor, testPerson } from '../../../../tests/helpers/people';
import { insertQuote } from '../../../../tests/helpers/quotes';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { jobFileMessages, type Project, projectSchema } from '../../../domain/projects/schemas';
import { projects, quotes, uploads } from '../../platform/db/schema';

/** Issue 23 #6, #7 and #1: nothing typed twice, one job file, a project for any homeowner e-mail. */

let ctx: TestContext;
let admin: Person;
let contractor: Person & { profileId: string };
let otherContractor: Person & { profileId: string };
let stranger: Person;
let ip = 0;
let seq = 0;
const call = callerOf(() => ctx.app);
const person = (email: string, userType?: 'homeowner' | 'admin' | 'contractor') =>
  testPerson(ctx.platform, email, userType);
const contractorPerson = (email: string) => testContractor(ctx.platform, email);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HOVER = Buffer.from(JSON.stringify({ summary: { totalAreaSqFt: 2612 } }));

/** A submitted quote with everything a quote can know: an uploaded measurement file and its report. */
async function fullQuote(homeownerEmail: string) {
  const n = ++seq;
  const sketchKey = `sketches/job-file-${n}.json`;
  const reportKey = `reports/job-file-${n}.pdf`;
  await ctx.platform.storage.put(sketchKey, HOVER);
  await ctx.platform.storage.put(reportKey, PDF);
  const [upload] = await ctx.platform.db
    .insert(uploads)
    .values({
      kind: 'sketch',
      fileName: 'hover-measurements.json',
      contentType: 'application/json',
      size: HOVER.length,
      storageKey: sketchKey,
      publicToken: `job-file-token-${n}-${Date.now()}`,
    })
    .returning();
  return insertQuote(ctx.platform, {
    homeownerEmail,
    homeownerPhone: '(972) 555-0142',
    measurementFileSource: 'HOVER',
    sketchUploadId: upload?.id,
    sketchFileName: 'hover-measurements.json',
    measurement: { totalAreaSqFt: 2611.6 },
    estimate: { totalCents: 1_845_000 },
    reportStatus: 'ready',
    reportStorageKey: reportKey,
    reportReadyAt: new Date(),
    roofLayers: '2 Layers over shake',
    buildingHeight: '2-Story',
    plywoodNeeded: 'Yes',
    carrierName: 'State Farm',
    claimNumber: 'SF-20931',
  });
}

async function convert(email: string, quote: { reference: string }): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/homeowner/create-project',
    payload: { email, quoteId: quote.reference },
    remoteAddress: `198.51.100.${++ip}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId;
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  admin = await person('admin@ridgeline.test', 'admin');
  contractor = await contractorPerson('crew@job-file.example');
  otherContractor = await contractorPerson('other@job-file.example');
  stranger = await person('stranger@job-file.example');
});
afterAll(async () => {
  await ctx?.close();
});

describe(`nothing typed twice: a converted quote's project on ${testDbKind}`, () => {
  it('carries every field the quote knows, on GET /api/projects/{id}', async () => {
    const homeowner = await person('quinn.full@example.com');
    const quote = await fullQuote(homeowner.email);
    const projectId = await convert(homeowner.email, quote);

    const res = await call('GET', `/api/projects/${projectId}`, homeowner);
    expect(res.statusCode).toBe(200);
    const project: Project = projectSchema.parse(res.json());
    expect(project).toMatchObject({
      homeownerId: homeowner.id,
      homeownerName: 'Quinn Parker',
      homeownerEmail: homeowner.email,
      homeownerPhone: '(972) 555-0142',
      homeownerConfirmed: true,
      address: '815 Elm St, Unit B',
      city: 'Plano',
      state: 'Texas',
      zipCode: '75074',
      roofArea: 2612,
      roofAreaSource: 'measured',
      roofType: 'Asphalt shingle',
      materialPreference: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '2 Layers over shake',
      storeys: '2-Story',
      plywoodNeeded: 'Yes',
      insuranceCarrier: 'State Farm',
      insuranceClaimNumber: 'SF-20931',
      estimatedCost: 1_845_000,
      quoteId: quote.id,
      reportUrl: `/api/projects/${projectId}/report`,
      measurementFileUrl: `/api/projects/${projectId}/measurement-file`,
      measurementFileName: 'hover-measurements.json',
      assignedAt: null,
    });
    // the phone is a field now, not a line of the description
    expect(project.description).not.toContain('555-0142');
  });

  it('takes the typed roof area without a measurement file, and no insurance when none is involved', async () => {
    const quote = await insertQuote(ctx.platform, {
      homeownerEmail: 'typed.area@example.com',
      roofAreaSqFt: 1980,
      insuranceInvolved: 'No',
      carrierName: null,
      claimNumber: null,
    });
    const projectId = await convert('typed.area@example.com', quote);
    const res = await call('GET', `/api/projects/${projectId}`, admin);
    expect(res.json()).toMatchObject({
      roofArea: 1980,
      roofAreaSource: 'typed',
      insuranceCarrier: null,
      insuranceClaimNumber: null,
      reportUrl: null,
      measurementFileUrl: null,
      homeownerPhone: '(972) 555-0110',
      // the account was made without a password: nobody has confirmed the address yet
      homeownerConfirmed: false,
    });
  });
});

describe(`one job file: the report and the measurement file from the project, on ${testDbKind}`, () => {
  it('opens them for the homeowner, the assigned contractor once matched and admins; 404 for anyone else', async () => {
    const homeowner = await person('job.file@example.com');
    const quote = await fullQuote(homeowner.email);
    const projectId = await convert(homeowner.email, quote);
    const report = `/api/projects/${projectId}/report`;
    const measurement = `/api/projects/${projectId}/measurement-file`;

    // before the match, the contractor cannot open the project, so nor its files
    expect((await call('GET', report, contractor)).statusCode).toBe(404);
    const assigned = await call('PUT', `/api/projects/${projectId}`, admin, {
      contractorId: contractor.profileId,
      status: 'matched',
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().assignedAt).toEqual(expect.any(String));

    for (const who of [homeowner, contractor, admin]) {
      const pdf = await call('GET', report, who);
      expect(pdf.statusCode, who.email).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename=/);
      expect(pdf.rawPayload.equals(PDF)).toBe(true);
      const file = await call('GET', measurement, who);
      expect(file.statusCode, who.email).toBe(200);
      expect(file.headers['content-disposition']).toContain('attachment');
      expect(file.headers['content-disposition']).toContain('hover-measurements.json');
      expect(file.rawPayload.equals(HOVER)).toBe(true);
    }
    const saved = await call('GET', `${report}?download=1`, contractor);
    expect(saved.headers['content-disposition']).toMatch(/^attachment; filename=/);

    for (const who of [otherContractor, stranger]) {
      for (const url of [report, measurement]) {
        const res = await call('GET', url, who);
        expect(res.statusCode, `${who.email} ${url}`).toBe(404);
        expect(res.json().message).toBe(
          "The project you're looking for doesn't exist or you don't have access to it.",
        );
      }
    }
    expect((await call('GET', report)).statusCode).toBe(401);
    expect((await call('GET', '/api/projects/not-a-uuid/report', admin)).statusCode).toBe(404);
  });

  it('answers 404 with its reason for a project without a quote', async () => {
    const created = await call('POST', '/api/projects', admin, {
      title: `SWRX-JOBFILE-${++seq}`,
      homeownerEmail: 'no.quote@example.com',
      address: '9 Oak St',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ reportUrl: null, measurementFileUrl: null });
    const report = await call('GET', `/api/projects/${id}/report`, admin);
    expect(report.statusCode).toBe(404);
    expect(report.json().message).toBe(jobFileMessages.noReport);
    const file = await call('GET', `/api/projects/${id}/measurement-file`, admin);
    expect(file.json().message).toBe(jobFileMessages.noMeasurementFile);
  });

  it('keeps a typed document kind, and refuses an unknown one', async () => {
    const created = await call('POST', '/api/projects', admin, {
      title: `SWRX-JOBFILE-${++seq}`,
      homeownerEmail: 'typed.docs@example.com',
      address: '10 Oak St',
    });
    const id = created.json().id;
    const pdf = await realPdf({ text: 'Building permit' });
    const upload = (documentType: string) => {
      const boundary = '----jobfile';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\n${documentType}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="permit.pdf"\r\n` +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        pdf,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: `/api/projects/${id}/documents`,
        headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const bad = await upload('selfie');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.documentType).toBeDefined();
    const res = await upload('permit');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().files[0]).toMatchObject({ kind: 'document', documentType: 'permit' });
    const listed = await call('GET', `/api/projects/${id}`, admin);
    expect(listed.json().files).toEqual([expect.objectContaining({ documentType: 'permit' })]);
  });
});

describe(`a project for any homeowner e-mail (issue 23 #1), on ${testDbKind}`, () => {
  it('creates it for an unconfirmed account, shows only admins, and gives it to the homeowner at confirmation', async () => {
    const email = 'not.yet@confirm.example';
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { firstName: 'Nova', lastName: 'Lane', email, password: 'nova-password-2026' },
    });
    expect(registered.statusCode).toBe(201);
    const cookie = sessionCookieFrom(registered) as string;
    const homeowner = { cookie };

    const created = await call('POST', '/api/projects', admin, {
      title: `SWRX-PENDING-${++seq}`,
      homeownerEmail: 'Not.Yet@Confirm.example',
      homeownerName: 'Nova Lane',
      homeownerPhone: '(214) 555-0199',
      address: '11 Birch St',
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({
      status: 'pending',
      homeownerId: null,
      homeownerConfirmed: false,
      homeownerEmail: email,
      homeownerName: 'Nova Lane',
      homeownerPhone: '(214) 555-0199',
    });
    // nobody but admins sees it until the address is confirmed
    expect((await call('GET', `/api/projects/${project.id}`, homeowner)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${project.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/projects/${project.id}`, admin)).statusCode).toBe(200);
    const me = (await call('GET', '/api/auth/user', homeowner)).json();
    const before = await call('GET', `/api/projects/homeowner/${me.id}`, homeowner);
    expect(before.json()).toEqual([]);

    // the homeowner follows the confirmation link in their own session
    const mail = await latestMailTo(ctx.platform, email);
    const token = /\/api\/auth\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token, mail?.text).toBeDefined();
    const followed = await ctx.app.inject({
      method: 'GET',
      url: `/api/auth/confirm-email?token=${token}`,
      headers: { cookie },
    });
    expect(followed.statusCode).toBe(302);

    const [row] = await ctx.platform.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row?.homeownerId).toBe(me.id);
    const after = await call('GET', `/api/projects/${project.id}`, homeowner);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ homeownerId: me.id, homeownerConfirmed: true });
  });

  it('quotes keep their columns: a converted quote still names its report after the quote changes', async () => {
    const homeowner = await person('late.report@example.com');
    const quote = await fullQuote(homeowner.email);
    await ctx.platform.db.update(quotes).set({ reportStorageKey: null }).where(eq(quotes.id, quote.id));
    const projectId = await convert(homeowner.email, quote);
    expect((await call('GET', `/api/projects/${projectId}`, homeowner)).json().reportUrl).toBeNull();
    await ctx.platform.db
      .update(quotes)
      .set({ reportStorageKey: `reports/job-file-${seq}.pdf` })
      .where(eq(quotes.id, quote.id));
    // the lists are cached until a table they read changes: the quote's report shows at once
    const list = await call('GET', `/api/projects/homeowner/${homeowner.id}`, homeowner);
    expect(list.json()[0].reportUrl).toBe(`/api/projects/${projectId}/report`);
  });
});
