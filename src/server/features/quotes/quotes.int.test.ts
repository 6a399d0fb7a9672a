import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { isReportMail } from '../../../../tests/helpers/outbox';
import {
  confirmSandbox,
  createIntent,
  DECLINED_CARD,
  draftId,
  insertDiscountCodes,
  quoteData,
  SUCCESS_CARD,
  submitQuote,
} from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { discountCodes, mailOutbox, payments, quotes } from '../../platform/db/schema';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertDiscountCodes(ctx.platform, [
    { code: 'EXPIRED5', type: 'percent', value: 5, expiresAt: new Date('2020-01-01T00:00:00Z') },
    { code: 'OFF5', type: 'percent', value: 5, isActive: false },
    { code: 'ONCEFREE', type: 'free', value: 0, maxUses: 1 },
    { code: 'ALLOFF', type: 'amount', value: 45_000 },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

async function quoteRow(reference: string) {
  const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.reference, reference));
  return row;
}

/** The order mails to an address (the preliminary report of a no-file order is mailed on its own, and left aside). */
async function mailsTo(email: string) {
  const mails = await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return mails.filter((m) => !isReportMail(m));
}

/** create-payment-intent + sandbox confirm; returns the intent answer. */
async function payFor(data: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const created = await createIntent(ctx.app, { quoteData: data, draftId: draftId(), ...extra });
  expect(created.statusCode, created.body).toBe(200);
  const intent = created.json();
  const confirmed = await confirmSandbox(ctx.app, intent);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return intent as { paymentIntentId: string; clientSecret: string; quoteId: string; amount: number };
}

describe('payment configuration and discounts', () => {
  it('answers the sandbox config without keys', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stripe-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publishableKey: null, mode: 'sandbox' });
  });

  it('validates codes upper-cased, with the amounts the server computes', async () => {
    const save10 = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: ' save10 ' },
    });
    expect(save10.json()).toMatchObject({
      valid: true,
      freeSubmission: false,
      discount: { code: 'SAVE10', type: 'percent', value: 10, originalAmount: 45_000, finalAmount: 40_500 },
    });
    expect(save10.json().message).toContain('10% off');

    const save50 = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: 'SAVE50' },
    });
    expect(save50.json().discount).toMatchObject({ type: 'amount', value: 5000, finalAmount: 40_000 });
    expect(save50.json().message).toContain('$50.00 off');

    const vip = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: 'vip' },
    });
    expect(vip.json()).toMatchObject({
      valid: true,
      freeSubmission: true,
      message: 'VIP Code Applied! Your submission will be processed for free.',
      discount: { code: 'VIP', finalAmount: 0 },
    });

    const allOff = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: 'ALLOFF' },
    });
    expect(allOff.json()).toMatchObject({ valid: true, freeSubmission: true, discount: { finalAmount: 0 } });
  });

  it('refuses unknown, expired, inactive and empty codes with a clear message', async () => {
    const check = async (code: string) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/validate-discount', payload: { code } })).json();
    expect(await check('NOPE')).toMatchObject({
      valid: false,
      discount: null,
      message: 'Discount code not found',
    });
    expect(await check('EXPIRED5')).toMatchObject({
      valid: false,
      message: 'This discount code has expired.',
    });
    expect(await check('OFF5')).toMatchObject({
      valid: false,
      message: 'This discount code is no longer active.',
    });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter a discount code first.');
  });
});

describe('create-payment-intent', () => {
  it('shows every field message of the spec for an empty form', async () => {
    const res = await createIntent(ctx.app, { quoteData: {} });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fieldErrors as Record<string, string[]>;
    expect(fields['quoteData.requesterFirstName']).toEqual(['First name is required']);
    expect(fields['quoteData.requesterEmail']).toEqual(['Valid email is required']);
    expect(fields['quoteData.insuranceInvolved']).toEqual(['Please select if insurance is involved']);
    expect(fields['quoteData.zipCode']).toEqual(['Valid zip code is required']);
    expect(fields['quoteData.roofLayers']).toEqual(['Number of roof layers is required']);
    expect(res.json().error).toBe(res.json().message);
  });

  it('ignores a tampered amount: the server charges 45000 cents, or its own discounted price', async () => {
    const full = await createIntent(ctx.app, { quoteData: quoteData(), finalAmount: 1, discountCode: null });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ amount: 45_000, freeSubmission: false });
    const [payment] = await ctx.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, full.json().paymentIntentId));
    expect(payment?.amountCents).toBe(45_000);

    const discounted = await createIntent(ctx.app, {
      quoteData: quoteData(),
      finalAmount: 1,
      discountCode: 'save10',
    });
    expect(discounted.json().amount).toBe(40_500);

    const paid = await confirmSandbox(ctx.app, full.json());
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      amount: 45_000,
      card: { brand: 'visa', last4: '4242' },
    });
  });

  it('refuses an invalid discount code instead of charging full price silently', async () => {
    const res = await createIntent(ctx.app, {
      quoteData: quoteData(),
      finalAmount: 0,
      discountCode: 'EXPIRED5',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.discountCode).toEqual(['This discount code has expired.']);
  });

  it('answers a free submission for VIP without a PaymentIntent', async () => {
    const res = await createIntent(ctx.app, { quoteData: quoteData(), vipCode: 'VIP' });
    expect(res.json()).toMatchObject({
      clientSecret: null,
      paymentIntentId: 'free_submission',
      amount: 0,
      freeSubmission: true,
    });
  });

  it('saves the quote awaiting payment when the intent is created', async () => {
    const res = await createIntent(ctx.app, { quoteData: quoteData({ city: 'Austin' }), draftId: draftId() });
    const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, res.json().quoteId));
    expect(row).toMatchObject({ status: 'awaiting_payment', city: 'Austin', amountCents: 45_000 });
    expect(row?.paymentIntentId).toBe(res.json().paymentIntentId);
  });

  it('reuses the open intent for a second attempt of the same draft, and makes a new one when the price changes', async () => {
    const key = draftId();
    const first = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'same.draft@example.com' }),
      draftId: key,
    });
    const again = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'same.draft@example.com' }),
      draftId: key,
    });
    expect(again.json().paymentIntentId).toBe(first.json().paymentIntentId);
    expect(again.json().quoteId).toBe(first.json().quoteId);
    const cheaper = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'same.draft@example.com' }),
      draftId: key,
      discountCode: 'SAVE50',
    });
    expect(cheaper.json().quoteId).toBe(first.json().quoteId);
    expect(cheaper.json().paymentIntentId).not.toBe(first.json().paymentIntentId);
    expect(cheaper.json().amount).toBe(40_000);
  });
});

describe('sandbox payments and submission', () => {
  it('takes a paid quote to submitted, with one confirmation mail, and answers the same Project ID twice', async () => {
    const email = 'paid.once@example.com';
    const intent = await payFor(quoteData({ requesterEmail: email }));
    const first = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: email }),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(first.statusCode, first.body).toBe(200);
    const { projectId, message } = first.json();
    expect(projectId).toMatch(/^RL-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(message).toContain(projectId);
    expect(message).toContain('5-10 minutes');

    const second = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: email }),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(second.json().projectId).toBe(projectId);

    const row = await quoteRow(projectId);
    expect(row).toMatchObject({ status: 'submitted', paymentStatus: 'succeeded', amountCents: 45_000 });
    expect(row?.submittedAt).toBeInstanceOf(Date);
    expect(row?.confirmationCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    // without a file the preliminary report is made at once
    expect(['queued', 'processing', 'ready']).toContain(row?.reportStatus);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Project ID: ${projectId}`);
    expect(mails[0]?.text).toContain(`Confirmation code: ${row?.confirmationCode}`);
    expect(mails[0]?.text).toContain('Visa ending in 4242');
    expect(mails[0]?.text).not.toContain('4242 4242');
  });

  it('declines 4000 0000 0000 0002 with the decline message, then accepts a retry with a good card', async () => {
    const created = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'declined.first@example.com' }),
      draftId: draftId(),
    });
    const intent = created.json();
    const declined = await confirmSandbox(ctx.app, intent, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      message: 'Your card was declined.',
      error: 'Your card was declined.',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
    const [failed] = await ctx.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    expect(failed).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      cardLast4: '0002',
    });
    const notYet = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'declined.first@example.com' }),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(notYet.statusCode).toBe(402);

    const retried = await confirmSandbox(ctx.app, intent, SUCCESS_CARD);
    expect(retried.statusCode).toBe(200);
    const submitted = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'declined.first@example.com' }),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(submitted.statusCode).toBe(200);
  });

  it('checks the card: Luhn, expiry in the future and CVC, with field messages', async () => {
    const created = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'card.checks@example.com' }),
      draftId: draftId(),
    });
    const bad = await confirmSandbox(ctx.app, created.json(), {
      number: '4242 4242 4242 4241',
      expMonth: 1,
      expYear: 2001,
      cvc: '1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      'card.number': ['Your card number is invalid.'],
      'card.expiry': ["Your card's expiration date is in the past."],
      'card.cvc': ["Your card's security code is incomplete."],
    });
    const [payment] = await ctx.platform.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, created.json().paymentIntentId));
    expect(payment?.status).toBe('requires_payment');

    const wrongSecret = await confirmSandbox(
      ctx.app,
      {
        paymentIntentId: created.json().paymentIntentId,
        clientSecret: `${created.json().paymentIntentId}_secret_x`,
      },
      SUCCESS_CARD,
    );
    expect(wrongSecret.statusCode).toBe(400);
  });

  it('submits a paid quote even when the browser never comes back (the payment event does it)', async () => {
    const email = 'closed.browser@example.com';
    const intent = await payFor(quoteData({ requesterEmail: email }));
    const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, intent.quoteId));
    expect(row).toMatchObject({ status: 'submitted', paymentStatus: 'succeeded' });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Project ID: ${row?.reference}`);
    // the browser that does come back later gets the same Project ID, and no second mail
    const late = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: intent.paymentIntentId,
    });
    expect(late.json().projectId).toBe(row?.reference);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('refuses to submit an unpaid quote and an unknown payment', async () => {
    const created = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'unpaid@example.com' }),
      draftId: draftId(),
    });
    const unpaid = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'unpaid@example.com' }),
      paymentIntentId: created.json().paymentIntentId,
    });
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().error).toBe(unpaid.json().message);
    const unknown = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'unpaid@example.com' }),
      paymentIntentId: 'pi_sbx_doesnotexist',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a free submission the server does not consider free', async () => {
    const none = await submitQuote(ctx.app, { quoteData: quoteData(), paymentIntentId: 'free_submission' });
    expect(none.statusCode).toBe(402);
    const partial = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: 'free_submission',
      discountCode: 'SAVE50',
      isVipSubmission: false,
    });
    expect(partial.statusCode).toBe(402);
  });

  it('submits VIP and zero-price discounts for free, idempotently, counting the code once', async () => {
    const key = draftId();
    const body = {
      quoteData: quoteData({ requesterEmail: 'vip@example.com' }),
      paymentIntentId: 'free_submission',
      isVipSubmission: true,
      discountCode: 'VIP',
      draftId: key,
    };
    const first = await submitQuote(ctx.app, body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await submitQuote(ctx.app, body);
    expect(again.json().projectId).toBe(first.json().projectId);
    const row = await quoteRow(first.json().projectId);
    expect(row).toMatchObject({
      status: 'submitted',
      paymentStatus: 'free',
      amountCents: 0,
      isVipSubmission: true,
      discountCode: 'VIP',
    });
    const [vip] = await ctx.platform.db.select().from(discountCodes).where(eq(discountCodes.code, 'VIP'));
    expect(vip?.usedCount).toBe(1);
    expect(await mailsTo('vip@example.com')).toHaveLength(1);

    const allOff = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: 'free_submission',
      isVipSubmission: false,
      discountCode: 'alloff',
      draftId: draftId(),
    });
    expect(allOff.statusCode).toBe(200);
    expect((await quoteRow(allOff.json().projectId))?.discountCode).toBe('ALLOFF');
  });

  it('never counts a code above its usage limit', async () => {
    const first = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: 'free_submission',
      discountCode: 'ONCEFREE',
      draftId: draftId(),
    });
    expect(first.statusCode).toBe(200);
    const second = await submitQuote(ctx.app, {
      quoteData: quoteData({ city: 'Plano' }),
      paymentIntentId: 'free_submission',
      discountCode: 'ONCEFREE',
      draftId: draftId(),
    });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe('This discount code has reached its usage limit.');
    const [code] = await ctx.platform.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'ONCEFREE'));
    expect(code?.usedCount).toBe(1);
  });

  it('keeps carrier and adjuster details only when insurance is involved', async () => {
    const withInsurance = quoteData({
      insuranceInvolved: 'Yes',
      carrierName: 'State Mutual',
      claimNumber: 'CLM-1',
      adjusterFirstName: 'Ann',
      adjusterLastName: 'Lee',
      adjusterEmail: 'ann.lee@example.com',
      adjusterPhone: '(214) 555-0100',
    });
    const a = await createIntent(ctx.app, { quoteData: withInsurance });
    const [rowA] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, a.json().quoteId));
    expect(rowA).toMatchObject({ carrierName: 'State Mutual', adjusterEmail: 'ann.lee@example.com' });
    const b = await createIntent(ctx.app, { quoteData: { ...withInsurance, insuranceInvolved: 'No' } });
    const [rowB] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, b.json().quoteId));
    expect(rowB).toMatchObject({ carrierName: null, adjusterEmail: null });
  });
});

describe('50 concurrent submissions', () => {
  it('gives 50 distinct Project IDs and loses nothing (paid and free, each submitted twice at once)', async () => {
    const paid = await Promise.all(
      Array.from({ length: 25 }, async (_, i) => {
        const data = quoteData({ requesterEmail: `paid${i}@load.test` });
        const created = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
        expect(created.statusCode, created.body).toBe(200);
        return { data, intent: created.json() as { paymentIntentId: string; clientSecret: string } };
      }),
    );
    const free = Array.from({ length: 25 }, (_, i) => ({
      quoteData: quoteData({ requesterEmail: `free${i}@load.test` }),
      paymentIntentId: 'free_submission',
      isVipSubmission: true,
      discountCode: 'VIP',
      draftId: draftId(),
    }));

    const submitPaid = async ({ data, intent }: (typeof paid)[number]) => {
      const confirmed = await confirmSandbox(ctx.app, intent);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      return submitQuote(ctx.app, { quoteData: data, paymentIntentId: intent.paymentIntentId });
    };
    const answers = await Promise.all([
      ...paid.map(submitPaid),
      ...free.map((body) => submitQuote(ctx.app, body)),
      ...free.map((body) => submitQuote(ctx.app, body)),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = answers.map((a) => a.json().projectId as string);
    const distinct = new Set(ids);
    expect(distinct.size).toBe(50);
    // the doubled free submissions answered the same IDs
    expect(ids.slice(25, 50)).toEqual(ids.slice(50, 75));

    for (const id of distinct) {
      const row = await quoteRow(id);
      expect(row?.status).toBe('submitted');
    }
    // the confirmation mails (the preliminary reports of these no-file orders follow on their own)
    const loadMails = (await ctx.platform.db.select().from(mailOutbox)).filter(
      (m) => m.to.endsWith('@load.test') && !isReportMail(m),
    );
    expect(loadMails).toHaveLength(50);
    expect(new Set(loadMails.map((m) => m.to)).size).toBe(50);
  });
});

describe('public status and admin lists', () => {
  it('shows a quote status by reference without personal data', async () => {
    const res = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'status@example.com' }),
      paymentIntentId: 'free_submission',
      discountCode: 'VIP',
      draftId: draftId(),
    });
    const projectId = res.json().projectId as string;
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/quotes/${projectId.toLowerCase()}/status`,
    });
    expect(status.statusCode).toBe(200);
    expect(Object.keys(status.json()).sort()).toEqual([
      'amountPaidCents',
      'discountCode',
      'expectedBy',
      'orderedAt',
      'reference',
      'reportStatus',
      'reports',
      'status',
      'submissionType',
      'submittedAt',
    ]);
    expect(status.json()).toMatchObject({ reference: projectId, status: 'submitted' });
    expect(status.body).not.toContain('status@example.com');
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/quotes/RL-ZZZZZZZZ/status' });
    expect(missing.statusCode).toBe(404);
  });

  it('lets only admins list quotes and manage discount codes', async () => {
    const admin = await createUserWithSession(ctx.platform, {
      email: 'admin@ridgeline.test',
      userType: 'admin',
    });
    const homeowner = await createUserWithSession(ctx.platform, { email: 'h@example.com' });

    for (const [method, url] of [
      ['GET', '/api/admin/quotes'],
      ['GET', '/api/admin/discount-codes'],
      ['POST', '/api/admin/discount-codes'],
    ] as const) {
      expect((await ctx.app.inject({ method, url })).statusCode).toBe(401);
      expect((await ctx.app.inject({ method, url, headers: { cookie: homeowner.cookie } })).statusCode).toBe(
        403,
      );
    }

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/quotes?pageSize=5',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.items).toHaveLength(5);
    expect(body.total).toBeGreaterThan(50);
    const times = body.items.map((q: { createdAt: string }) => Date.parse(q.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.items[0]).toHaveProperty('paymentStatus');
    expect(body.items[0]).toHaveProperty('reportStatus');
    expect(body.items[0].requester).toHaveProperty('email');

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { cookie: admin.cookie },
      payload: { code: 'x', type: 'percent', value: 150 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      code: ['Use 2-40 letters, digits, dashes or underscores.'],
      value: ['A percent discount is a whole number from 1 to 100.'],
    });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { cookie: admin.cookie },
      payload: { code: 'spring25', type: 'percent', value: 25, maxUses: 10 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      code: 'SPRING25',
      type: 'percent',
      value: 25,
      maxUses: 10,
      isActive: true,
    });
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes',
      headers: { cookie: admin.cookie },
      payload: { code: 'SPRING25', type: 'amount', value: 100 },
    });
    expect(duplicate.statusCode).toBe(409);

    const validBefore = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: 'spring25' },
    });
    expect(validBefore.json().discount.finalAmount).toBe(33_750);

    const disableAsHomeowner = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/discount-codes/${created.json().id}/disable`,
      headers: { cookie: homeowner.cookie },
    });
    expect(disableAsHomeowner.statusCode).toBe(403);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/discount-codes/${created.json().id}/disable`,
      headers: { cookie: admin.cookie },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().isActive).toBe(false);
    const validAfter = await ctx.app.inject({
      method: 'POST',
      url: '/api/validate-discount',
      payload: { code: 'SPRING25' },
    });
    expect(validAfter.json()).toMatchObject({
      valid: false,
      message: 'This discount code is no longer active.',
    });

    const codes = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/discount-codes',
      headers: { cookie: admin.cookie },
    });
    expect(codes.json().map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['SAVE10', 'SPRING25', 'VIP']),
    );
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/discount-codes/00000000-0000-0000-0000-000000000000/disable',
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('API description', () => {
  it('documents every ordering endpoint', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/stripe-config',
        '/api/validate-discount',
        '/api/quotes/create-payment-intent',
        '/api/quotes/submit',
        '/api/quotes/{reference}/status',
        '/api/uploads/sketch',
        '/api/uploads/sketch/{token}',
        '/api/payments/sandbox/confirm',
        '/api/stripe/webhook',
        '/api/admin/quotes',
        '/api/admin/discount-codes',
        '/api/admin/discount-codes/{id}/disable',
      ]),
    );
  });
});
