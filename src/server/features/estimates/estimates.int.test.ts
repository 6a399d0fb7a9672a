import { desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { settledJobs } from '../../../../tests/helpers/jobs';
import { asSent } from '../../../../tests/helpers/outbox';
import {
  fixture,
  insertSubmittedQuote,
  pdfText,
  quoteRow,
  sourceOfFile,
  waitForReportStatus,
} from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { computeEstimate, type Estimate, parseMeasurementFile } from '../../../domain/estimates/index';
import { formatCents, formatCentsWhole } from '../../../domain/estimates/report/format';
import { reportMessages } from '../../../domain/estimates/report/schemas';
import type { RealtimeEvent } from '../../../domain/realtime';
import { mailOutbox, projects, quotes, uploads } from '../../platform/db/schema';
import { createProjectsService } from '../projects/projects.service';
import { estimateEngine } from './engine';
import { createEstimatesRepo } from './estimates.repo';
import { PRELIMINARY_SENT_REASON } from './estimates.service';
import { fileNotPricedReason } from './file-not-priced';
import { reportDownloadLink } from './report-link';
import { createReportPipeline, reportStorageKey } from './report-pipeline';

let ctx: TestContext;
let adminCookie: string;
let homeownerCookie: string;
let homeownerId: string;
const events: { userIds: string[]; event: RealtimeEvent }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (
    await createUserWithSession(ctx.platform, { email: 'admin@ridgeline.test', userType: 'admin' })
  ).cookie;
  const owner = await createUserWithSession(ctx.platform, { email: 'owner-account@example.com' });
  homeownerCookie = owner.cookie;
  homeownerId = owner.user.id;
  ctx.platform.bus.subscribe((m) => {
    if (m.kind === 'realtime') events.push({ userIds: m.userIds, event: m.event });
  });
});

afterAll(async () => {
  await ctx?.close();
});

/** The next report_ready / report_failed event of a quote (sent to its people's accounts). */
function nextReportEvent(quoteId: string): Promise<'report_ready' | 'report_failed'> {
  return new Promise((resolve) => {
    const off = ctx.platform.bus.subscribe((m) => {
      if (m.kind !== 'realtime' || !('quoteId' in m.event) || m.event.quoteId !== quoteId) return;
      if (m.event.type === 'report_ready' || m.event.type === 'report_failed') {
        off();
        resolve(m.event.type);
      }
    });
  });
}

/** The mails to these addresses as sent (links included; the outbox rows hold placeholders). */
async function mailsTo(addresses: string[]) {
  const rows = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, addresses))
    .orderBy(desc(mailOutbox.createdAt));
  return rows.map((row) => asSent(ctx.platform.config, row));
}

async function attachmentBytes(mail: typeof mailOutbox.$inferSelect, index = 0): Promise<Buffer> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/outbox/${mail.id}/attachments/${index}`,
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

function expectedEstimate(file: string, opts: { zip?: string } = {}) {
  const measurement = parseMeasurementFile(sourceOfFile(file), file, fixture(file).toString('utf8'));
  return computeEstimate({
    measurement,
    zipCode: opts.zip ?? '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
    localObservations: [],
  });
}

describe('report pipeline, one per fixture roof', () => {
  it.each([
    ['gable', 'hover-gable.json'],
    ['hip', 'eagleview-hip.xml'],
    ['complex', 'gaf-quicksquare-complex.xml'],
    ['complex (Roofr)', 'roofr-complex.csv'],
  ])(
    '%s roof from %s: priced, rendered, stored, mailed to all three, report_ready sent',
    async (_roof, file) => {
      const quote = await insertSubmittedQuote(ctx.platform, { file, homeownerUserId: homeownerId });
      expect(await ctx.services.estimates.enqueueReport(quote.id)).toBe('queued');
      const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
      expect(done.reportError).toBeNull();
      expect(done.reportStatus).toBe('ready');
      expect(done.reportReadyAt).toBeInstanceOf(Date);
      expect(done.reportAttempts).toBe(1);
      expect(done.reportStorageKey).toBe(reportStorageKey(quote.id, 1));
      expect(done.reportBasis).toBe('measured');

      const expected = expectedEstimate(file);
      const stored = done.estimate as unknown as Estimate;
      expect(stored.totalCents).toBe(expected.totalCents);
      expect(stored.lineItems).toEqual(expected.lineItems);
      expect((done.measurement as { totalAreaSqFt: number }).totalAreaSqFt).toBeGreaterThan(1000);

      const stores = await ctx.platform.storage.get(reportStorageKey(quote.id, 1));
      expect(stores.subarray(0, 5).toString()).toBe('%PDF-');

      const addresses = [quote.requesterEmail, quote.homeownerEmail as string, quote.adjusterEmail as string];
      const mails = await mailsTo(addresses);
      expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
      for (const mail of mails) {
        expect(mail.subject).toContain(quote.reference);
        expect(mail.text).toContain(formatCentsWhole(expected.range.expectedCents));
        expect(mail.text).toMatch(/\/api\/reports\/RL-[A-Z0-9]+\.pdf\?v=1&expires=\d+&sig=/);
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]?.contentType).toBe('application/pdf');
        const pdf = await attachmentBytes(mail);
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        const text = pdfText(pdf);
        expect(text).toContain(`Project ID ${quote.reference}`);
        expect(text).toContain(formatCents(expected.totalCents));
        expect(text).toContain('Acme Mutual');
        expect(text).toContain('CLM-2025-0042');
        expect(text).toMatch(/Page 1 of \d/);
      }
      const adjusterMail = mails.find((m) => m.to === quote.adjusterEmail);
      expect(adjusterMail?.text).toContain('as the adjuster on claim CLM-2025-0042');

      const ready = events.find((e) => e.event.type === 'report_ready' && e.event.quoteId === quote.id);
      expect(ready).toBeDefined();
      expect(ready?.userIds).toContain(homeownerId);
      expect(ready?.event).toEqual({ type: 'report_ready', quoteId: quote.id, reference: quote.reference });
    },
  );

  it('leaves out the insurance block and the adjuster when no insurance is involved, and a missing homeowner e-mail', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, {
      file: 'eagleview-gable.xml',
      insurance: false,
      homeownerEmail: null,
    });
    await ctx.services.estimates.enqueueReport(quote.id);
    await waitForReportStatus(ctx.platform, quote.id, ['ready']);
    const mails = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, quote.requesterEmail));
    expect(mails).toHaveLength(1);
    const text = pdfText(await attachmentBytes(mails[0] as typeof mailOutbox.$inferSelect));
    expect(text).not.toContain('Insurance claim');
    expect(text).toContain('Roof measurements');
  });

  it('is idempotent: a second hook for a queued or ready quote makes no second report', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { file: 'roofr-gable.csv' });
    await ctx.services.estimates.enqueueReport(quote.id);
    await waitForReportStatus(ctx.platform, quote.id, ['ready']);
    expect(await ctx.services.estimates.enqueueReport(quote.id)).toBe('ready');
    // this quote's report job has finished and no other was queued: nothing can run it again
    expect(await settledJobs(ctx.platform.database, 'report.generate', { singletonKey: quote.id })).toEqual([
      'completed',
    ]);
    expect((await quoteRow(ctx.platform, quote.id)).reportAttempts).toBe(1);
    expect(await mailsTo([quote.requesterEmail])).toHaveLength(1);
  });

  it('prices with the completed jobs of the same zone, and says how many informed the price', async () => {
    // two completed projects in ZIP 752xx that came from quotes the model priced, one elsewhere
    // (different final costs: the same price twice in a zone would be one near-duplicate job)
    const seeds: { zip: string; final: number }[] = [
      { zip: '75204', final: 1.3 },
      { zip: '75219', final: 1.35 },
      { zip: '10001', final: 1.3 },
    ];
    for (const s of seeds) {
      const q = await insertSubmittedQuote(ctx.platform, { file: 'eagleview-hip.xml', zipCode: s.zip });
      const est = expectedEstimate('eagleview-hip.xml', { zip: s.zip });
      await ctx.platform.db
        .update(quotes)
        .set({ estimate: est as unknown as Record<string, unknown> })
        .where(eq(quotes.id, q.id));
      await ctx.platform.db.insert(projects).values({
        title: `Completed ${s.zip}`,
        address: '1 Main St',
        zipCode: s.zip,
        status: 'completed',
        estimatedCost: est.totalCents,
        finalCost: Math.round(est.modelExpectedCents * s.final),
        quoteId: q.id,
        source: 'quote',
      });
    }
    const quote = await insertSubmittedQuote(ctx.platform, { file: 'eagleview-hip.xml' });
    await ctx.services.estimates.enqueueReport(quote.id);
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready']);
    const est = done.estimate as unknown as Estimate;
    expect(est.zone.localJobs).toBe(2);
    expect(est.marketFactor).toBeGreaterThan(1);
    expect(est.totalCents).toBeGreaterThan(expectedEstimate('eagleview-hip.xml').totalCents);
    const [mail] = await mailsTo([quote.requesterEmail]);
    const text = pdfText(await attachmentBytes(mail as typeof mailOutbox.$inferSelect));
    expect(text).toMatch(/2 completed local jobs in price zone Z752/);
  });
});

describe('quotes without a measurement file: the admin queue', () => {
  it('gets a preliminary report and waits in the queue, then the admin types area and pitch and the same pipeline runs', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { roofAreaSqFt: 2300 });
    expect(await ctx.services.estimates.enqueueReport(quote.id)).toBe('queued');
    const preliminary = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(preliminary.reportBasis).toBe('preliminary');
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reports/queue',
      headers: { cookie: adminCookie },
    });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((i: { quoteId: string }) => i.quoteId === quote.id);
    expect(item).toMatchObject({
      reference: quote.reference,
      reportStatus: 'awaiting_measurements',
      reason: PRELIMINARY_SENT_REASON,
      requesterEmail: quote.requesterEmail,
      propertyAddress: '200 Sample Rd, Dallas, Texas 75201',
      insuranceInvolved: true,
      // what the customer holds (the queue tells it as the thank-you page does) and the size typed
      orderReportStatus: 'ready',
      latestReportBasis: 'preliminary',
      roofAreaSqFt: 2300,
    });

    const url = `/api/admin/reports/${quote.id}/measurements`;
    const bad = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { totalAreaSqFt: 12, predominantPitch: 'steep' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      totalAreaSqFt: [reportMessages.areaRange],
      predominantPitch: [reportMessages.pitchFormat],
    });
    const empty = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fieldErrors).sort()).toEqual(['predominantPitch', 'totalAreaSqFt']);

    const ok = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: adminCookie },
      payload: { totalAreaSqFt: 2400, predominantPitch: '7/12' },
    });
    expect(ok.statusCode).toBe(202);
    expect(ok.json()).toEqual({ quoteId: quote.id, reference: quote.reference, reportStatus: 'queued' });
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done.reportStatus).toBe('ready');
    expect(done.measurement).toMatchObject({
      source: 'Manual entry',
      totalAreaSqFt: 2400,
      predominantPitch: 7,
    });
    // the preliminary report's mail, then the measured one's (newest first)
    const mails = await mailsTo([quote.requesterEmail]);
    expect(mails).toHaveLength(2);
    expect(done.reportBasis).toBe('measured');
    expect(done.reportStorageKey).toBe(reportStorageKey(quote.id, 2));
    const text = pdfText(await attachmentBytes(mails[0] as typeof mailOutbox.$inferSelect));
    expect(text).toContain('Notes on the measurements');
    // no facet count typed: a computed figure, never 'Not measured' / 'Not in file' in a headline tile
    expect(text).not.toContain('Not measured');
    expect(text).toMatch(/P\s*I\s*T\s*C\s*H\s*G\s*R\s*O\s*U\s*P\s*S/);
    expect(text).toContain('2,400 sq ft');
    expect(text).toContain('Schematic - not to scale; no roof outlines were measured');

    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reports/queue',
      headers: { cookie: adminCookie },
    });
    expect(after.json().items.some((i: { quoteId: string }) => i.quoteId === quote.id)).toBe(false);
  });

  it('accepts a measurement file as multipart, after checking it with the parser', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, {});
    await ctx.services.estimates.enqueueReport(quote.id);
    await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    const url = `/api/admin/reports/${quote.id}/measurements`;

    const badForm = new FormData();
    badForm.set('source', 'Eagleview .xml');
    badForm.set('file', fileBlob('bad/eagleview-truncated.xml'), 'eagleview-truncated.xml');
    const bad = await postForm(url, badForm);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.file[0]).toContain('eagleview-truncated.xml');
    // refused before anything changed: the preliminary report stays the latest
    expect(await quoteRow(ctx.platform, quote.id)).toMatchObject({
      reportStatus: 'ready',
      reportBasis: 'preliminary',
    });

    const wrongType = new FormData();
    wrongType.set('source', 'Roofr .csv');
    wrongType.set('file', new Blob(['%PDF-1.4']), 'report.pdf');
    expect((await postForm(url, wrongType)).statusCode).toBe(415);

    const mismatch = new FormData();
    mismatch.set('source', 'Roofr .csv');
    mismatch.set('file', fileBlob('hover-hip.json'), 'hover-hip.json');
    const mismatched = await postForm(url, mismatch);
    expect(mismatched.statusCode).toBe(400);
    expect(mismatched.json().fieldErrors.file[0]).toContain('needs a .csv file');

    const noSource = new FormData();
    noSource.set('file', fileBlob('roofr-hip.csv'), 'roofr-hip.csv');
    const missing = await postForm(url, noSource);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ source: [reportMessages.sourceRequired] });

    const form = new FormData();
    form.set('source', 'Roofr .csv');
    form.set('file', fileBlob('roofr-hip.csv'), 'roofr-hip.csv');
    const ok = await postForm(url, form);
    expect(ok.statusCode).toBe(202);
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done.reportStatus).toBe('ready');
    expect(done.measurementFileSource).toBe('Roofr .csv');
    expect(done.sketchFileName).toBe('roofr-hip.csv');
    expect((done.measurement as { totalAreaSqFt: number }).totalAreaSqFt).toBe(3212);
    expect(done.reportBasis).toBe('measured');
    expect(done.reportStorageKey).toBe(reportStorageKey(quote.id, 2));
  });
});

function fileBlob(name: string): Blob {
  return new Blob([new Uint8Array(fixture(name))]);
}

async function postForm(url: string, form: FormData) {
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { cookie: adminCookie, 'content-type': req.headers.get('content-type') as string },
    payload,
  });
}

describe('failures are kept, shown to admins and can be retried', () => {
  it('a file that cannot be read gets the preliminary report at once, naming the problem; then an admin attaches a good file', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, {
      file: 'bad/hover-missing-roof.json',
      homeownerUserId: homeownerId,
    });
    await ctx.services.estimates.enqueueReport(quote.id);
    const preliminary = await waitForReportStatus(ctx.platform, quote.id, ['failed', 'ready']);
    // issue 24 #1: a paid order never ends without a report
    expect(preliminary.reportStatus).toBe('ready');
    expect(preliminary.reportBasis).toBe('preliminary');
    expect(preliminary.reportError).toContain('hover-missing-roof.json');
    expect(preliminary.reportAttempts).toBe(1);
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reports/queue',
      headers: { cookie: adminCookie },
    });
    expect(queue.json().items.find((i: { quoteId: string }) => i.quoteId === quote.id)).toMatchObject({
      reportStatus: 'awaiting_measurements',
      reason: fileNotPricedReason(preliminary.reportError as string),
      sketchFileName: 'hover-missing-roof.json',
    });
    // the bus hands the event over after the status is committed: wait for it
    await until(
      async () => events.some((e) => e.event.type === 'report_ready' && e.event.quoteId === quote.id),
      (seen) => seen,
      10_000,
    );

    const form = new FormData();
    form.set('source', 'HOVER .json');
    form.set('file', fileBlob('hover-hip.json'), 'hover-hip.json');
    expect((await postForm(`/api/admin/reports/${quote.id}/measurements`, form)).statusCode).toBe(202);
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done.reportStatus).toBe('ready');
    expect(done.reportBasis).toBe('measured');
    expect(done.reportError).toBeNull();
  });

  it('a transient failure is retried, then marked failed with its reason; a retry after the fix succeeds', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, {
      file: 'eagleview-complex.xml',
      homeownerUserId: homeownerId, // someone to receive the report events the test waits for
    });
    const [upload] = await ctx.platform.db
      .select()
      .from(uploads)
      .where(eq(uploads.id, quote.sketchUploadId as string));
    const bytes = await ctx.platform.storage.get(upload?.storageKey as string);
    await ctx.platform.storage.delete(upload?.storageKey as string);

    const firstEnd = nextReportEvent(quote.id);
    await ctx.services.estimates.enqueueReport(quote.id);
    expect(await firstEnd).toBe('report_failed');
    const failed = await quoteRow(ctx.platform, quote.id);
    expect(failed.reportStatus).toBe('failed');
    expect(failed.reportAttempts).toBe(4);
    expect(failed.reportError).toMatch(
      /^The report could not be made after 4 attempts: The measurement file "eagleview-complex.xml" could not be read from storage/,
    );
    expect(await mailsTo([quote.requesterEmail])).toHaveLength(0);

    await ctx.platform.storage.put(upload?.storageKey as string, bytes);
    // the old run's final-failure handler may still arrive during the new run: it must not fail it
    const secondEnd = nextReportEvent(quote.id);
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${quote.id}/retry`,
      headers: { cookie: adminCookie },
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().reportStatus).toBe('queued');
    expect(await secondEnd).toBe('report_ready');
    const done = await quoteRow(ctx.platform, quote.id);
    expect(done.reportStatus).toBe('ready');
    expect(await mailsTo([quote.requesterEmail])).toHaveLength(1);
  }, 90_000);

  it("a late final-failure handler of an old run leaves an admin's newer run alone", async () => {
    const pipeline = createReportPipeline({
      repo: createEstimatesRepo(ctx.platform.db),
      projects: createProjectsService(ctx.platform),
      storage: ctx.platform.storage,
      mailer: ctx.platform.mailer,
      bus: ctx.platform.bus,
      config: ctx.platform.config,
      logger: ctx.platform.logger,
      engine: estimateEngine,
    });
    const repo = createEstimatesRepo(ctx.platform.db);
    const quote = await insertSubmittedQuote(ctx.platform, { file: 'hover-hip.json' });
    // run 1 starts and ends failed (its retries spent); an admin retries: run 2 starts
    const run1 = await repo.markQueued(quote.id);
    await repo.markProcessing(quote.id, run1);
    await repo.markFailed(quote.id, run1, 'storage was down');
    const run2 = await repo.markQueued(quote.id);
    expect(run2).toBe(run1 + 1);
    await repo.markProcessing(quote.id, run2);

    // run 1's final-failure handler arrives now, late
    await pipeline.onFinalFailure(quote.id, 'storage was down', run1);
    let row = await quoteRow(ctx.platform, quote.id);
    expect(row.reportStatus).toBe('processing');
    expect(row.reportError).toBeNull();
    // and a stale job of run 1 (a retry still queued) changes nothing either
    await pipeline.run(quote.id, undefined, run1);
    row = await quoteRow(ctx.platform, quote.id);
    expect(row.reportStatus).toBe('processing');
    expect(row.reportAttempts).toBe(2);

    // run 2's own final-failure handler (a crash mid-run) still marks it failed
    await pipeline.onFinalFailure(quote.id, 'the process stopped', run2);
    row = await quoteRow(ctx.platform, quote.id);
    expect(row.reportStatus).toBe('failed');
    expect(row.reportError).toContain('the process stopped');
  });

  it('answers 404 for an unknown quote and 409 for a quote that is not submitted', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/reports/00000000-0000-4000-8000-000000000000/retry',
      headers: { cookie: adminCookie },
    });
    expect(unknown.statusCode).toBe(404);
    const notUuid = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/reports/nope/retry',
      headers: { cookie: adminCookie },
    });
    expect(notUuid.statusCode).toBe(404);
    const draft = await insertSubmittedQuote(ctx.platform, {});
    await ctx.platform.db.update(quotes).set({ status: 'draft' }).where(eq(quotes.id, draft.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${draft.id}/measurements`,
      headers: { cookie: adminCookie },
      payload: { totalAreaSqFt: 2000, predominantPitch: 6 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(reportMessages.notSubmitted);
  });
});

describe('admin calls need an admin', () => {
  const calls = [
    { method: 'GET' as const, url: '/api/admin/reports/queue' },
    { method: 'POST' as const, url: '/api/admin/reports/00000000-0000-4000-8000-000000000000/retry' },
    { method: 'POST' as const, url: '/api/admin/reports/00000000-0000-4000-8000-000000000000/measurements' },
  ];
  it.each(calls)('$method $url: 401 signed out, 403 for a homeowner', async ({ method, url }) => {
    const out = await ctx.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(out.statusCode).toBe(401);
    const owner = await ctx.app.inject({
      method,
      url,
      headers: { cookie: homeownerCookie },
      payload: method === 'POST' ? {} : undefined,
    });
    expect(owner.statusCode).toBe(403);
  });
});

describe('the signed download link of the report mail', () => {
  let reference: string;
  const secret = () => ctx.config.sessionSecret;

  beforeAll(async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { file: 'hover-hip.json' });
    reference = quote.reference;
    await ctx.services.estimates.enqueueReport(quote.id);
    await waitForReportStatus(ctx.platform, quote.id, ['ready']);
  });

  const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');

  it('downloads the PDF without an account', async () => {
    const [mail] = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Your Fair Market Value roof report - Project ID ${reference}`))
      .limit(1);
    // the link from the mail as sent: the outbox row holds a placeholder
    const sent = mail && asSent(ctx.platform.config, mail);
    const url = /(https?:\/\/\S+\/api\/reports\/\S+)/.exec(sent?.text ?? '')?.[1];
    expect(url).toBeDefined();
    const res = await ctx.app.inject({ method: 'GET', url: path(url as string) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `Ridgeline-Fair-Market-Value-Report-${reference}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(res.rawPayload)).toContain(`Project ID ${reference}`);
  });

  it('refuses a tampered link (signature, reference or expiry changed) with 403', async () => {
    const link = reportDownloadLink({ secret: secret(), baseUrl: '', reference });
    const u = new URL(link.url, 'http://x');
    const sig = u.searchParams.get('sig') as string;
    const expires = u.searchParams.get('expires') as string;
    const variants = [
      `/api/reports/${reference}.pdf?expires=${expires}&sig=${sig.slice(0, -2)}xx`,
      `/api/reports/${reference}.pdf?expires=${Number(expires) + 86_400}&sig=${sig}`,
      `/api/reports/RL-ZZZZZZZZ.pdf?expires=${expires}&sig=${sig}`,
      `/api/reports/${reference}.pdf?expires=${expires}`,
      `/api/reports/${reference}.pdf?expires=soon&sig=${sig}`,
      `/api/reports/${reference}.pdf`,
    ];
    for (const v of variants) {
      const res = await ctx.app.inject({ method: 'GET', url: v });
      expect(res.statusCode, v).toBe(403);
      expect(res.json().message).toBe(reportMessages.linkInvalid);
    }
    const signedByOther = reportDownloadLink({ secret: 'x'.repeat(64), baseUrl: '', reference });
    expect((await ctx.app.inject({ method: 'GET', url: signedByOther.url })).statusCode).toBe(403);
  });

  it('refuses an expired link with 410', async () => {
    const old = reportDownloadLink(
      { secret: secret(), baseUrl: '', reference },
      new Date(Date.now() - 31 * 86_400_000),
    );
    const res = await ctx.app.inject({ method: 'GET', url: old.url });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(reportMessages.linkExpired);
  });

  it('answers 404 for a validly signed link to a report that does not exist', async () => {
    const link = reportDownloadLink({ secret: secret(), baseUrl: '', reference: 'RL-NOTHERE' });
    expect((await ctx.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(404);
  });
});
