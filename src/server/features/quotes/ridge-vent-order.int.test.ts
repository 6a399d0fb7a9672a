import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import {
  confirmSandbox,
  createIntent,
  quoteData,
  SUCCESS_CARD,
  submitQuote,
} from '../../../../tests/helpers/quote-order';
import { waitForReportStatus } from '../../../../tests/helpers/report-quotes';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import type { Estimate } from '../../../domain/estimates/estimate-types';
import { projectSchema } from '../../../domain/projects/schemas';
import { quoteMessages } from '../../../domain/quotes/quote-form';
import { projects, quotes } from '../../platform/db/schema';

/**
 * Issue 24 #7 through the HTTP API: an order answers "Ridge vent" Yes, No, Not sure or not at all
 * (the spec's payload); the quote stores the answer, its report prices a ridge vent only for Yes,
 * and the project converted from it carries the answer for the contractor's job facts.
 */
let ctx: TestContext;
let adminCookie: string;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (
    await createUserWithSession(ctx.platform, { email: 'admin@ridge-vent.test', userType: 'admin' })
  ).cookie;
});
afterAll(async () => {
  await ctx?.close();
});

type Answer = 'Yes' | 'No' | 'Not sure' | undefined;

/** A free (VIP) order, or one paid by card with the form data sent with the intent. */
async function order(answer: Answer, email: string, paid: boolean): Promise<string> {
  const data = quoteData({ requesterEmail: email, ...(answer === undefined ? {} : { ridgeVent: answer }) });
  if (answer === undefined) expect('ridgeVent' in data).toBe(false);
  if (paid) {
    const created = await createIntent(ctx.app, { quoteData: data, discountCode: null });
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json();
    expect((await confirmSandbox(ctx.app, intent, SUCCESS_CARD)).statusCode).toBe(200);
    const submitted = await submitQuote(ctx.app, {
      quoteData: data,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json().projectId;
  }
  expect((await createIntent(ctx.app, { vipCode: 'VIP' })).statusCode).toBe(200);
  const submitted = await submitQuote(ctx.app, {
    quoteData: data,
    paymentIntentId: 'free_submission',
    isVipSubmission: true,
    discountCode: 'VIP',
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json().projectId;
}

describe(`the ridge vent answer ordered through the API on ${testDbKind}`, () => {
  it.each([
    ['Yes', 'Yes', true],
    ['No', 'No', false],
    ['Not sure', 'Not sure', false],
    ['no answer (the spec payload)', undefined, false],
  ] as [string, Answer, boolean][])(
    '%s: stored, priced (a ridge vent line only for Yes) and copied to the project',
    async (_label, answer, priced) => {
      const email = `ridge.${String(answer ?? 'none')
        .replace(/\W+/g, '-')
        .toLowerCase()}@order.test`;
      // Yes and no answer by card, No and Not sure free: both ways of saving the order's data
      const reference = await order(answer, email, answer === 'Yes' || answer === undefined);
      const [quote] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, reference));
      if (!quote) throw new Error(`no quote ${reference}`);
      expect(quote.ridgeVent).toBe(answer ?? null);

      const done = await waitForReportStatus(ctx.platform, quote.id, ['ready', 'failed']);
      expect(done.reportError).toBeNull();
      const codes = (done.estimate as unknown as Estimate).lineItems.map((l) => l.code);
      if (priced) {
        expect(codes).toContain('RIDGE-VENT');
        expect(codes).not.toContain('VENT');
      } else {
        expect(codes).not.toContain('RIDGE-VENT');
        expect(codes).toContain('VENT');
      }

      const converted = await ctx.app.inject({
        method: 'POST',
        url: '/api/homeowner/create-project',
        payload: { email, quoteId: reference, confirmationCode: quote.confirmationCode },
        remoteAddress: `198.51.100.${++ip}`,
      });
      expect(converted.statusCode, converted.body).toBe(201);
      const projectId = converted.json().projectId as string;
      const [row] = await ctx.platform.db.select().from(projects).where(eq(projects.id, projectId));
      expect(row?.ridgeVent).toBe(answer ?? null);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/projects/${projectId}`,
        headers: { cookie: adminCookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(projectSchema.parse(res.json()).ridgeVent).toBe(answer ?? null);
    },
  );

  it('refuses an answer outside the list with its message, and stores nothing', async () => {
    const email = 'ridge.bad@order.test';
    for (const ridgeVent of ['yes', 'Maybe', '', 1, true]) {
      const res = await createIntent(ctx.app, {
        quoteData: quoteData({ requesterEmail: email, ridgeVent }),
        discountCode: null,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors['quoteData.ridgeVent']).toEqual([quoteMessages.ridgeVent]);
      const submitted = await submitQuote(ctx.app, {
        quoteData: quoteData({ requesterEmail: email, ridgeVent }),
        paymentIntentId: 'free_submission',
        isVipSubmission: true,
        discountCode: 'VIP',
      });
      expect(submitted.statusCode).toBe(400);
      expect(submitted.json().fieldErrors['quoteData.ridgeVent']).toEqual([quoteMessages.ridgeVent]);
    }
    expect(await ctx.platform.db.select().from(quotes).where(eq(quotes.requesterEmail, email))).toEqual([]);
  });
});
