import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  confirmSandbox,
  createIntent,
  draftId,
  insertDiscountCodes,
  multipart,
  quoteData,
  submitQuote,
} from '../../../../tests/helpers/quote-order';
import { fixture } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { parseMeasurementFile } from '../../../domain/estimates/index';
import type { QuoteStatusResponse } from '../../../domain/quotes/quote-calls';
import { quotes } from '../../platform/db/schema';
import { ORDER_COOKIE } from './order-cookie';
import { REPORT_PROMISE_MS } from './status.service';

/** Issue 9, items 2 and 3 (server half): the order's own status, and what an upload was read as. */
let ctx: TestContext;

beforeAll(async () => {
  // the tests read the status until the report job has run, as fast as the app answers: from one
  // address that can pass the per-address limit (1,200 in 10 minutes) while the first report's
  // PDF library loads, which is not what this file checks (shared-rate-limits.int.test.ts does)
  ctx = await createTestContext({ env: { RATE_LIMIT_IP_SEARCH: '1000000' } });
  await insertDiscountCodes(ctx.platform, [{ code: 'GIFT', type: 'amount', value: 45_000 }]);
});

afterAll(async () => {
  await ctx?.close();
});

async function quoteByReference(reference: string) {
  const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, reference));
  if (!row) throw new Error(`no quote ${reference}`);
  return row;
}

async function status(reference: string, cookie?: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/quotes/${reference}/status`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as QuoteStatusResponse;
}

/** A free VIP order without a file, as the browser sends it; answers its reference and order cookie. */
async function freeOrder(overrides: Record<string, unknown> = {}, cookie?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/quotes/submit',
    payload: {
      quoteData: quoteData(overrides),
      paymentIntentId: 'free_submission',
      discountCode: 'VIP',
      draftId: draftId(),
    },
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const set = res.cookies.find((c) => c.name === ORDER_COOKIE);
  return { reference: res.json().projectId as string, set, cookie: `${ORDER_COOKIE}=${set?.value}` };
}

const withReport = (reference: string, cookie?: string) =>
  until(
    () => status(reference, cookie),
    (s) => s.reports.length > 0 || s.reportStatus === 'failed',
    45_000,
  );

describe('GET /api/quotes/{reference}/status tells the order’s truth', () => {
  it('a free VIP order without a file: its size is stored, its preliminary report listed, the link only for its own browser', async () => {
    const email = 'status.vip@example.com';
    const order = await freeOrder({ requesterEmail: email, roofAreaSqFt: '2,400', stories: '2' });
    expect(order.set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const row = await quoteByReference(order.reference);
    expect(row).toMatchObject({ roofAreaSqFt: 2400, livingAreaSqFt: null, stories: '2' });

    const own = await withReport(order.reference, order.cookie);
    expect(own).toMatchObject({
      reference: order.reference,
      status: 'submitted',
      reportStatus: 'ready',
      submissionType: 'vip',
      discountCode: 'VIP',
      amountPaidCents: null,
      orderedAt: row.createdAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString(),
      expectedBy: new Date((row.submittedAt as Date).getTime() + REPORT_PROMISE_MS).toISOString(),
    });
    expect(own.reports).toHaveLength(1);
    expect(own.reports[0]).toMatchObject({ version: 1, basis: 'preliminary' });
    const url = own.reports[0]?.downloadUrl as string;
    expect(url).toMatch(/^\/api\/reports\/RL-[A-Z0-9]{8}\.pdf\?v=1&expires=\d+&sig=/);
    const pdf = await ctx.app.inject({ method: 'GET', url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // anyone else with the reference: the same facts, no link, no code
    const other = await status(order.reference);
    expect(other).toMatchObject({ submissionType: 'vip', discountCode: null, expectedBy: own.expectedBy });
    expect(other.reports).toEqual([{ ...own.reports[0], downloadUrl: null }]);
    expect(JSON.stringify(other)).not.toContain(email);

    // a cookie edited by hand, or one of another order, shows nothing more
    const [list, sig] = String(order.set?.value).split('.');
    const forged = `${ORDER_COOKIE}=${list}~RL-ZZZZZZZZ.${sig}`;
    expect((await status(order.reference, forged)).reports[0]?.downloadUrl).toBeNull();
    const another = await freeOrder({ requesterEmail: 'status.other@example.com' });
    expect((await status(order.reference, another.cookie)).reports[0]?.downloadUrl).toBeNull();
    // the browser's cookie lists both of its orders once the second is placed with it
    const both = await freeOrder({ requesterEmail: 'status.third@example.com' }, order.cookie);
    expect(both.set?.value.startsWith(`${order.reference}~${both.reference}.`)).toBe(true);
    expect((await status(order.reference, both.cookie)).reports[0]?.downloadUrl).toMatch(/\?v=1&/);
  });

  it('the order’s person signed in (confirmed account with its e-mail) and admins get the link; others do not', async () => {
    const email = 'status.person@example.com';
    const order = await freeOrder({ requesterEmail: email, homeownerEmail: 'status.owner@example.com' });
    await withReport(order.reference);
    const requester = await createUserWithSession(ctx.platform, { email });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'STATUS.owner@example.com' });
    const stranger = await createUserWithSession(ctx.platform, { email: 'status.stranger@example.com' });
    const admin = await createUserWithSession(ctx.platform, {
      email: 'status.admin@ridgeline.test',
      userType: 'admin',
    });
    const link = async (cookie: string) => (await status(order.reference, cookie)).reports[0]?.downloadUrl;
    expect(await link(requester.cookie)).toMatch(/\?v=1&/);
    expect(await link(homeowner.cookie)).toMatch(/\?v=1&/);
    expect(await link(admin.cookie)).toMatch(/\?v=1&/);
    expect(await link(stranger.cookie)).toBeNull();
  });

  it('an unconfirmed account with the requester’s e-mail gets no link', async () => {
    const email = 'status.unconfirmed@example.com';
    const order = await freeOrder({ requesterEmail: email });
    await withReport(order.reference);
    const user = await createUserWithSession(ctx.platform, { email, isVerified: false });
    expect((await status(order.reference, user.cookie)).reports[0]?.downloadUrl).toBeNull();
  });

  it('a card order: paid, with what the card was charged and its code; a code that made it free: discount', async () => {
    const data = quoteData({ requesterEmail: 'status.card@example.com' });
    const created = await createIntent(ctx.app, {
      quoteData: data,
      draftId: draftId(),
      discountCode: 'SAVE10',
    });
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json();
    expect((await confirmSandbox(ctx.app, intent)).statusCode).toBe(200);
    const submitted = await submitQuote(ctx.app, {
      quoteData: data,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const reference = submitted.json().projectId as string;
    const cookie = `${ORDER_COOKIE}=${submitted.cookies.find((c) => c.name === ORDER_COOKIE)?.value}`;
    expect(await status(reference, cookie)).toMatchObject({
      submissionType: 'paid',
      amountPaidCents: 40_500,
      discountCode: 'SAVE10',
    });

    const gift = await ctx.app.inject({
      method: 'POST',
      url: '/api/quotes/submit',
      payload: {
        quoteData: quoteData({ requesterEmail: 'status.gift@example.com' }),
        paymentIntentId: 'free_submission',
        discountCode: 'GIFT',
        draftId: draftId(),
      },
    });
    expect(gift.statusCode, gift.body).toBe(200);
    expect(await status(gift.json().projectId)).toMatchObject({
      submissionType: 'discount',
      amountPaidCents: null,
    });
  });

  it('an order not submitted yet makes no promise', async () => {
    const data = quoteData({ requesterEmail: 'status.open@example.com' });
    const created = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
    const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, created.json().quoteId));
    expect(await status(row?.reference as string)).toMatchObject({
      status: 'awaiting_payment',
      submissionType: null,
      amountPaidCents: null,
      expectedBy: null,
      reports: [],
    });
  });

  it('an unknown or malformed reference answers 404 in the error form', async () => {
    for (const reference of ['RL-ZZZZZZZZ', 'nonsense', 'rl-abc']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/quotes/${reference}/status` });
      expect(res.statusCode, reference).toBe(404);
      expect(res.json()).toMatchObject({ message: 'We could not find this quote.' });
    }
  });
});

describe('POST /api/uploads/sketch answers what was read', () => {
  const upload = (fields: Record<string, string>, name: string, content: Buffer | string) => {
    const body = multipart(fields, { name, content });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/uploads/sketch',
      payload: body.payload,
      headers: body.headers,
    });
  };

  it.each([
    ['HOVER .json', 'hover-gable.json'],
    ['Eagleview .xml', 'eagleview-hip.xml'],
    ['Roofr .csv', 'roofr-complex.csv'],
    ['GAF QuickSquare .xml', 'gaf-quicksquare-complex.xml'],
  ])('%s: %s is summarized from the parse', async (source, file) => {
    const res = await upload({ measurementFileSource: source }, file, fixture(file));
    expect(res.statusCode, res.body).toBe(201);
    const m = parseMeasurementFile(source as never, file, fixture(file).toString('utf8'));
    expect(res.json().measurement).toEqual({
      source: m.source,
      totalAreaSqFt: Math.round(m.totalAreaSqFt),
      squares: m.squares,
      predominantPitch: m.predominantPitch,
      facetCount: m.facetCount,
      address: m.address?.trim() ? m.address.trim() : null,
      warnings: m.warnings,
      // compared only when the form sends its street and ZIP (address-check.int.test.ts)
      addressCheck: null,
    });
    expect(res.json().measurement.totalAreaSqFt).toBeGreaterThan(500);
  });

  it('null without a measurement source; an unreadable measurement file is refused as before', async () => {
    const none = await upload({}, 'hover-gable.json', fixture('hover-gable.json'));
    expect(none.statusCode).toBe(201);
    expect(none.json().measurement).toBeNull();
    const bad = await upload(
      { measurementFileSource: 'Eagleview .xml' },
      'eagleview-truncated.xml',
      fixture('bad/eagleview-truncated.xml'),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.sketchFile[0]).toBeTruthy();
  });
});
