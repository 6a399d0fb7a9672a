import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import { insertQuote } from '../../../../tests/helpers/quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { type MyQuotesResponse, myQuotesTexts } from '../../../domain/quotes/my-quotes';
import { quoteReports } from '../../platform/db/schema';

/** Issue 10 item 8: GET /api/quotes/mine, the homeowner dashboard's quotes and reports. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

async function mine(cookie?: string) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/quotes/mine',
    headers: cookie ? { cookie } : {},
    remoteAddress: nextClientIp(),
  });
}

async function mineOk(cookie: string): Promise<MyQuotesResponse> {
  const res = await mine(cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json() as MyQuotesResponse;
}

/** A mailed report version with a real file behind it, as the estimates pipeline records one. */
async function addReport(quoteId: string, version: number, basis: 'preliminary' | 'measured') {
  const storageKey = `reports/test-${quoteId}-v${version}.pdf`;
  await ctx.platform.storage.put(storageKey, Buffer.from(`%PDF-1.7 version ${version}\n%%EOF\n`));
  await ctx.platform.db.insert(quoteReports).values({
    quoteId,
    version,
    basis,
    storageKey,
    measurement: {},
    estimate: {},
    createdAt: new Date(Date.now() - (3 - version) * 60_000),
  });
}

describe('GET /api/quotes/mine', () => {
  it('answers 401 signed out', async () => {
    const res = await mine();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });

  it('lists the quotes ordered with the confirmed e-mail (requester or homeowner), newest first, and nobody else’s', async () => {
    const { cookie } = await createUserWithSession(ctx.platform, { email: 'dana.mine@example.com' });
    const asRequester = await insertQuote(ctx.platform, {
      requesterEmail: 'Dana.Mine@Example.com ',
      homeownerEmail: 'someone.else@example.com',
      createdAt: new Date(Date.now() - 3 * 3600_000),
    });
    const asHomeowner = await insertQuote(ctx.platform, {
      requesterEmail: 'adjuster@claims.example',
      homeownerEmail: 'dana.mine@example.com',
      createdAt: new Date(Date.now() - 3600_000),
    });
    // not this person's, and orders that were never placed
    const others = await insertQuote(ctx.platform, { requesterEmail: 'other.mine@example.com' });
    const abandoned = await insertQuote(ctx.platform, {
      requesterEmail: 'dana.mine@example.com',
      status: 'awaiting_payment',
      paymentStatus: 'requires_payment',
      submittedAt: null,
    });
    const draft = await insertQuote(ctx.platform, {
      requesterEmail: 'dana.mine@example.com',
      status: 'draft',
      paymentStatus: 'none',
      submittedAt: null,
    });

    const body = await mineOk(cookie);
    expect(body.reason).toBeNull();
    expect(body.quotes.map((q) => q.reference)).toEqual([asHomeowner.reference, asRequester.reference]);
    const listed = JSON.stringify(body);
    for (const q of [others, abandoned, draft]) expect(listed).not.toContain(q.reference);
    expect(body.quotes[1]).toMatchObject({
      id: asRequester.id,
      address: '815 Elm St, Unit B, Plano, Texas 75074',
      orderedAt: asRequester.createdAt.toISOString(),
      submittedAt: asRequester.submittedAt?.toISOString(),
      status: 'submitted',
      reportStatus: 'not_started',
      reports: [],
      projectId: null,
      hasProject: false,
      canConvert: true,
    });

    // the other person sees only their own
    const other = await createUserWithSession(ctx.platform, { email: 'other.mine@example.com' });
    const theirs = await mineOk(other.cookie);
    expect(theirs.quotes.map((q) => q.reference)).toEqual([others.reference]);
  });

  it('an unconfirmed account sees none, with the reason, until it confirms its address', async () => {
    const email = 'unconfirmed.mine@example.com';
    await insertQuote(ctx.platform, { requesterEmail: email });
    const { cookie } = await createUserWithSession(ctx.platform, { email, isVerified: false });
    expect(await mineOk(cookie)).toEqual({ quotes: [], reason: myQuotesTexts.unconfirmed });
  });

  it('gives a working download link for every report version; a paid order still being submitted is listed without “Turn into a project”', async () => {
    const email = 'reports.mine@example.com';
    const { cookie } = await createUserWithSession(ctx.platform, { email });
    const quote = await insertQuote(ctx.platform, { requesterEmail: email, reportStatus: 'ready' });
    await addReport(quote.id, 1, 'preliminary');
    await addReport(quote.id, 2, 'measured');
    const paying = await insertQuote(ctx.platform, {
      homeownerEmail: email,
      status: 'awaiting_payment',
      paymentStatus: 'succeeded',
      submittedAt: null,
    });

    const body = await mineOk(cookie);
    const listed = body.quotes.find((q) => q.reference === quote.reference);
    expect(listed?.reports.map((r) => [r.version, r.basis])).toEqual([
      [1, 'preliminary'],
      [2, 'measured'],
    ]);
    for (const report of listed?.reports ?? []) {
      expect(report.downloadUrl).toMatch(
        new RegExp(`^/api/reports/${quote.reference}\\.pdf\\?v=${report.version}&expires=\\d+&sig=`),
      );
      const pdf = await ctx.app.inject({ method: 'GET', url: report.downloadUrl as string });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.toString()).toContain(`version ${report.version}`);
    }
    // the status endpoint gives this account the same links (signed a moment apart: the expiry may differ)
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${quote.reference}/status`,
      headers: { cookie },
    });
    const unsigned = (url: string | null) => url?.replace(/&expires=.*$/, '');
    expect(status.json().reports.map((r: { downloadUrl: string }) => unsigned(r.downloadUrl))).toEqual(
      listed?.reports.map((r) => unsigned(r.downloadUrl)),
    );
    expect(body.quotes.find((q) => q.reference === paying.reference)).toMatchObject({
      status: 'awaiting_payment',
      canConvert: false,
    });
  });

  it('names the project made from a quote for its owner only; the other person on the order is told one exists', async () => {
    const requester = await createUserWithSession(ctx.platform, { email: 'req.project@example.com' });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'home.project@example.com' });
    const quote = await insertQuote(ctx.platform, {
      requesterEmail: 'req.project@example.com',
      homeownerEmail: 'home.project@example.com',
    });

    const converted = await ctx.app.inject({
      method: 'POST',
      url: '/api/homeowner/create-project',
      payload: { email: 'home.project@example.com', quoteId: quote.reference },
      headers: { cookie: homeowner.cookie },
      remoteAddress: nextClientIp(),
    });
    expect(converted.statusCode, converted.body).toBe(201);
    const projectId = converted.json().projectId as string;

    const own = (await mineOk(homeowner.cookie)).quotes.find((q) => q.id === quote.id);
    expect(own).toMatchObject({ projectId, hasProject: true, canConvert: false });
    const other = (await mineOk(requester.cookie)).quotes.find((q) => q.id === quote.id);
    expect(other).toMatchObject({ projectId: null, hasProject: true, canConvert: false });
  });
});
