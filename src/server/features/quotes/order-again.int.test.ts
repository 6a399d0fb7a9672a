import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isReportMail } from '../../../../tests/helpers/outbox';
import {
  confirmSandbox,
  createIntent,
  draftId,
  insertDiscountCodes,
  quoteData,
  submitQuote,
} from '../../../../tests/helpers/quote-order';
import { createTestContext, type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { createExclusive } from '../../platform/db/exclusive';
import { mailOutbox, paymentEvents, payments, quotes } from '../../platform/db/schema';
import { paymentAttemptKey } from '../payments/payments.service';

/**
 * Issue 21, item 5: after a crash a customer met 409 "already being processed" until the recovery
 * job ran, ordered again with the same form data and was charged twice. A payment found
 * `processing` is now settled by the request that meets it, and the same order paid in the last
 * 24 hours answers its Project ID instead of a new charge.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertDiscountCodes(ctx.platform);
});

afterAll(async () => {
  await ctx?.close();
});

interface Intent {
  paymentIntentId: string;
  clientSecret: string;
  quoteId: string;
  amount: number;
}

async function paymentOf(id: string) {
  const [row] = await ctx.platform.db.select().from(payments).where(eq(payments.providerPaymentId, id));
  return row;
}

async function quoteOf(id: string) {
  const [row] = await ctx.platform.db.select().from(quotes).where(eq(quotes.id, id));
  return row;
}

/** The sandbox's charges of an intent: its recorded payment_intent.succeeded events. */
async function chargesOf(id: string): Promise<number> {
  const rows = await ctx.platform.db
    .select()
    .from(paymentEvents)
    .where(
      and(
        eq(paymentEvents.type, 'payment_intent.succeeded'),
        sql`${paymentEvents.payload}->>'paymentIntentId' = ${id}`,
      ),
    );
  return rows.length;
}

/** Every charge of a requester, whatever quote or intent it went to. */
async function chargesOfRequester(email: string): Promise<number> {
  const rows = await ctx.platform.db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .innerJoin(payments, sql`${payments.providerPaymentId} = ${paymentEvents.payload}->>'paymentIntentId'`)
    .innerJoin(quotes, eq(quotes.id, payments.quoteId))
    .where(and(eq(paymentEvents.type, 'payment_intent.succeeded'), eq(quotes.requesterEmail, email)));
  return rows.length;
}

async function confirmationsTo(email: string) {
  const mails = await ctx.platform.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  return mails.filter((m) => !isReportMail(m));
}

async function order(data: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const created = await createIntent(ctx.app, { quoteData: data, draftId: draftId(), ...extra });
  expect(created.statusCode, created.body).toBe(200);
  return created.json() as Intent & { projectId?: string; message?: string };
}

/**
 * The state a kill -9 leaves in the middle of a sandbox confirm: the attempt claimed
 * (`processing`) and, when `charged`, the sandbox's charge recorded but not applied.
 */
async function crashMidConfirm(intent: Intent, charged: boolean) {
  await ctx.platform.db
    .update(payments)
    .set({ status: 'processing' })
    .where(eq(payments.providerPaymentId, intent.paymentIntentId));
  await ctx.platform.db
    .update(quotes)
    .set({ paymentStatus: 'processing' })
    .where(eq(quotes.id, intent.quoteId));
  if (charged) {
    await ctx.platform.db.insert(paymentEvents).values({
      id: `evt_sbx_${randomBytes(12).toString('hex')}`,
      provider: 'sandbox',
      type: 'payment_intent.succeeded',
      payload: {
        paymentIntentId: intent.paymentIntentId,
        amount: intent.amount,
        card: { brand: 'visa', last4: '4242' },
      },
    });
  }
}

describe('a payment a crash left processing is settled by the request that meets it', () => {
  it('charged before the crash: the same order again answers its Project ID, with no second charge', async () => {
    const email = 'charged.crash@again.test';
    const data = quoteData({ requesterEmail: email });
    const draft = draftId();
    const intent = await order(data, { draftId: draft });
    await crashMidConfirm(intent, true);

    // the same page (same draft) and a new page (new draft): both answer the paid order
    const samePage = await order(data, { draftId: draft });
    const newPage = await order(data);
    const quote = await quoteOf(intent.quoteId);
    expect(quote).toMatchObject({ status: 'submitted', paymentStatus: 'succeeded' });
    for (const answer of [samePage, newPage]) {
      expect(answer).toMatchObject({
        projectId: quote?.reference,
        quoteId: intent.quoteId,
        paymentIntentId: intent.paymentIntentId,
        clientSecret: null,
        amount: 45_000,
      });
      expect(answer.message).toContain('not charged again');
    }
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    // the card form sent again is told it succeeded, and charges nothing more
    const confirmed = await confirmSandbox(ctx.app, intent);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('succeeded');
    expect(await chargesOfRequester(email)).toBe(1);
    const mails = await confirmationsTo(email);
    expect(mails).toHaveLength(1);
    // the card of the charge recorded before the crash
    expect(mails[0]?.text).toContain('Visa ending in 4242');
  });

  it('cut before any charge: the same order again gets the same intent, released, and pays it once', async () => {
    const email = 'cut.crash@again.test';
    const data = quoteData({ requesterEmail: email });
    const intent = await order(data);
    await crashMidConfirm(intent, false);

    const again = await order(data);
    expect(again.projectId).toBeUndefined();
    expect(again).toMatchObject({ paymentIntentId: intent.paymentIntentId, quoteId: intent.quoteId });
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'requires_payment' });
    expect((await confirmSandbox(ctx.app, again)).statusCode).toBe(200);
    const submitted = await submitQuote(ctx.app, { quoteData: data, paymentIntentId: again.paymentIntentId });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await chargesOfRequester(email)).toBe(1);
  });

  it('a card confirm or a submit that meets the processing payment settles it too', async () => {
    const data = quoteData({ requesterEmail: 'confirm.crash@again.test' });
    const uncharged = await order(data);
    await crashMidConfirm(uncharged, false);
    const confirmed = await confirmSandbox(ctx.app, uncharged);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await chargesOf(uncharged.paymentIntentId)).toBe(1);

    const other = quoteData({ requesterEmail: 'submit.crash@again.test' });
    const charged = await order(other);
    await crashMidConfirm(charged, true);
    const submitted = await submitQuote(ctx.app, {
      quoteData: other,
      paymentIntentId: charged.paymentIntentId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().projectId).toBe((await quoteOf(charged.quoteId))?.reference);
    expect(await chargesOf(charged.paymentIntentId)).toBe(1);
  });

  it('requests racing to settle one payment submit it once: one Project ID, one mail, one charge', async () => {
    const email = 'race.crash@again.test';
    const data = quoteData({ requesterEmail: email });
    const intent = await order(data);
    await crashMidConfirm(intent, true);
    const answers = await Promise.all([
      createIntent(ctx.app, { quoteData: data, draftId: draftId() }),
      createIntent(ctx.app, { quoteData: data }),
      createIntent(ctx.app, { quoteData: data, draftId: draftId() }),
      submitQuote(ctx.app, { quoteData: data, paymentIntentId: intent.paymentIntentId }),
      confirmSandbox(ctx.app, intent),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const reference = (await quoteOf(intent.quoteId))?.reference;
    for (const a of answers.slice(0, 4)) expect(a.json().projectId).toBe(reference);
    expect(await confirmationsTo(email)).toHaveLength(1);
    expect(await chargesOfRequester(email)).toBe(1);
  });

  it('never releases an attempt that is still live: the request waits a bounded time and answers 409', async () => {
    const data = quoteData({ requesterEmail: 'live.attempt@again.test' });
    const intent = await order(data);
    await crashMidConfirm(intent, false);
    // a live attempt holds the payment: on a server, another process (its own lock connection)
    const holder =
      testDbKind === 'postgres' ? createExclusive(ctx.platform.database) : ctx.platform.exclusive;
    let release!: () => void;
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const attempt = holder.tryRun(paymentAttemptKey(intent.paymentIntentId), async () => {
      held();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isHeld;
    try {
      const waited = await createIntent(ctx.app, { quoteData: data, draftId: draftId() });
      expect(waited.statusCode, waited.body).toBe(409);
      expect(waited.json().message).toBe('This payment is already being processed.');
      expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'processing' });
    } finally {
      release();
      await attempt;
      if (holder !== ctx.platform.exclusive) await holder.close();
    }
    // once it is gone (a crash lets go the same way), the next request settles it
    const after = await order(data);
    expect(after.paymentIntentId).toBe(intent.paymentIntentId);
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'requires_payment' });
  });

  it('a confirm meeting the recovery as it lets go of a released attempt charges after it, not 409', async () => {
    // seen on CI: the recovery released the attempt (requires_payment), the customer's retry came
    // before it let go of the payment's key and was told "already being processed"
    const email = 'released.race@again.test';
    const intent = await order(quoteData({ requesterEmail: email }));
    await crashMidConfirm(intent, false);
    const key = paymentAttemptKey(intent.paymentIntentId);
    const appExclusive = ctx.platform.exclusive;
    const holder = testDbKind === 'postgres' ? createExclusive(ctx.platform.database) : appExclusive;
    const holderTryRun = holder.tryRun.bind(holder);
    let release!: () => void;
    let released!: () => void;
    const isReleased = new Promise<void>((resolve) => {
      released = resolve;
    });
    // the recovery: releases the attempt (nothing was charged), then holds on until told
    const recovery = holderTryRun(key, async () => {
      await ctx.services.payments.repo.releaseProcessing(intent.paymentIntentId);
      released();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isReleased;
    // the customer's confirm is refused the key once, while the recovery still holds it
    const original = appExclusive.tryRun.bind(appExclusive);
    const spy = vi.spyOn(appExclusive, 'tryRun').mockImplementation(async (k, work) => {
      const attempt = await original(k, work);
      if (k === key && !attempt.ran) release();
      return attempt;
    });
    try {
      const confirmed = await confirmSandbox(ctx.app, intent);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({ status: 'succeeded' });
      expect(spy.mock.results.length).toBeGreaterThanOrEqual(2);
    } finally {
      spy.mockRestore();
      release?.();
      await recovery;
      if (holder !== appExclusive) await holder.close();
    }
    expect(await paymentOf(intent.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    expect(await chargesOf(intent.paymentIntentId)).toBe(1);
  });
});

describe('the same order paid in the last 24 hours answers its Project ID (no second charge)', () => {
  it('answers the paid order to the same requester, form data and code, written differently or without a draft', async () => {
    const email = 'paid.twice@again.test';
    const data = quoteData({ requesterEmail: email, streetAddress: '12 Oak Lane', city: 'Plano' });
    const first = await order(data);
    expect((await confirmSandbox(ctx.app, first)).statusCode).toBe(200);
    const reference = (await quoteOf(first.quoteId))?.reference;

    const variants = [
      data,
      { ...data, requesterEmail: 'Paid.Twice@Again.test', streetAddress: ' 12  OAK lane ', city: 'plano' },
      // the insurance fields do not count without insurance
      { ...data, carrierName: 'Left over' },
    ];
    for (const variant of variants) {
      const again = await order(variant);
      expect(again.projectId, JSON.stringify(variant)).toBe(reference);
      const noDraft = await createIntent(ctx.app, { quoteData: variant });
      expect(noDraft.json().projectId).toBe(reference);
    }
    expect(await chargesOfRequester(email)).toBe(1);
    const rows = await ctx.platform.db.select().from(quotes).where(eq(quotes.requesterEmail, email));
    expect(rows).toHaveLength(1);
  });

  it('is a new order with other form data, another code, another requester, or a day later', async () => {
    const email = 'paid.then.new@again.test';
    const data = quoteData({ requesterEmail: email, city: 'Frisco' });
    const first = await order(data);
    expect((await confirmSandbox(ctx.app, first)).statusCode).toBe(200);

    const otherData = await order({ ...data, roofLayers: '2 Layers over shake' });
    const otherCode = await order(data, { discountCode: 'SAVE10' });
    const otherRequester = await order({ ...data, requesterEmail: 'someone.else@again.test' });
    for (const answer of [otherData, otherCode, otherRequester]) {
      expect(answer.projectId).toBeUndefined();
      expect(answer.clientSecret).toMatch(/_secret_/);
      expect(answer.paymentIntentId).not.toBe(first.paymentIntentId);
    }

    await ctx.platform.db
      .update(quotes)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(quotes.id, first.quoteId));
    const nextDay = await order(data);
    expect(nextDay.projectId).toBeUndefined();
    expect(nextDay.quoteId).not.toBe(first.quoteId);
  });
});
