import { eq } from 'drizzle-orm';
import pino from 'pino';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe';
import { call, onboardedContractor } from '../../../../tests/helpers/onboarding';
import { createQuietContext, payoutOfJobPayment, received } from '../../../../tests/helpers/payouts';
import { insertProject } from '../../../../tests/helpers/projects';
import { type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { myPayoutsSchema } from '../../../domain/payouts/schemas';
import { contractorBanking } from '../../platform/db/schema';

/**
 * Issue 25 item 4, Stripe's verification of the contractor's Custom account: until Stripe makes
 * its `transfers` capability active, payouts are held (connected_account_unverified), never sent;
 * the contractor gets Stripe's onboarding link; an account.updated webhook (or the view asked
 * after the contractor's return) makes it ready and the held payout is paid once. Against
 * tests/helpers/fake-stripe.ts, webhooks signed as Stripe signs them.
 */

const WEBHOOK_SECRET = 'whsec_test_connect_verify';
let ctx: TestContext;
let fake: FakeStripe;
const db = () => ctx.platform.db;

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.newAccountsReady = false;
  const env = {
    STRIPE_SECRET_KEY: 'sk_test_verify',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_verify',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  };
  ctx = await createQuietContext(env, { logger: pino({ level: 'silent' }) });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const paidFor = async (contractorId: string, amountCents: number) => {
  const projectId = await insertProject(ctx.platform, {
    contractorId,
    estimatedCost: 1_000_000,
    status: 'in_progress',
  });
  const e = received(projectId, contractorId, amountCents);
  await db().transaction((tx) => ctx.services.payouts.recordPaymentReceived(tx, e));
  return e;
};
const payoutOf = (jobPaymentId: string) => payoutOfJobPayment(ctx, jobPaymentId);
const accountOf = (contractorId: string) => {
  const account = [...fake.accounts.values()].find((a) => a.metadata.contractorId === contractorId);
  if (!account) throw new Error('no connected account');
  return account.id;
};
const transfersTo = (accountId: string) =>
  [...fake.transfers.values()].filter((t) => t.destination === accountId);
const retrievals = (accountId: string) =>
  fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/accounts/${accountId}`).length;
const myPayouts = async (who: { cookie: string }) => {
  const res = await call(ctx.app, who, 'GET', '/api/contractor/payouts');
  expect(res.statusCode, res.body).toBe(200);
  return myPayoutsSchema.parse(res.json());
};

function accountUpdated(account: unknown, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'account.updated',
    api_version: '2025-01-01',
    created: 1,
    livemode: false,
    data: { object: account },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

describe(`Stripe verification of the connected account on ${testDbKind}`, () => {
  it('holds a payout to an unverified account, sends nothing, and shows the verification due', async () => {
    const crew = await onboardedContractor(ctx.app);
    const accountId = accountOf(crew.contractorId);
    const e = await paidFor(crew.contractorId, 10_000);
    expect(await ctx.services.payouts.runDue()).toMatchObject({ paid: 0, held: 1, failed: 0 });
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({
      status: 'held',
      holdReason: 'connected_account_unverified',
    });
    expect(transfersTo(accountId)).toHaveLength(0);
    expect(retrievals(accountId)).toBe(1);
    // a second run within the minute asks Stripe nothing more, and still sends nothing
    await ctx.services.payouts.runDue();
    expect(retrievals(accountId)).toBe(1);
    expect(transfersTo(accountId)).toHaveLength(0);
    const mine = await myPayouts(crew);
    expect(mine.verification).toEqual({ due: true, requirementsDue: 3 });
    expect(mine.items[0]).toMatchObject({ holdReason: 'connected_account_unverified' });

    // the link: Stripe's onboarding page for what is currently due, back to the dashboard
    const link = await call(ctx.app, crew, 'POST', '/api/contractor/payouts/verification-link', {});
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/c/${accountId}/`));
    expect(fake.accountLinks.at(-1)).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `${ctx.config.publicUrl}/contractor-dashboard?stripe=refresh`,
      return_url: `${ctx.config.publicUrl}/contractor-dashboard?stripe=return`,
      'collection_options[fields]': 'currently_due',
    });

    // an account.updated event saying it is ready: stored, the payouts job kicked once, paid once
    const kick = vi.spyOn(ctx.services.payouts, 'kick');
    try {
      const event = accountUpdated(fake.setAccountReady(accountId, true), 'evt_verify_ready');
      expect((await event).statusCode).toBe(200);
      expect(kick).toHaveBeenCalledTimes(1);
      expect(
        (await accountUpdated(fake.setAccountReady(accountId, true), 'evt_verify_ready')).statusCode,
      ).toBe(200);
      expect((await accountUpdated(fake.setAccountReady(accountId, true))).statusCode).toBe(200);
      expect(kick).toHaveBeenCalledTimes(1);
    } finally {
      kick.mockRestore();
    }
    const [banking] = await db()
      .select()
      .from(contractorBanking)
      .where(eq(contractorBanking.contractorId, crew.contractorId));
    expect(banking).toMatchObject({ stripeTransfersActive: true, stripeRequirementsDue: 0 });
    expect(await ctx.services.payouts.runDue()).toMatchObject({ paid: 1, failed: 0 });
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'paid', holdReason: null });
    expect(transfersTo(accountId).map((t) => t.amount)).toEqual([8_800]);
    expect((await myPayouts(crew)).verification).toEqual({ due: false, requirementsDue: 0 });
  });

  it('after the contractor returns from Stripe, the view asks Stripe again and the next run pays', async () => {
    const crew = await onboardedContractor(ctx.app);
    const accountId = accountOf(crew.contractorId);
    const e = await paidFor(crew.contractorId, 20_000);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ holdReason: 'connected_account_unverified' });
    const asked = retrievals(accountId);
    fake.setAccountReady(accountId, true);
    // asked within the minute: the view keeps what it knows
    expect((await myPayouts(crew)).verification).toMatchObject({ due: true });
    expect(retrievals(accountId)).toBe(asked);
    // the link sends the contractor to Stripe; on its return the view asks Stripe at once
    const back = await call(ctx.app, crew, 'POST', '/api/contractor/payouts/verification-link');
    expect(back.statusCode, back.body).toBe(200);
    expect((await myPayouts(crew)).verification).toEqual({ due: false, requirementsDue: 0 });
    expect(retrievals(accountId)).toBe(asked + 1);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'paid' });
    expect(transfersTo(accountId)).toHaveLength(1);
  });

  it('refuses hostile input and callers other than contractors, never with a 500', async () => {
    const crew = await onboardedContractor(ctx.app);
    const url = '/api/contractor/payouts/verification-link';
    for (const payload of ['{"admin":true}', '[1,2]', '{', '"x"', `{"a":"${'x'.repeat(20_000)}"}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', cookie: crew.cookie },
      });
      expect(res.statusCode, `${payload.slice(0, 20)}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const owner = await createUserWithSession(ctx.platform, {
      email: 'verify.owner@example.com',
      userType: 'homeowner',
    });
    expect((await call(ctx.app, owner, 'POST', url, {})).statusCode).toBe(403);
    // a contractor without bank details yet: nothing to verify
    const early = await onboardedContractor(ctx.app, { payment: false });
    const none = await call(ctx.app, early, 'POST', url, {});
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Save your bank details in the payment set-up first.');
  });
});
