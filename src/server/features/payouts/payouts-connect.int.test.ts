import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../../tests/helpers/auth';
import { type FakeStripe, startFakeStripe } from '../../../../tests/helpers/fake-stripe';
import { bankingBody, call, onboardedContractor, SECRETS } from '../../../../tests/helpers/onboarding';
import {
  createQuietContext,
  payoutOfJobPayment,
  received,
  recordReceived,
} from '../../../../tests/helpers/payouts';
import { testContractor } from '../../../../tests/helpers/people';
import { insertProject } from '../../../../tests/helpers/projects';
import { type TestContext, testDbKind } from '../../../../tests/helpers/test-context';
import { bankChangeListSchema } from '../../../domain/contractors/bank-changes';
import type { JobPaymentReceived } from '../../../domain/payouts/schemas';
import { encryptSecret } from '../../platform/crypto';
import { contractorBanking } from '../../platform/db/schema';

/**
 * Issue 25 item 4 with Stripe keys: the contractor's Stripe Connect Custom account is made from
 * its bank details (at the payment set-up, or by the first payout needing it), once however many
 * payouts and retries; transfers go to it; an outage keeps the payout held until a later run; an
 * approved bank change moves the account's external account; no account number is kept or
 * logged in clear. Against tests/helpers/fake-stripe.ts.
 */

/** Bank details of the changes approved below (valid routing checksums). */
const MOVED = { routingNumber: '021000021', accountNumber: '55512349876' } as const;
const MOVED_AGAIN = { routingNumber: '011000015', accountNumber: '44419283746' } as const;
const DIRECT = { routingNumber: '111000025', accountNumber: '000011112222' } as const;
const NUMBERS = [SECRETS.accountNumber, MOVED.accountNumber, MOVED_AGAIN.accountNumber, DIRECT.accountNumber];

let ctx: TestContext;
let fake: FakeStripe;
let admin: { cookie: string; user: { id: string } };
const logLines: string[] = [];
const db = () => ctx.platform.db;

/** The app as createQuietContext makes it (the test runs the payouts job), its log kept here. */
function connectContext(env: Record<string, string>): Promise<TestContext> {
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logLines.push(line) });
  return createQuietContext(env, { logger });
}

const record = (e: JobPaymentReceived) => recordReceived(ctx, e);
const payoutOf = (jobPaymentId: string) => payoutOfJobPayment(ctx, jobPaymentId);
const paidFor = async (contractorId: string, amountCents: number) => {
  const projectId = await insertProject(ctx.platform, {
    contractorId,
    estimatedCost: 1_000_000,
    status: 'in_progress',
  });
  const e = received(projectId, contractorId, amountCents);
  await record(e);
  return e;
};
const bankingOf = async (contractorId: string) => {
  const [row] = await db()
    .select()
    .from(contractorBanking)
    .where(eq(contractorBanking.contractorId, contractorId));
  return row;
};
const accountsOf = (contractorId: string) =>
  [...fake.accounts.values()].filter((a) => a.metadata.contractorId === contractorId);
const transfersTo = (accountId: string) =>
  [...fake.transfers.values()].filter((t) => t.destination === accountId);

/** A change of bank details (current password) approved by the admin; its answer. */
async function approvedChange(
  who: { cookie: string; contractorId: string },
  bank: { routingNumber: string; accountNumber: string },
) {
  const res = await call(ctx.app, who, 'POST', '/api/contractor/banking', {
    ...bankingBody({
      bankName: 'Moved Savings Bank',
      routingNumber: bank.routingNumber,
      accountNumber: bank.accountNumber,
      confirmAccountNumber: bank.accountNumber,
    }),
    currentPassword: 'new-password-22',
  });
  expect(res.statusCode, res.body).toBe(200);
  const list = await call(ctx.app, admin, 'GET', '/api/admin/contractors/bank-changes');
  const change = bankChangeListSchema.parse(list.json()).find((c) => c.contractorId === who.contractorId);
  if (!change) throw new Error('no pending change');
  return call(ctx.app, admin, 'POST', `/api/admin/contractors/bank-changes/${change.id}/review`, {
    decision: 'approved',
  });
}

beforeAll(async () => {
  fake = await startFakeStripe();
  ctx = await connectContext({
    STRIPE_SECRET_KEY: 'sk_test_connect',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_connect',
    STRIPE_API_BASE: fake.url,
  });
  admin = await createUserWithSession(ctx.platform, {
    email: 'connect.admin@ridgeline.test',
    userType: 'admin',
  });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe(`Stripe Connect connected accounts on ${testDbKind}`, () => {
  let crew: Awaited<ReturnType<typeof onboardedContractor>>;

  it('the payment set-up makes one Custom account with the bank account; every payout is transferred to it', async () => {
    crew = await onboardedContractor(ctx.app);
    const [account] = accountsOf(crew.contractorId);
    expect(accountsOf(crew.contractorId)).toHaveLength(1);
    expect(account).toMatchObject({
      type: 'custom',
      country: 'US',
      business_type: 'company',
      capabilities: { transfers: 'pending' },
      email: crew.email,
    });
    expect(account?.company.name).toBeTruthy();
    expect(account?.external_accounts.data).toEqual([
      expect.objectContaining({
        routing_number: SECRETS.routingNumber,
        last4: SECRETS.accountNumber.slice(-4),
        currency: 'usd',
        country: 'US',
        account_holder_type: 'company',
      }),
    ]);
    const accountId = account?.id as string;
    expect(await bankingOf(crew.contractorId)).toMatchObject({ stripeAccountId: accountId });

    const paid = [await paidFor(crew.contractorId, 10_000), await paidFor(crew.contractorId, 20_000)];
    await ctx.services.payouts.runDue();
    await ctx.services.payouts.runDue();
    for (const e of paid) expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'paid' });
    expect(
      transfersTo(accountId)
        .map((t) => t.amount)
        .sort(),
    ).toEqual([17_600, 8_800]);
    expect(accountsOf(crew.contractorId)).toHaveLength(1);
  });

  it('without an account yet: an outage keeps the payout held, the next run makes one account and pays once', async () => {
    const late = await testContractor(ctx.platform, 'connect.late@example.com');
    const key = ctx.config.encryptionKey;
    await db()
      .insert(contractorBanking)
      .values({
        contractorId: late.profileId,
        bankName: 'First Test Bank',
        accountType: 'checking',
        accountHolderName: 'Casey User',
        routingNumberEncrypted: encryptSecret(key, DIRECT.routingNumber),
        accountNumberEncrypted: encryptSecret(key, DIRECT.accountNumber),
        routingNumberLast4: DIRECT.routingNumber.slice(-4),
        accountNumberLast4: DIRECT.accountNumber.slice(-4),
      });
    const e = await paidFor(late.profileId, 50_000);
    const other = await paidFor(late.profileId, 5_000);
    const asked = () => fake.requests.filter((r) => r.path === '/v1/accounts').length;
    const before = asked();
    fake.failing = true;
    try {
      expect(await ctx.services.payouts.runDue()).toMatchObject({ paid: 0, failed: 0 });
    } finally {
      fake.failing = false;
    }
    for (const held of [e, other]) {
      expect(await payoutOf(held.jobPaymentId)).toMatchObject({
        status: 'held',
        holdReason: 'no_connected_account',
      });
    }
    expect(accountsOf(late.profileId)).toHaveLength(0);
    // Stripe is asked for the contractor once in a run (the SDK's own retries aside), not per payout
    expect(asked() - before).toBeGreaterThan(0);
    expect(asked() - before).toBeLessThanOrEqual(3);

    expect(await ctx.services.payouts.runDue()).toMatchObject({ paid: 2 });
    const [account] = accountsOf(late.profileId);
    const payout = await payoutOf(e.jobPaymentId);
    expect(payout).toMatchObject({ status: 'paid', provider: 'stripe' });
    expect(
      transfersTo(account?.id as string)
        .map((t) => t.amount)
        .sort(),
    ).toEqual([4_400, 44_000]);

    // the account id lost after Stripe made it (a crash before it was stored): the retry, same
    // idempotency key, is answered the same account, never a second one
    await db()
      .update(contractorBanking)
      .set({ stripeAccountId: null, stripeBankVersion: null })
      .where(eq(contractorBanking.contractorId, late.profileId));
    const next = await paidFor(late.profileId, 1_000);
    await ctx.services.payouts.runDue();
    expect(accountsOf(late.profileId)).toHaveLength(1);
    expect(await bankingOf(late.profileId)).toMatchObject({ stripeAccountId: account?.id });
    expect(await payoutOf(next.jobPaymentId)).toMatchObject({ status: 'paid' });
    expect(transfersTo(account?.id as string)).toHaveLength(3);
    const keys = fake.requests
      .filter((r) => r.path === '/v1/accounts')
      .map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBeLessThan(keys.length);
  });

  it('an approved bank change moves the external account; approved during an outage, the next run moves it first', async () => {
    const accountId = accountsOf(crew.contractorId)[0]?.id as string;
    const before = transfersTo(accountId).length;
    const res = await approvedChange(crew, MOVED);
    expect(res.statusCode, res.body).toBe(200);
    let banks = fake.accounts.get(accountId)?.external_accounts.data ?? [];
    expect(banks.filter((b) => b.default_for_currency)).toEqual([
      expect.objectContaining({ routing_number: MOVED.routingNumber, last4: MOVED.accountNumber.slice(-4) }),
    ]);
    const e = await paidFor(crew.contractorId, 30_000);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'paid', accountLast4: '9876' });

    // approved while Stripe is down: no transfer until the bank account is moved
    fake.failing = true;
    let second: JobPaymentReceived;
    try {
      expect((await approvedChange(crew, MOVED_AGAIN)).statusCode).toBe(200);
      second = await paidFor(crew.contractorId, 40_000);
      await ctx.services.payouts.runDue();
    } finally {
      fake.failing = false;
    }
    expect(await payoutOf(second.jobPaymentId)).toMatchObject({
      status: 'held',
      holdReason: 'no_connected_account',
    });
    await ctx.services.payouts.runDue();
    await ctx.services.payouts.runDue();
    expect(await payoutOf(second.jobPaymentId)).toMatchObject({ status: 'paid', accountLast4: '3746' });
    banks = fake.accounts.get(accountId)?.external_accounts.data ?? [];
    expect(banks.map((b) => b.last4)).toEqual(['2216', '9876', '3746']);
    expect(banks.find((b) => b.default_for_currency)?.last4).toBe('3746');
    expect(transfersTo(accountId).length).toBe(before + 2);
    expect(accountsOf(crew.contractorId)).toHaveLength(1);
  });

  it('keeps no account number in clear in any table, and logs none', async () => {
    const tables = (await db().execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { name: string }[] };
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { name } of tables.rows) {
      const rows = (await db().execute(sql.raw(`select t::text as row from "${name}" t`))) as unknown as {
        rows: { row: string }[];
      };
      for (const { row } of rows.rows) {
        for (const number of NUMBERS) expect(row, `${name} holds an account number`).not.toContain(number);
      }
    }
    expect(logLines.some((l) => l.includes('Stripe connected account made'))).toBe(true);
    expect(logLines.some((l) => l.includes('connected account not made'))).toBe(true);
    for (const line of logLines) for (const number of NUMBERS) expect(line).not.toContain(number);
  });
});
