import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { settledJobs } from '../../../../tests/helpers/jobs';
import { asSent } from '../../../../tests/helpers/outbox';
import {
  insertSubmittedQuote,
  pdfText,
  quoteRow,
  waitForReportStatus,
} from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { preliminaryMeasurement } from '../../../domain/estimates/index';
import { reportMessages } from '../../../domain/estimates/report/schemas';
import { mailOutbox, quoteReports, quotes } from '../../platform/db/schema';
import { createProjectsService } from '../projects/projects.service';
import { estimateEngine } from './engine';
import { createEstimatesRepo } from './estimates.repo';
import { PRELIMINARY_SENT_REASON } from './estimates.service';
import { reportDownloadLink } from './report-link';
import { createReportPipeline, reportStorageKey } from './report-pipeline';

/** Issue 9, item 1: orders without a file get a preliminary report at once, then a measured version. */
let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await createUserWithSession(ctx.platform, { email: 'admin@prelim.test', userType: 'admin' }))
    .cookie;
});

afterAll(async () => {
  await ctx?.close();
});

/** The mails to these addresses as sent (links included; the outbox rows hold placeholders). */
async function mailsTo(addresses: string[]) {
  const rows = await ctx.platform.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.to, addresses))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.map((row) => asSent(ctx.platform.config, row));
}

async function versionsOf(quoteId: string) {
  return ctx.platform.db
    .select()
    .from(quoteReports)
    .where(eq(quoteReports.quoteId, quoteId))
    .orderBy(asc(quoteReports.version));
}

async function queueItem(quoteId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/reports/queue',
    headers: { cookie: adminCookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().items.find((i: { quoteId: string }) => i.quoteId === quoteId);
}

const linkIn = (text: string) => /https?:\/\/\S+(\/api\/reports\/\S+)/.exec(text)?.[1];

async function download(url: string) {
  return ctx.app.inject({ method: 'GET', url });
}

describe('the preliminary report of an order without measurements', () => {
  it('is priced from the given roof area, stored as version 1, mailed to all three, and stays in the admin queue', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { roofAreaSqFt: 3100 });
    expect(await ctx.services.estimates.enqueueReport(quote.id)).toBe('queued');
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done.reportError).toBeNull();
    expect(done).toMatchObject({
      reportStatus: 'ready',
      reportBasis: 'preliminary',
      reportStorageKey: reportStorageKey(quote.id, 1),
    });

    const [v1, ...more] = await versionsOf(quote.id);
    expect(more).toHaveLength(0);
    expect(v1).toMatchObject({ version: 1, basis: 'preliminary', storageKey: reportStorageKey(quote.id, 1) });
    expect(v1?.measurement).toMatchObject({ source: 'Preliminary', totalAreaSqFt: 3100 });
    expect((v1?.estimate as { totalCents?: number } | undefined)?.totalCents).toBeGreaterThan(0);
    // a preliminary measurement is not a measurement: the quote keeps none for the admin's run
    expect(done.measurement).toBeNull();

    const addresses = [quote.requesterEmail, quote.homeownerEmail as string, quote.adjusterEmail as string];
    const mails = await mailsTo(addresses);
    expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
    for (const mail of mails) {
      expect(mail.text).toMatch(/\/api\/reports\/RL-[A-Z0-9]+\.pdf\?v=1&expires=\d+&sig=/);
      expect(mail.attachments).toHaveLength(1);
    }
    const link = linkIn(mails[0]?.text ?? '') as string;
    // the stored copies (a database dump, the admin outbox) hold no signed link: only the mails sent do
    const stored = await ctx.platform.db.select().from(mailOutbox).where(inArray(mailOutbox.to, addresses));
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      expect(`${row.text} ${row.html}`).not.toMatch(/\/api\/reports\/|sig=/);
      expect(row.text).toContain('[link hidden: only in the mail sent, #1]');
    }
    const pdf = await download(link);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(`Project ID ${quote.reference}`);

    expect(await queueItem(quote.id)).toMatchObject({
      reportStatus: 'awaiting_measurements',
      reason: PRELIMINARY_SENT_REASON,
    });

    // a second hook, and an admin's retry, make no second preliminary report
    expect(await ctx.services.estimates.enqueueReport(quote.id)).toBe('ready');
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${quote.id}/retry`,
      headers: { cookie: adminCookie },
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().reportStatus).toBe('ready');
    expect(await settledJobs(ctx.platform.database, 'report.generate', { singletonKey: quote.id })).toEqual([
      'completed',
    ]);
    expect(await mailsTo([quote.requesterEmail])).toHaveLength(1);
  });

  it('uses the living area and stories, or a typical roof of the building height when no size is given', async () => {
    const sized = await insertSubmittedQuote(ctx.platform, {
      livingAreaSqFt: 2600,
      stories: '2',
      buildingHeight: '2-Story',
    });
    const typical = await insertSubmittedQuote(ctx.platform, { buildingHeight: '2-Story' });
    await ctx.services.estimates.enqueueReport(sized.id);
    await ctx.services.estimates.enqueueReport(typical.id);
    await waitForReportStatus(ctx.platform, sized.id, ['ready']);
    await waitForReportStatus(ctx.platform, typical.id, ['ready']);
    const [fromLiving] = await versionsOf(sized.id);
    const [fromTypical] = await versionsOf(typical.id);
    const want = (size: Parameters<typeof preliminaryMeasurement>[0]) =>
      preliminaryMeasurement(size).totalAreaSqFt;
    expect(fromLiving?.measurement.totalAreaSqFt).toBe(
      want({ roofAreaSqFt: null, livingAreaSqFt: 2600, stories: '2', buildingHeight: '2-Story' }),
    );
    expect(fromTypical?.measurement.totalAreaSqFt).toBe(
      want({ roofAreaSqFt: null, livingAreaSqFt: null, stories: null, buildingHeight: '2-Story' }),
    );
  });

  it('then the measured report is mailed as version 2; version 1 stays downloadable by its own link only', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { roofAreaSqFt: 2000 });
    await ctx.services.estimates.enqueueReport(quote.id);
    await waitForReportStatus(ctx.platform, quote.id, ['ready']);
    const [firstMail] = await mailsTo([quote.requesterEmail]);
    const v1Link = linkIn(firstMail?.text ?? '') as string;

    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${quote.id}/measurements`,
      headers: { cookie: adminCookie },
      payload: { totalAreaSqFt: 2750, predominantPitch: '8/12' },
    });
    expect(ok.statusCode).toBe(202);
    const done = await until(
      () => quoteRow(ctx.platform, quote.id),
      (r) => r.reportStatus === 'failed' || (r.reportStatus === 'ready' && r.reportBasis === 'measured'),
      45_000,
    );
    expect(done).toMatchObject({
      reportStatus: 'ready',
      reportBasis: 'measured',
      reportStorageKey: reportStorageKey(quote.id, 2),
    });
    expect(done.measurement).toMatchObject({ source: 'Manual entry', totalAreaSqFt: 2750 });
    const versions = await versionsOf(quote.id);
    expect(versions.map((v) => [v.version, v.basis])).toEqual([
      [1, 'preliminary'],
      [2, 'measured'],
    ]);

    const mails = await mailsTo([quote.requesterEmail]);
    expect(mails).toHaveLength(2);
    const v2Link = linkIn(mails[1]?.text ?? '') as string;
    expect(v2Link).toMatch(/\?v=2&/);

    const v1 = await download(v1Link);
    const v2 = await download(v2Link);
    expect(v1.statusCode).toBe(200);
    expect(v2.statusCode).toBe(200);
    expect(v1.rawPayload.equals(await ctx.platform.storage.get(reportStorageKey(quote.id, 1)))).toBe(true);
    expect(v2.rawPayload.equals(await ctx.platform.storage.get(reportStorageKey(quote.id, 2)))).toBe(true);
    expect(v2.headers['content-disposition']).toContain(`-${quote.reference}-v2.pdf`);

    // the link signed for version 1 cannot fetch version 2, nor the latest without its version
    const forged = v1Link.replace('?v=1&', '?v=2&');
    expect((await download(forged)).statusCode).toBe(403);
    expect((await download(v1Link.replace('?v=1&', '?'))).statusCode).toBe(403);
    expect((await download(v1Link.replace('?v=1&', '?v=01&'))).statusCode).toBe(403);
    // a link from before versions (no v) serves the latest
    const old = reportDownloadLink({
      secret: ctx.config.sessionSecret,
      baseUrl: '',
      reference: quote.reference,
    });
    const latest = await download(old.url);
    expect(latest.statusCode).toBe(200);
    expect(latest.rawPayload.equals(v2.rawPayload)).toBe(true);
    // a signed link to a version that does not exist
    const v3 = reportDownloadLink({
      secret: ctx.config.sessionSecret,
      baseUrl: '',
      reference: quote.reference,
      version: 3,
    });
    const missing = await download(v3.url);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(reportMessages.reportNotReady);

    expect(await queueItem(quote.id)).toBeUndefined();
  });

  it('a failed preliminary report is listed as failed and an admin retry makes it', async () => {
    const quote = await insertSubmittedQuote(ctx.platform, { buildingHeight: 'Skyscraper' });
    await ctx.services.estimates.enqueueReport(quote.id);
    const failed = await waitForReportStatus(ctx.platform, quote.id, ['failed', 'ready']);
    expect(failed.reportStatus).toBe('failed');
    expect(failed.reportError).toContain('Skyscraper');
    expect(await queueItem(quote.id)).toMatchObject({ reportStatus: 'failed', reason: failed.reportError });
    expect(await versionsOf(quote.id)).toHaveLength(0);

    await ctx.platform.db.update(quotes).set({ buildingHeight: '1-Story' }).where(eq(quotes.id, quote.id));
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${quote.id}/retry`,
      headers: { cookie: adminCookie },
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().reportStatus).toBe('queued');
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done).toMatchObject({ reportStatus: 'ready', reportBasis: 'preliminary' });
    expect((await versionsOf(quote.id)).map((v) => v.version)).toEqual([1]);
  });

  it('a crash after the mails and before ready repeats the mails with the same version, never loses one', async () => {
    const repo = createEstimatesRepo(ctx.platform.db);
    let crashes = 1;
    const crashingRepo = {
      ...repo,
      markReady: async (...args: Parameters<typeof repo.markReady>) => {
        if (crashes-- > 0) throw new Error('the process stopped');
        return repo.markReady(...args);
      },
    };
    const pipeline = createReportPipeline({
      repo: crashingRepo,
      projects: createProjectsService(ctx.platform),
      storage: ctx.platform.storage,
      mailer: ctx.platform.mailer,
      bus: ctx.platform.bus,
      config: ctx.platform.config,
      logger: ctx.platform.logger,
      engine: estimateEngine,
    });
    const quote = await insertSubmittedQuote(ctx.platform, { insurance: false, homeownerEmail: null });
    const run = await repo.markQueued(quote.id);
    await expect(pipeline.run(quote.id, { id: 'j1', retryCount: 0, retryLimit: 3 }, run)).rejects.toThrow(
      'the process stopped',
    );
    expect((await quoteRow(ctx.platform, quote.id)).reportStatus).toBe('processing');
    expect(await mailsTo([quote.requesterEmail])).toHaveLength(1);
    expect(await versionsOf(quote.id)).toHaveLength(0);

    await pipeline.run(quote.id, { id: 'j1', retryCount: 1, retryLimit: 3 }, run);
    const row = await quoteRow(ctx.platform, quote.id);
    expect(row).toMatchObject({ reportStatus: 'ready', reportBasis: 'preliminary' });
    const mails = await mailsTo([quote.requesterEmail]);
    expect(mails).toHaveLength(2);
    for (const m of mails) expect(m.text).toMatch(/\?v=1&/);
    expect((await versionsOf(quote.id)).map((v) => v.version)).toEqual([1]);
  });
});
