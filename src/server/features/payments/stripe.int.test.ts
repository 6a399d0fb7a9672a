import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe';
import { isReportMail } from '../../../../tests/helpers/outbox';
import {
  confirmSandbox,
  createIntent,
  draftId,
  insertDiscountCodes,
  quoteData,
  submitQuote,
} from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { discountCodes, mailOutbox, payments, quotes } from '../../platform/db/schema';
import { createStripeProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_ridgeline_secret';

let fake: FakeStripe;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_ridgeline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_ridgeline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  await insertDiscountCodes(ctx.platform, [{ code: 'ONCE5', type: 'percent', value: 5, maxUses: 1 }]);
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

function webhook(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

function event(type: string, object: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: 1,
    livemode: false,
    data: { object },
  };
}

async function quoteOf(paymentIntentId: string) {
  const [payment] = await ctx.platform.db
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId));
  const [quote] = await ctx.platform.db
    .select()
    .from(quotes)
    .where(eq(quotes.id, payment?.quoteId ?? ''));
  return { payment, quote };
}

describe('the Stripe adapter against a local fake', () => {
  it('creates a PaymentIntent with automatic payment methods and an idempotency key, and retrieves it', async () => {
    const provider = createStripeProvider({ secretKey: 'sk_test_adapter', apiBase: fake.url });
    const input = {
      amountCents: 12_345,
      quoteId: '6f1c2a54-8e1b-4c33-9a0d-1f2e3d4c5b6a',
      reference: 'RL-ABCDEFGH',
      description: 'Roof quote RL-ABCDEFGH',
      receiptEmail: 'a@example.com',
      idempotencyKey: 'quote_x_attempt_1',
    };
    const created = await provider.createIntent(input);
    expect(created).toMatchObject({ amount: 12_345, status: 'requires_payment', currency: 'usd' });
    expect(created.clientSecret).toMatch(/^pi_.+_secret_/);
    const request = fake.requests.at(-1);
    expect(request?.headers['idempotency-key']).toBe('quote_x_attempt_1');
    expect(request?.form).toMatchObject({
      amount: '12345',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[quoteId]': input.quoteId,
      'metadata[reference]': 'RL-ABCDEFGH',
    });

    const again = await provider.createIntent(input);
    expect(again.id).toBe(created.id);

    fake.succeed(created.id);
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'succeeded',
      amountReceived: 12_345,
    });
    fake.decline(created.id, 'Your card was declined.');
    expect(await provider.retrieveIntent(created.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect(await provider.retrieveIntent('pi_unknown')).toBeNull();
  });
});

describe('ordering with Stripe keys', () => {
  it('answers the publishable key and the stripe mode', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/stripe-config' });
    expect(res.json()).toEqual({ publishableKey: 'pk_test_ridgeline', mode: 'stripe' });
  });

  it('charges the server price whatever the browser sends, and reuses the intent for a second attempt', async () => {
    const key = draftId();
    const res = await createIntent(ctx.app, {
      quoteData: quoteData(),
      finalAmount: 1,
      discountCode: null,
      draftId: key,
    });
    expect(res.statusCode, res.body).toBe(200);
    const intent = fake.intents.get(res.json().paymentIntentId);
    expect(intent?.amount).toBe(45_000);
    expect(res.json().clientSecret).toBe(intent?.client_secret);

    const discounted = await createIntent(ctx.app, {
      quoteData: quoteData(),
      finalAmount: 1,
      discountCode: 'SAVE10',
    });
    expect(fake.intents.get(discounted.json().paymentIntentId)?.amount).toBe(40_500);

    const posts = fake.requests.filter((r) => r.method === 'POST').length;
    const again = await createIntent(ctx.app, { quoteData: quoteData(), draftId: key });
    expect(again.json().paymentIntentId).toBe(res.json().paymentIntentId);
    expect(fake.requests.filter((r) => r.method === 'POST').length).toBe(posts);
  });

  it('submits the quote on a correctly signed payment_intent.succeeded webhook, once', async () => {
    const email = 'webhook@example.com';
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: email }),
      draftId: draftId(),
    });
    const intent = fake.succeed(res.json().paymentIntentId);
    const evt = event('payment_intent.succeeded', intent);

    const ok = await webhook(evt);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    const { quote, payment } = await quoteOf(intent.id);
    expect(payment?.status).toBe('succeeded');
    expect(quote?.status).toBe('submitted');

    const replay = await webhook(evt);
    expect(replay.statusCode).toBe(200);
    // one confirmation (the preliminary report of this no-file order is mailed on its own)
    const mails = (await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (m) => !isReportMail(m),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Project ID: ${quote?.reference}`);

    const submitted = await submitQuote(ctx.app, { quoteData: quoteData(), paymentIntentId: intent.id });
    expect(submitted.json().projectId).toBe(quote?.reference);
  });

  it('settles a payment left processing from Stripe before answering: paid, the same order answers its Project ID', async () => {
    const data = quoteData({ requesterEmail: 'stripe.processing@example.com' });
    const res = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
    const id = res.json().paymentIntentId;
    // Stripe said processing (a webhook), then the process died before its success arrived
    expect((await webhook(event('payment_intent.processing', fake.intents.get(id)))).statusCode).toBe(200);
    expect((await quoteOf(id)).payment?.status).toBe('processing');
    fake.succeed(id);
    const creates = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const before = creates().length;

    const again = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
    expect(again.statusCode, again.body).toBe(200);
    const { quote, payment } = await quoteOf(id);
    expect(payment?.status).toBe('succeeded');
    expect(quote?.status).toBe('submitted');
    expect(again.json()).toMatchObject({
      projectId: quote?.reference,
      paymentIntentId: id,
      clientSecret: null,
    });
    expect(creates()).toHaveLength(before);
  });

  it('answers 409 while Stripe itself says processing, and makes no second intent', async () => {
    const data = quoteData({ requesterEmail: 'stripe.still.processing@example.com' });
    const res = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
    const id = res.json().paymentIntentId;
    const intent = fake.intents.get(id);
    if (intent) intent.status = 'processing';
    expect((await webhook(event('payment_intent.processing', intent))).statusCode).toBe(200);
    const again = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payment is already being processed.');
    const rows = await ctx.platform.db
      .select()
      .from(payments)
      .where(eq(payments.quoteId, res.json().quoteId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a webhook with a bad or missing signature and changes nothing', async () => {
    const res = await createIntent(ctx.app, { quoteData: quoteData(), draftId: draftId() });
    const intent = {
      ...fake.intents.get(res.json().paymentIntentId),
      status: 'succeeded',
      amount_received: 45_000,
    };
    const forged = await webhook(event('payment_intent.succeeded', intent), 'whsec_not_the_secret');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('The Stripe signature of this event is not valid.');

    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: JSON.stringify(event('payment_intent.succeeded', intent)),
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);

    // a body changed after signing fails too
    const payload = JSON.stringify(event('payment_intent.succeeded', intent));
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: payload.replace('45000', '45001'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(tampered.statusCode).toBe(400);

    const { quote, payment } = await quoteOf(res.json().paymentIntentId);
    expect(payment?.status).toBe('requires_payment');
    expect(quote?.status).toBe('awaiting_payment');
  });

  it('records a payment_failed webhook with the provider message', async () => {
    const res = await createIntent(ctx.app, { quoteData: quoteData(), draftId: draftId() });
    const intent = fake.decline(res.json().paymentIntentId, 'Your card has insufficient funds.');
    const ok = await webhook(event('payment_intent.payment_failed', intent));
    expect(ok.statusCode).toBe(200);
    const { quote, payment } = await quoteOf(intent.id);
    expect(payment).toMatchObject({ status: 'failed', failureMessage: 'Your card has insufficient funds.' });
    expect(quote).toMatchObject({ status: 'awaiting_payment', paymentStatus: 'failed' });
  });

  it('submits when the browser comes back before the webhook (asks Stripe)', async () => {
    const res = await createIntent(ctx.app, { quoteData: quoteData(), draftId: draftId() });
    const early = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: res.json().paymentIntentId,
    });
    expect(early.statusCode).toBe(402);
    fake.succeed(res.json().paymentIntentId);
    const submitted = await submitQuote(ctx.app, {
      quoteData: quoteData(),
      paymentIntentId: res.json().paymentIntentId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().projectId).toMatch(/^RL-/);
  });

  it('refuses to submit a quote paid for less than it costs', async () => {
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'underpaid@example.com' }),
      draftId: draftId(),
    });
    fake.succeed(res.json().paymentIntentId, 100);
    const submitted = await submitQuote(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'underpaid@example.com' }),
      paymentIntentId: res.json().paymentIntentId,
    });
    expect(submitted.statusCode).toBe(402);
    expect(submitted.json().message).toBe(
      'This payment does not cover the price of the quote. Please contact support.',
    );
    const { quote } = await quoteOf(res.json().paymentIntentId);
    expect(quote?.status).toBe('awaiting_payment');
  });

  it('has no sandbox when Stripe is configured', async () => {
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'no.sandbox@example.com' }),
      draftId: draftId(),
    });
    const confirm = await confirmSandbox(ctx.app, res.json());
    expect(confirm.statusCode).toBe(404);
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    fake.failing = true;
    try {
      const res = await createIntent(ctx.app, {
        quoteData: quoteData({ requesterEmail: 'stripe.down@example.com' }),
        draftId: draftId(),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'The payment provider could not be reached. Please try again in a moment.',
      );
    } finally {
      fake.failing = false;
    }
  });
});

describe('recovery and retries with Stripe (issue 8, items 10-12)', () => {
  it('answers concurrent identical orders without a draft id with one PaymentIntent, under one idempotency key', async () => {
    const data = quoteData({ requesterEmail: 'same.order@stripe.test' });
    const before = fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => createIntent(ctx.app, { quoteData: data, discountCode: null })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().paymentIntentId)).size).toBe(1);
    const keys = fake.requests
      .slice(before)
      .filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents')
      .map((r) => r.headers['idempotency-key']);
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(new Set(keys).size).toBe(1);
  });

  it('settles a payment left processing from the PaymentIntent: succeeded submits the quote', async () => {
    const email = 'left.processing@stripe.test';
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: email }),
      draftId: draftId(),
    });
    const id = res.json().paymentIntentId as string;
    // a processing event was recorded, then the process died before the outcome arrived
    await ctx.platform.db
      .update(payments)
      .set({ status: 'processing', updatedAt: sql`now() - interval '1 minute'` })
      .where(eq(payments.providerPaymentId, id));
    fake.succeed(id);
    await ctx.platform.jobs.send('payments.recover', {}, { singletonKey: 'test-stripe-processing' });
    const { quote, payment } = await until(
      () => quoteOf(id),
      (q) => q.quote?.status === 'submitted',
    );
    expect(payment?.status).toBe('succeeded');
    expect(quote?.paymentStatus).toBe('succeeded');
  });

  it('cancels an intent unpaid too long at Stripe and releases its discount use', async () => {
    const res = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'held.too.long@stripe.test' }),
      discountCode: 'ONCE5',
      draftId: draftId(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().paymentIntentId as string;
    const refused = await createIntent(ctx.app, {
      quoteData: quoteData({ requesterEmail: 'second@stripe.test' }),
      discountCode: 'ONCE5',
      draftId: draftId(),
    });
    expect(refused.statusCode).toBe(400);
    await ctx.platform.db
      .update(payments)
      .set({ createdAt: sql`now() - interval '31 minutes'` })
      .where(eq(payments.providerPaymentId, id));
    await ctx.platform.jobs.send('payments.recover', {}, { singletonKey: 'test-stripe-hold' });
    await until(
      () => quoteOf(id),
      (q) => q.payment?.cancelledAt != null,
    );
    expect(fake.intents.get(id)?.status).toBe('canceled');
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${id}/cancel`)).toBe(true);
    const [code] = await ctx.platform.db.select().from(discountCodes).where(eq(discountCodes.code, 'ONCE5'));
    expect(code).toMatchObject({ usedCount: 0, reservedCount: 0 });
  });
});
