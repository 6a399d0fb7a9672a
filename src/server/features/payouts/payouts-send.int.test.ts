import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe';
import {
  createQuietContext,
  payoutOfJobPayment,
  received,
  recordReceived,
  refunded,
} from '../../../../tests/helpers/payouts';
import {
  type ContractorPerson,
  type Person,
  testContractor,
  testPerson,
} from '../../../../tests/helpers/people';
import { insertProject } from '../../../../tests/helpers/projects';
import { type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { type JobPaymentReceived, payoutListPageSchema } from '../../../domain/payouts/schemas';
import { encryptSecret } from '../../platform/crypto';
import { contractorBanking, payoutLedger, payouts, sandboxTransfers } from '../../platform/db/schema';
import { createSandboxTransport, createStripeTransport, type PayoutTransport } from './payout-transport';
import { createPayoutsService } from './payouts.service';

/**
 * Issue 25 item 4, the crashes: a payout is handed to the provider with its id as idempotency
 * key, so a process that dies after the provider took the transfer and before it was recorded
 * (or before the provider was reached) is finished by the next run, paying exactly once. Then the
 * Stripe Connect transfer, and the admins' lists: paging by cursor and the CSV files.
 */

let ctx: TestContext;
let admin: Person;
let crew: ContractorPerson;
let fake: FakeStripe;
const db = () => ctx.platform.db;

const record = (e: JobPaymentReceived) => recordReceived(ctx, e);
const payoutOf = (jobPaymentId: string) => payoutOfJobPayment(ctx, jobPaymentId);
const project = (contractorId: string | null, title?: string) =>
  insertProject(ctx.platform, {
    contractorId,
    estimatedCost: 1_000_000,
    status: 'in_progress',
    ...(title ? { title } : {}),
  });

/** The service as services.ts builds it, on another transport (one that dies where the test says). */
const serviceWith = (
  transport: PayoutTransport,
  accountOf = (id: string) => ctx.services.contractorBanking.payoutAccountOf(id),
) =>
  createPayoutsService({
    db: db(),
    jobs: { send: async () => null },
    logger: ctx.platform.logger,
    transport,
    accountOf,
  });

beforeAll(async () => {
  ctx = await createQuietContext();
  fake = await startFakeStripe();
  admin = await testPerson(ctx.platform, 'payouts.lists@ridgeline.test', 'admin');
  crew = await testContractor(ctx.platform, 'payout.crash@example.com', {
    companyName: '=HYPERLINK("x") Roofing',
  });
  const key = ctx.config.encryptionKey;
  await db()
    .insert(contractorBanking)
    .values({
      contractorId: crew.profileId,
      bankName: 'First Test Bank',
      accountType: 'checking',
      accountHolderName: 'Casey User',
      routingNumberEncrypted: encryptSecret(key, '111000025'),
      accountNumberEncrypted: encryptSecret(key, '000011112222'),
      routingNumberLast4: '0025',
      accountNumberLast4: '2222',
    });
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await ctx?.close();
});

describe(`a crash while sending a payout on ${testDbKind}`, () => {
  it('after the provider took the transfer, before it was recorded: the next run records it, paid once', async () => {
    const e = received(await project(crew.profileId), crew.profileId, 100_000);
    await record(e);
    const sandbox = createSandboxTransport(db());
    const dying = serviceWith({
      ...sandbox,
      async transfer(input) {
        await sandbox.transfer(input);
        throw new Error('process died before recording the transfer');
      },
    });
    expect(await dying.runDue()).toMatchObject({ failed: 1, paid: 0 });
    const stuck = await payoutOf(e.jobPaymentId);
    expect(stuck.status).toBe('sending');
    await ctx.services.payouts.runDue();
    const paid = await payoutOf(e.jobPaymentId);
    const transfers = await db()
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, paid.id));
    expect(transfers).toHaveLength(1);
    expect(paid).toMatchObject({ status: 'paid', transferId: transfers[0]?.id, amountCents: 88_000 });
  });

  it('before the provider was reached: the next run sends it, once', async () => {
    const e = received(await project(crew.profileId), crew.profileId, 40_000);
    await record(e);
    const dying = serviceWith({
      ...createSandboxTransport(db()),
      async transfer() {
        throw new Error('process died before calling the provider');
      },
    });
    expect(await dying.runDue()).toMatchObject({ failed: 1 });
    expect((await payoutOf(e.jobPaymentId)).status).toBe('sending');
    // a refund arriving while it is being sent is owed, not taken from the amount in flight
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, refunded(e, 10_000)));
    await ctx.services.payouts.runDue();
    await ctx.services.payouts.runDue();
    const paid = await payoutOf(e.jobPaymentId);
    expect(paid).toMatchObject({ status: 'paid', deductedCents: 0 });
    const transfers = await db()
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, paid.id));
    expect(transfers).toEqual([expect.objectContaining({ amountCents: 35_200 })]);
    expect(await ctx.services.payouts.totals()).toMatchObject({ owedCents: 8_800 });
  });

  it('Stripe Connect: a transfer to the connected account, the payout id as idempotency key, once despite a crash', async () => {
    const stripe = createStripeTransport({ secretKey: 'sk_test_payouts', apiBase: fake.url });
    const connected = async () => ({
      last4: '2222',
      held: false,
      stripeAccountId: 'acct_1TestConnected',
      transfersActive: true,
    });
    const stranger = await testContractor(ctx.platform, 'payout.stripe@example.com');
    const e = received(await project(stranger.profileId), stranger.profileId, 10_000);
    await record(e);
    // without a connected account the payout is held
    await serviceWith(stripe, async () => ({ last4: '2222', held: false, stripeAccountId: null })).runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({
      status: 'held',
      holdReason: 'no_connected_account',
    });
    const dying = serviceWith(
      {
        ...stripe,
        async transfer(input) {
          await stripe.transfer(input);
          throw new Error('process died after Stripe answered');
        },
      },
      connected,
    );
    await dying.runDue();
    await serviceWith(stripe, connected).runDue();
    const paid = await payoutOf(e.jobPaymentId);
    const mine = [...fake.transfers.values()].filter((t) => t.metadata.payoutId === paid.id);
    expect(mine).toEqual([
      expect.objectContaining({ amount: 8_800, destination: 'acct_1TestConnected', currency: 'usd' }),
    ]);
    expect(paid).toMatchObject({ status: 'paid', provider: 'stripe', transferId: mine[0]?.id });
    const keys = fake.requests
      .filter((r) => r.path === '/v1/transfers')
      .map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([paid.id, paid.id]);
  });
});

describe(`the admins' lists on ${testDbKind}`, () => {
  const get = (url: string, who: { cookie: string } = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('pages by cursor, newest first, without repeating or skipping a row', async () => {
    const projectId = await project(crew.profileId, 'SWRX-LIST-1');
    for (let i = 0; i < 5; i++) {
      await record(
        received(projectId, crew.profileId, 1_000 + i, { receivedAt: new Date(Date.UTC(2026, 0, 1 + i)) }),
      );
    }
    // three in one millisecond, microseconds apart (a Date-based cursor would skip or repeat them)
    const sameMs = await db()
      .select({ id: payoutLedger.id })
      .from(payoutLedger)
      .where(eq(payoutLedger.projectId, projectId));
    for (const [i, row] of sameMs.slice(0, 3).entries()) {
      await db()
        .update(payoutLedger)
        .set({ receivedAt: sql`${`2026-03-01T00:00:00.123${[456, 123, 789][i]}Z`}::timestamptz` })
        .where(eq(payoutLedger.id, row.id));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/payouts/payments?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = payoutListPageSchema.parse(res.json());
      if (page.kind !== 'payments') throw new Error('wrong kind');
      seen.push(...page.items.map((r) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await db().select({ id: payoutLedger.id }).from(payoutLedger);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
  });

  it('answers 400 to a forged cursor or limit, 403 to a contractor, 401 signed out', async () => {
    for (const q of [
      'cursor=not-a-cursor',
      `cursor=${Buffer.from('["x","y"]').toString('base64url')}`,
      'limit=0',
      'limit=abc',
      'limit=1000',
    ]) {
      const res = await get(`/api/admin/payouts/payouts?${q}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await get('/api/admin/payouts/nothing')).statusCode).toBe(400);
    expect((await get('/api/admin/payouts/payouts', crew)).statusCode).toBe(403);
    expect((await get('/api/admin/payouts/payouts/csv', crew)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/payouts/totals' })).statusCode).toBe(401);
  });

  it('exports each list as CSV with every row, formulas defused', async () => {
    for (const kind of ['payments', 'payouts', 'refunds'] as const) {
      const res = await get(`/api/admin/payouts/${kind}/csv`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`attachment; filename="ridgeline-${kind}-`),
      );
      const parsed = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
      const table = kind === 'payments' ? payoutLedger : kind === 'payouts' ? payouts : null;
      if (table) expect(parsed.data.length - 1).toBe((await db().select().from(table)).length);
      if (kind !== 'refunds') {
        const names = parsed.data.slice(1).map((r) => r[2]);
        expect(names).toContain(`'=HYPERLINK("x") Roofing`);
        expect(names.some((n) => n?.startsWith('='))).toBe(false);
      }
    }
  });
});
