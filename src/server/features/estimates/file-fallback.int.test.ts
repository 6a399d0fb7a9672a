/**
 * Issue 24 #1 and #3 through the app: the upload refuses, before payment, what pricing would
 * refuse; a paid order whose stored file cannot be priced still gets a report (the preliminary
 * one, naming the file's problem) and waits in the admin queue.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { asSent } from '../../../../tests/helpers/outbox';
import { multipart } from '../../../../tests/helpers/quote-order';
import {
  fixture,
  insertSubmittedQuote,
  pdfText,
  waitForReportStatus,
} from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { mailOutbox } from '../../platform/db/schema';
import { fileNotPricedReason } from './file-not-priced';

let ctx: TestContext;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (
    await createUserWithSession(ctx.platform, { email: 'admin@ridgeline.test', userType: 'admin' })
  ).cookie;
});

afterAll(async () => {
  await ctx?.close();
});

/** EagleView without its summary (the "Bid Perfect" style), face F5 stated at twice its outline. */
const doubledFace = () =>
  Buffer.from(
    fixture('eagleview-complex.xml')
      .toString('utf8')
      .replace(/<OVERALL_SUMMARY>[\s\S]*<\/OVERALL_SUMMARY>/, '')
      .replace(/(<POLYGON id="P5"[^>]*) size="1288" unroundedsize="[^"]+"/, '$1 size="2576"'),
  );

/** HOVER's XML export: EagleView's layout under <DATA_EXPORT>, faces named "RF-n". */
const hoverXml = () =>
  Buffer.from(
    fixture('eagleview-hip.xml')
      .toString('utf8')
      .replace(/EAGLEVIEW_EXPORT/g, 'DATA_EXPORT')
      .replace(/<FACE designator="\w" id="F(\d+)"/g, '<FACE name="RF-$1" id="F$1"'),
  );

async function upload(name: string, content: Buffer, source: string) {
  const body = multipart({ measurementFileSource: source }, { name, content });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/uploads/sketch',
    payload: body.payload,
    headers: body.headers,
  });
}

describe('the upload asks what pricing asks (before payment)', () => {
  it('refuses a face whose stated size contradicts its outline, with the faces named', async () => {
    const res = await upload('roof.xml', doubledFace(), 'Eagleview .xml');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.sketchFile[0]).toMatch(
      /^In "roof\.xml": The faces' stated sizes differ from their own outlines .*face F5 states 2,576 sq ft, its outline measures 1,288.*cannot be priced/,
    );
  });

  it('names a HOVER XML export chosen as "Eagleview .xml" and refuses to price it as EagleView', async () => {
    const res = await upload('hover-export.xml', hoverXml(), 'Eagleview .xml');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fieldErrors.sketchFile[0]).toMatch(/"hover-export\.xml" is a HOVER file/);
  });

  it('still accepts the vendor file as exported', async () => {
    const res = await upload('eagleview-complex.xml', fixture('eagleview-complex.xml'), 'Eagleview .xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().measurement).toMatchObject({ totalAreaSqFt: 5518, warnings: [] });
  });
});

describe('a paid order whose file cannot be priced still gets a report', () => {
  it('the preliminary report names the file problem; the order waits in the admin queue', async () => {
    // stored before today's check (or by any path that skipped it): the job must not end without a report
    const quote = await insertSubmittedQuote(ctx.platform, {
      file: 'eagleview-complex.xml',
      content: doubledFace(),
      insurance: false,
      livingAreaSqFt: 2000,
      stories: '1',
    });
    await ctx.services.estimates.enqueueReport(quote.id);
    const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
    expect(done.reportStatus).toBe('ready');
    expect(done.reportBasis).toBe('preliminary');
    expect(done.reportAttempts).toBe(1);
    expect(done.reportError).toMatch(/face F5 states 2,576 sq ft/);
    expect(done.measurement).toBeNull(); // a preliminary report keeps no measurement

    const [row] = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, quote.requesterEmail))
      .orderBy(desc(mailOutbox.createdAt));
    expect(row).toBeDefined();
    const mail = asSent(ctx.platform.config, row as typeof mailOutbox.$inferSelect);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mail.id}/attachments/0`,
      headers: { cookie: adminCookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain('The measurement file "eagleview-complex.xml" could not be priced');
    expect(text).toMatch(/face F5 states 2,576 sq ft/);
    expect(text).toContain('This report is therefore preliminary');

    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/reports/queue',
      headers: { cookie: adminCookie },
    });
    expect(queue.json().items.find((i: { quoteId: string }) => i.quoteId === quote.id)).toMatchObject({
      reportStatus: 'awaiting_measurements',
      reason: fileNotPricedReason(done.reportError as string),
    });
  });
});
