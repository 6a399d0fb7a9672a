import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { quoteData } from '../../../../tests/helpers/quote-data';
import { fixture, pdfText, waitForReportStatus } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { formatCents, formatCentsWhole } from '../../../domain/estimates/report/format';
import { apiOrders, mailOutbox, quotes } from '../../platform/db/schema';

/** Issue 26 #5: orders through /api/v1, billed to the organisation's account, and its statements. */
let ctx: TestContext;
let admin: string;
let ip = 0;
const nextIp = () => `10.27.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithSession(ctx.platform, { email: 'admin@orders.test', userType: 'admin' }))
    .cookie;
});
afterAll(async () => {
  await ctx?.close();
});

async function orgWithKey(name: string) {
  const org = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/organizations',
    headers: { cookie: admin },
    payload: { name, kind: 'solar', billingEmail: `billing@${name.toLowerCase()}.example` },
  });
  const key = await ctx.app.inject({
    method: 'POST',
    url: `/api/admin/organizations/${org.json().id}/api-keys`,
    headers: { cookie: admin },
    payload: { name: 'main', scopes: ['orders:write', 'orders:read'], rateLimitPerMinute: 1000 },
  });
  expect(key.statusCode, key.body).toBe(201);
  return { id: org.json().id as string, key: key.json().key as string };
}

function api(
  key: string,
  method: 'GET' | 'POST',
  url: string,
  opts: { payload?: unknown; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...opts.headers },
    payload: opts.payload as string,
    remoteAddress: nextIp(),
  });
}

const order = (street: string) =>
  quoteData({ streetAddress: street, requesterEmail: 'adjuster@acme.example' });

describe('orders through /api/v1', () => {
  it('are idempotent by Idempotency-Key: concurrent calls make one order; another body is refused', async () => {
    const { id: orgId, key } = await orgWithKey('Sunny');
    const body = order('10 Idem Road');
    const headers = { 'idempotency-key': 'claim-4711' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => api(key, 'POST', '/api/v1/orders', { payload: body, headers })),
    );
    for (const a of answers) expect([200, 201], a.body).toContain(a.statusCode);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const [reference] = [...ids];
    expect(
      await ctx.platform.db.select().from(quotes).where(eq(quotes.streetAddress, '10 Idem Road')),
    ).toHaveLength(1);
    expect(
      await ctx.platform.db.select().from(apiOrders).where(eq(apiOrders.organizationId, orgId)),
    ).toHaveLength(1);

    const again = await api(key, 'POST', '/api/v1/orders', { payload: body, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(reference);
    const other = await api(key, 'POST', '/api/v1/orders', { payload: order('11 Other Road'), headers });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/different body/);

    // the key is the organisation's own: another organisation's same key is another order
    const second = await orgWithKey('Shady');
    const theirs = await api(second.key, 'POST', '/api/v1/orders', { payload: body, headers });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(reference);
    // and a refused order leaves the key free for the corrected one
    const refused = await api(key, 'POST', '/api/v1/orders', {
      payload: { ...body, zipCode: 'nope' },
      headers: { 'idempotency-key': 'fix-me' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.zipCode).toBeDefined();
  });

  it('is billed to the account, reported, and its estimate JSON has the PDF’s figures', async () => {
    const { key } = await orgWithKey('Acme');
    const placed = await api(key, 'POST', '/api/v1/orders', { payload: order('20 Report Lane') });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ billing: 'account', amountCents: 45000 });
    const reference = placed.json().id as string;
    const [q] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, reference));
    expect(q).toMatchObject({ status: 'submitted', paymentStatus: 'account' });
    const [mail] = await ctx.platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, 'adjuster@acme.example'), like(mailOutbox.text, `%${reference}%`)));
    expect(mail?.text).toContain("$450.00 billed to your organisation's account");
    expect(mail?.text).not.toContain('card');
    await waitForReportStatus(ctx.platform, q?.id as string, ['ready', 'awaiting_measurements']);

    const status = await api(key, 'GET', `/api/v1/orders/${reference}`);
    expect(status.json()).toMatchObject({
      id: reference,
      status: 'report_ready',
      reportVersion: 1,
      reportBasis: 'preliminary',
    });
    const estimate = await api(key, 'GET', `/api/v1/orders/${reference}/estimate`);
    expect(estimate.statusCode, estimate.body).toBe(200);
    const e = estimate.json();
    expect(e.modelVersion).toMatch(/\S/);
    expect(e.lineItems.length).toBeGreaterThan(0);
    expect(e.totalCents).toBe(e.range.expectedCents);
    const pdf = await api(key, 'GET', `/api/v1/orders/${reference}/report.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(reference);
    for (const item of e.lineItems) expect(text).toContain(formatCents(item.totalCents));
    for (const cents of [e.workCents, e.overheadAndProfitCents, e.salesTax.cents, e.totalCents]) {
      expect(text).toContain(formatCents(cents));
    }
    // the range page in whole dollars, as "$7,080 $12,187 $20,980"
    const { lowCents, expectedCents, highCents } = e.range;
    expect(text).toContain([lowCents, expectedCents, highCents].map(formatCentsWhole).join(' '));
    expect(text).toContain(`Pricing model ${e.modelVersion}`);
  });

  it('with a measurement file in the same request (multipart)', async () => {
    const { key } = await orgWithKey('Fileco');
    const data = order('30 File Street');
    const file = fixture('eagleview-gable.xml');
    const payload = Buffer.concat([
      Buffer.from(
        `--M\r\nContent-Disposition: form-data; name="order"\r\n\r\n${JSON.stringify({ ...data, measurementFileSource: 'Eagleview .xml', measurementAddressConfirmed: true })}\r\n--M\r\nContent-Disposition: form-data; name="measurementFile"; filename="eagleview-gable.xml"\r\nContent-Type: application/xml\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n--M--\r\n'),
    ]);
    const res = await api(key, 'POST', '/api/v1/orders', {
      payload,
      headers: { 'content-type': 'multipart/form-data; boundary=M' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [q] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, res.json().id));
    expect(q).toMatchObject({
      measurementFileSource: 'Eagleview .xml',
      sketchFileName: 'eagleview-gable.xml',
    });
    expect(q?.sketchUploadId).toBeTruthy();
    const done = await waitForReportStatus(ctx.platform, q?.id as string, [
      'ready',
      'failed',
      'awaiting_measurements',
    ]);
    expect(done.reportBasis).toBe('measured');
  });

  it('with a measurement file sent after the order: the measured report follows as version 2', async () => {
    const { key } = await orgWithKey('Laterco');
    const placed = await api(key, 'POST', '/api/v1/orders', { payload: order('50 Later Lane') });
    const reference = placed.json().id as string;
    const [q] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, reference));
    await waitForReportStatus(ctx.platform, q?.id as string, ['ready', 'awaiting_measurements']);
    const multipart = (source: string, name: string, content: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--L\r\nContent-Disposition: form-data; name="measurementFileSource"\r\n\r\n${source}\r\n--L\r\nContent-Disposition: form-data; name="measurementFile"; filename="${name}"\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n--L--\r\n'),
      ]);
    const headers = { 'content-type': 'multipart/form-data; boundary=L' };
    const url = `/api/v1/orders/${reference}/measurement-file`;
    const noSource = await api(key, 'POST', url, {
      payload: multipart('Fax', 'a.xml', Buffer.from('<x/>')),
      headers,
    });
    expect(noSource.statusCode).toBe(400);
    const res = await api(key, 'POST', url, {
      payload: multipart('Eagleview .xml', 'eagleview-gable.xml', fixture('eagleview-gable.xml')),
      headers,
    });
    expect(res.statusCode, res.body).toBe(202);
    const measured = await until(
      async () => (await api(key, 'GET', `/api/v1/orders/${reference}`)).json(),
      (o) => o.reportVersion === 2,
    );
    expect(measured).toMatchObject({ status: 'report_ready', reportBasis: 'measured' });
    const estimate = await api(key, 'GET', `/api/v1/orders/${reference}/estimate`);
    expect(estimate.json()).toMatchObject({ reportVersion: 2, basis: 'measured' });
    const other = await orgWithKey('Otherco');
    expect(
      (
        await api(other.key, 'POST', url, {
          payload: multipart('Eagleview .xml', 'a.xml', fixture('eagleview-gable.xml')),
          headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('are listed a page at a time and seen only by their organisation; the statement lists them', async () => {
    const mine = await orgWithKey('Pager');
    const theirs = await orgWithKey('Nosy');
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api(mine.key, 'POST', '/api/v1/orders', { payload: order(`${40 + i} Page Court`) });
      refs.push(res.json().id);
    }
    const first = await api(mine.key, 'GET', '/api/v1/orders?limit=2');
    expect(first.json().data.map((o: { id: string }) => o.id)).toEqual([refs[2], refs[1]]);
    const next = await api(mine.key, 'GET', `/api/v1/orders?limit=2&cursor=${first.json().nextCursor}`);
    expect(next.json()).toEqual({ data: [expect.objectContaining({ id: refs[0] })], nextCursor: null });
    expect((await api(mine.key, 'GET', '/api/v1/orders?cursor=%00bad')).statusCode).toBe(400);

    for (const url of [
      `/api/v1/orders/${refs[0]}`,
      `/api/v1/orders/${refs[0]}/estimate`,
      `/api/v1/orders/${refs[0]}/report.pdf`,
    ]) {
      expect((await api(theirs.key, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await api(theirs.key, 'GET', '/api/v1/orders')).json().data).toEqual([]);

    // the statement names each report's status: wait for them to settle so both reads agree
    for (const ref of refs) {
      const [q] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, ref));
      await waitForReportStatus(ctx.platform, q?.id as string, ['ready', 'awaiting_measurements']);
    }
    const month = new Date().toISOString().slice(0, 7);
    const csv = await api(mine.key, 'GET', `/api/v1/statements/${month}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('order_id,ordered_at,property,requester,report_status,amount_usd');
    expect(lines.slice(1, -1).map((l) => l.split(',')[0])).toEqual(refs);
    expect(lines.at(-1)).toBe('TOTAL,,,,3 orders,1350.00');
    expect((await api(theirs.key, 'GET', `/api/v1/statements/${month}.csv`)).body).not.toContain(refs[0]);
    expect((await api(mine.key, 'GET', '/api/v1/statements/2026-13.csv')).statusCode).toBe(400);

    const pdf = await api(mine.key, 'GET', `/api/v1/statements/${month}.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const ref of refs) expect(text).toContain(ref);
    expect(text).toContain('$1,350.00');

    const byAdmin = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/organizations/${mine.id}/statements/${month}.csv`,
      headers: { cookie: admin },
    });
    expect(byAdmin.body).toBe(csv.body);
  });
});
