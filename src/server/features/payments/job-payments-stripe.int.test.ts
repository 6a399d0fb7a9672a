import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe';
import { callerOf, type Person, testContractor, testPerson } from '../../../../tests/helpers/people';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { jobPaymentsSchema } from '../../../domain/payments/job-payment-schemas';
import { jobPaymentRefunds } from '../../platform/db/schema';
import type { JobPaymentReceived, JobPaymentRefunded } from '.';

/**
 * Issue 25 #3, #5 with Stripe keys (against the local fake Stripe): the job's card payment is a
 * PaymentIntent made once per request key; Stripe's webhook, replayed or sent twice at once,
 * records the part once; a refund goes through Stripe's refunds API once per refund, also when
 * Stripe was down at first and the recovery finishes it.
 */

const WEBHOOK_SECRET = 'whsec_test_job_payments';
let fake: FakeStripe;
let ctx: TestContext;
let admin: Person;
let homeowner: Person;
const call = callerOf(() => ctx.app);
const received: JobPaymentReceived[] = [];
const refunded: JobPaymentRefunded[] = [];

function webhook(evt: Record<string, unknown>) {
  const payload = JSON.stringify(evt);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

const event = (type: string, object: unknown, id = `evt_${randomUUID()}`) => ({
  id,
  object: 'event',
  type,
  api_version: '2025-01-01',
  created: 1,
  livemode: false,
  data: { object },
});

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await createTestContext({
    runWorkers: false,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_ridgeline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_ridgeline',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    },
  });
  admin = await testPerson(ctx.platform, 'stripe.money@ridgeline.test', 'admin');
  homeowner = await testPerson(ctx.platform, 'sam.stripe@example.com');
  ctx.services.jobPayments.onReceived.push(async (_tx, e) => {
    received.push(e);
  });
  ctx.services.jobPayments.onRefunded.push(async (_tx, e) => {
    refunded.push(e);
  });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe(`job payments with Stripe on ${testDbKind}`, () => {
  it('records a replayed webhook once and refunds through Stripe once per refund', async () => {
    const crew = await testContractor(ctx.platform, 'crew@stripe-pay.example');
    const created = await call('POST', '/api/projects', admin, {
      title: 'SWRX-STRIPE-1',
      homeownerEmail: homeowner.email,
      address: '9 Pine St',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75201',
      estimatedCost: 2_000_000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(
      (await call('PUT', `/api/projects/${id}`, admin, { contractorId: crew.profileId, status: 'matched' }))
        .statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/projects/${id}`, crew, { status: 'in_progress' })).statusCode).toBe(200);

    const before = fake.intents.size;
    const [a, b] = await Promise.all([
      call('POST', `/api/projects/${id}/payments/first/intent`, homeowner),
      call('POST', `/api/projects/${id}/payments/first/intent`, homeowner),
    ]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.json().paymentIntentId).toBe(a.json().paymentIntentId);
    expect(fake.intents.size).toBe(before + 1);
    const intentId = a.json().paymentIntentId as string;
    expect(a.json()).toMatchObject({ amountCents: 1_000_000, mode: 'stripe' });

    // Stripe takes the card, then sends the event: twice at once, and replayed later
    const paid = fake.succeed(intentId);
    const evt = event('payment_intent.succeeded', paid);
    const answers = await Promise.all([
      webhook(evt),
      webhook(evt),
      webhook(event('payment_intent.succeeded', paid)),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect((await webhook(evt)).statusCode).toBe(200);
    expect(received.filter((e) => e.projectId === id)).toEqual([
      expect.objectContaining({ part: 'first', amountCents: 1_000_000, method: 'card' }),
    ]);
    const view = jobPaymentsSchema.parse(
      (await call('GET', `/api/projects/${id}/payments`, homeowner)).json(),
    );
    const part = view.parts[0];
    expect(part).toMatchObject({ state: 'paid', receivedCents: 1_000_000 });

    // Stripe down: the refund stays pending (503), nothing refunded twice when it comes back
    const url = `/api/admin/job-payments/${part?.id}/refunds`;
    const body = { amountCents: 250_000, reason: 'Skylight not installed', requestId: randomUUID() };
    fake.failing = true;
    const down = await call('POST', url, admin, body);
    expect(down.statusCode, down.body).toBe(503);
    fake.failing = false;
    const [pending] = await ctx.platform.db
      .select()
      .from(jobPaymentRefunds)
      .where(eq(jobPaymentRefunds.requestId, body.requestId));
    expect(pending?.status).toBe('pending');
    // the admin's retry and the recovery at once: one refund at Stripe, one hook call
    const [retry] = await Promise.all([call('POST', url, admin, body), ctx.services.jobPayments.recover()]);
    expect(retry.statusCode, retry.body).toBe(200);
    const atStripe = [...fake.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(atStripe.map((r) => r.amount)).toEqual([250_000]);
    const idem = fake.requests
      .filter((r) => r.path === '/v1/refunds')
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(idem)).toEqual(new Set([`job-refund:${pending?.id}`]));
    expect(refunded.filter((e) => e.projectId === id).map((e) => e.amountCents)).toEqual([250_000]);
    const after = jobPaymentsSchema.parse(retry.json());
    expect(after.parts[0]).toMatchObject({ state: 'paid', refundedCents: 250_000 });
    const [done] = await ctx.platform.db
      .select()
      .from(jobPaymentRefunds)
      .where(eq(jobPaymentRefunds.requestId, body.requestId));
    expect(done?.providerRefundId).toBe(atStripe[0]?.id);
  });

  it('records a part paid in the browser when the page asks, before the webhook', async () => {
    const crew = await testContractor(ctx.platform, 'crew2@stripe-pay.example');
    const created = await call('POST', '/api/projects', admin, {
      title: 'SWRX-STRIPE-2',
      homeownerEmail: homeowner.email,
      address: '11 Pine St',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75201',
      estimatedCost: 400_000,
    });
    const id = created.json().id as string;
    await call('PUT', `/api/projects/${id}`, admin, { contractorId: crew.profileId, status: 'matched' });
    await call('PUT', `/api/projects/${id}`, crew, { status: 'in_progress' });
    const intent = await call('POST', `/api/projects/${id}/payments/first/intent`, homeowner);
    expect(intent.statusCode, intent.body).toBe(200);
    const before = jobPaymentsSchema.parse(
      (await call('GET', `/api/projects/${id}/payments`, homeowner)).json(),
    );
    expect(before.parts[0]?.state).toBe('due');
    fake.succeed(intent.json().paymentIntentId);
    const [a, b] = await Promise.all([
      call('GET', `/api/projects/${id}/payments`, homeowner),
      call('GET', `/api/projects/${id}/payments`, admin),
    ]);
    expect(jobPaymentsSchema.parse(a.json()).parts[0]?.state).toBe('paid');
    expect(jobPaymentsSchema.parse(b.json()).parts[0]?.state).toBe('paid');
    // the webhook that follows changes nothing
    const paid = fake.intents.get(intent.json().paymentIntentId);
    expect((await webhook(event('payment_intent.succeeded', paid))).statusCode).toBe(200);
    expect(received.filter((e) => e.projectId === id)).toEqual([
      expect.objectContaining({ part: 'first', amountCents: 200_000, method: 'card' }),
    ]);
  });
});
