import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankingBody, type Caller, call, onboardedContractor } from '../../../../tests/helpers/onboarding';
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
import { nextClientIp } from '../../../../tests/helpers/public-posts';
import type { TestContext } from '../../../../tests/helpers/test-context';
import { testDbKind } from '../../../../tests/helpers/test-context';
import {
  type JobPaymentReceived,
  myPayoutsSchema,
  payoutTotalsSchema,
} from '../../../domain/payouts/schemas';
import { encryptSecret } from '../../platform/crypto';
import {
  auditLog,
  contractorBanking,
  payoutLedger,
  payoutRefunds,
  sandboxTransfers,
} from '../../platform/db/schema';

/**
 * Issue 25 items 4, 5: each payment received gives the contractor 88 % (the ledger, idempotent),
 * sent to its bank account by the payouts job, held while a bank change awaits review and sent
 * once approved; refunds taken back from the payout or the next ones; the admins' figures.
 */

let ctx: TestContext;
let admin: Person;
let crew: ContractorPerson;

const db = () => ctx.platform.db;
const record = (e: JobPaymentReceived) => recordReceived(ctx, e);
const payoutOf = (jobPaymentId: string) => payoutOfJobPayment(ctx, jobPaymentId);
const transfersFor = (payoutId: string) =>
  db().select().from(sandboxTransfers).where(eq(sandboxTransfers.idempotencyKey, payoutId));

async function giveBankAccount(contractorId: string, accountNumber: string) {
  const key = ctx.config.encryptionKey;
  await db()
    .insert(contractorBanking)
    .values({
      contractorId,
      bankName: 'First Test Bank',
      accountType: 'checking',
      accountHolderName: 'Casey User',
      routingNumberEncrypted: encryptSecret(key, '111000025'),
      accountNumberEncrypted: encryptSecret(key, accountNumber),
      routingNumberLast4: '0025',
      accountNumberLast4: accountNumber.slice(-4),
    });
}

let seq = 0;
const project = (contractorId: string | null) =>
  insertProject(ctx.platform, {
    contractorId,
    estimatedCost: 1_000_000,
    status: 'in_progress',
    title: `SWRX-PAYOUT-${++seq}-${Math.random().toString(36).slice(2, 8)}`,
  });

beforeAll(async () => {
  ctx = await createQuietContext();
  admin = await testPerson(ctx.platform, 'payouts.admin@ridgeline.test', 'admin');
  crew = await testContractor(ctx.platform, 'payout.crew@example.com');
  await giveBankAccount(crew.profileId, '000123456789');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe(`payouts on ${testDbKind}`, () => {
  it('a payment received gives one ledger row (12 % fee, 88 % share rounded down) however often it is reported', async () => {
    const projectId = await project(crew.profileId);
    const e = received(projectId, crew.profileId, 12_345);
    await record(e);
    await record(e);
    await record({ ...e, amountCents: 99_999 });
    const rows = await db().select().from(payoutLedger).where(eq(payoutLedger.jobPaymentId, e.jobPaymentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      grossCents: 12_345,
      shareCents: 10_863,
      feeCents: 1_482,
      refundedCents: 0,
    });
    const payout = await payoutOf(e.jobPaymentId);
    expect(payout).toMatchObject({ amountCents: 10_863, status: 'pending', contractorId: crew.profileId });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payouts.payment_recorded'), eq(auditLog.entityId, projectId)));
    expect(audits).toHaveLength(1);
  });

  it('a payment rolled back with its transaction leaves nothing', async () => {
    const projectId = await project(crew.profileId);
    const e = received(projectId, crew.profileId, 5_000);
    await expect(
      db().transaction(async (tx) => {
        await ctx.services.payouts.recordPaymentReceived(tx, e);
        throw new Error('the payment failed to record');
      }),
    ).rejects.toThrow('the payment failed to record');
    expect(
      await db().select().from(payoutLedger).where(eq(payoutLedger.jobPaymentId, e.jobPaymentId)),
    ).toEqual([]);
  });

  it("the job sends the share to the account's last four, once", async () => {
    const projectId = await project(crew.profileId);
    const e = received(projectId, crew.profileId, 200_000, { part: 'final', method: 'outside' });
    await record(e);
    await ctx.services.payouts.runDue();
    await ctx.services.payouts.runDue();
    const payout = await payoutOf(e.jobPaymentId);
    expect(payout).toMatchObject({
      status: 'paid',
      accountLast4: '6789',
      provider: 'sandbox',
      amountCents: 176_000,
    });
    expect(payout.transferId).toMatch(/^tr_sandbox_/);
    const transfers = await transfersFor(payout.id);
    expect(transfers).toEqual([expect.objectContaining({ amountCents: 176_000, destinationLast4: '6789' })]);
  });

  it('a contractor without a bank account is held, and paid by the next run once it has one', async () => {
    const late = await testContractor(ctx.platform, 'payout.nobank@example.com');
    const projectId = await project(late.profileId);
    const e = received(projectId, late.profileId, 10_000);
    await record(e);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'held', holdReason: 'no_bank_account' });
    await giveBankAccount(late.profileId, '999900004321');
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({
      status: 'paid',
      accountLast4: '4321',
      holdReason: null,
    });
  });

  it('a payment of a project without a contractor stays held (nobody to pay)', async () => {
    const projectId = await project(null);
    const e = received(projectId, null, 10_000);
    await record(e);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(e.jobPaymentId)).toMatchObject({ status: 'held', holdReason: 'no_contractor' });
  });
});

describe(`refunds taken from payouts on ${testDbKind}`, () => {
  let refundee: ContractorPerson;
  beforeAll(async () => {
    refundee = await testContractor(ctx.platform, 'payout.refunds@example.com');
    await giveBankAccount(refundee.profileId, '000055550001');
  });

  it('before the payout is sent: taken from it, the fee returned, idempotent, audited', async () => {
    const projectId = await project(refundee.profileId);
    const e = received(projectId, refundee.profileId, 100_000);
    await record(e);
    const r = refunded(e, 25_000);
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, r));
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, r));
    const [row] = await db().select().from(payoutRefunds).where(eq(payoutRefunds.refundId, r.refundId));
    expect(row).toMatchObject({
      shareCents: 22_000,
      feeReturnedCents: 3_000,
      fromPayoutCents: 22_000,
      carriedCents: 0,
    });
    const [ledger] = await db()
      .select()
      .from(payoutLedger)
      .where(eq(payoutLedger.jobPaymentId, e.jobPaymentId));
    expect(ledger?.refundedCents).toBe(25_000);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payouts.refund_recorded'), eq(auditLog.entityId, projectId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ reason: 'Gutter work not done', fromPayoutCents: 22_000 });
    await ctx.services.payouts.runDue();
    const payout = await payoutOf(e.jobPaymentId);
    expect(payout).toMatchObject({ status: 'paid', deductedCents: 22_000 });
    expect(await transfersFor(payout.id)).toEqual([expect.objectContaining({ amountCents: 66_000 })]);
  });

  it('a whole refund before sending leaves nothing to send (offset)', async () => {
    const projectId = await project(refundee.profileId);
    const e = received(projectId, refundee.profileId, 12_345);
    await record(e);
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, refunded(e, 12_345)));
    await ctx.services.payouts.runDue();
    const payout = await payoutOf(e.jobPaymentId);
    expect(payout).toMatchObject({ status: 'offset', deductedCents: 10_863 });
    expect(await transfersFor(payout.id)).toEqual([]);
  });

  it('after the payout was sent: carried and taken from the next payout', async () => {
    const projectId = await project(refundee.profileId);
    const first = received(projectId, refundee.profileId, 50_000);
    await record(first);
    await ctx.services.payouts.runDue();
    expect((await payoutOf(first.jobPaymentId)).status).toBe('paid');
    const r = refunded(first, 50_000);
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, r));
    const [row] = await db().select().from(payoutRefunds).where(eq(payoutRefunds.refundId, r.refundId));
    expect(row).toMatchObject({ shareCents: 44_000, fromPayoutCents: 0, carriedCents: 44_000 });
    // the next payment's payout pays off what is owed first
    const second = received(projectId, refundee.profileId, 100_000, { part: 'final' });
    await record(second);
    await ctx.services.payouts.runDue();
    const next = await payoutOf(second.jobPaymentId);
    expect(next).toMatchObject({ status: 'paid', amountCents: 88_000, balanceTakenCents: 44_000 });
    expect(await transfersFor(next.id)).toEqual([expect.objectContaining({ amountCents: 44_000 })]);
    expect(await ctx.services.payouts.totals()).toMatchObject({ owedCents: 0 });
  });

  it('a refund larger than the next payout stays owed for the one after', async () => {
    const owing = await testContractor(ctx.platform, 'payout.owing@example.com');
    await giveBankAccount(owing.profileId, '000077770002');
    const projectId = await project(owing.profileId);
    const big = received(projectId, owing.profileId, 100_000);
    await record(big);
    await ctx.services.payouts.runDue();
    await db().transaction((tx) => ctx.services.payouts.recordRefund(tx, refunded(big, 100_000)));
    const small = received(projectId, owing.profileId, 50_000, { part: 'final' });
    await record(small);
    await ctx.services.payouts.runDue();
    expect(await payoutOf(small.jobPaymentId)).toMatchObject({ status: 'offset', balanceTakenCents: 44_000 });
    const third = received(await project(owing.profileId), owing.profileId, 100_000);
    await record(third);
    await ctx.services.payouts.runDue();
    const last = await payoutOf(third.jobPaymentId);
    expect(last).toMatchObject({ status: 'paid', balanceTakenCents: 44_000 });
    expect(await transfersFor(last.id)).toEqual([expect.objectContaining({ amountCents: 44_000 })]);
  });

  it('a refund of a payment never reported fails (the payments transaction rolls back)', async () => {
    const projectId = await project(refundee.profileId);
    const ghost = received(projectId, refundee.profileId, 1_000);
    await expect(
      db().transaction((tx) => ctx.services.payouts.recordRefund(tx, refunded(ghost, 500))),
    ).rejects.toThrow(/never recorded/);
  });
});

describe(`payouts held during a bank change on ${testDbKind}`, () => {
  let changer: Caller & { contractorId: string };

  it('held while the change awaits review, sent to the new account once an admin approves it', async () => {
    changer = await onboardedContractor(ctx.app);
    const projectId = await project(changer.contractorId);
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/contractor/banking',
      headers: { cookie: changer.cookie },
      payload: bankingBody({
        bankName: 'New Bank',
        routingNumber: '021000021',
        accountNumber: '55512349876',
        confirmAccountNumber: '55512349876',
        currentPassword: 'new-password-22',
      }),
      remoteAddress: nextClientIp(),
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const e = received(projectId, changer.contractorId, 300_000);
    await record(e);
    await ctx.services.payouts.runDue();
    const held = await payoutOf(e.jobPaymentId);
    expect(held).toMatchObject({ status: 'held', holdReason: 'bank_change_review' });
    expect(await transfersFor(held.id)).toEqual([]);

    const mine = await call(ctx.app, changer, 'GET', '/api/contractor/payouts');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(myPayoutsSchema.parse(mine.json()).items[0]).toMatchObject({
      status: 'held',
      holdReason: 'bank_change_review',
      netCents: 264_000,
    });

    const list = await call(ctx.app, admin, 'GET', '/api/admin/contractors/bank-changes');
    const change = (list.json() as { id: string; contractorId: string }[]).find(
      (c) => c.contractorId === changer.contractorId,
    );
    const approved = await call(
      ctx.app,
      admin,
      'POST',
      `/api/admin/contractors/bank-changes/${change?.id}/review`,
      {
        decision: 'approved',
      },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // the approval queued the payouts job at once (its own key: a waiting periodic run does not swallow it)
    const { rows } = await ctx.platform.database.sql.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'payouts.send' AND singleton_key = 'payouts.send.now'`,
    );
    expect(rows.map((r) => r.state)).toContain('created');
    // ...which runs it
    await ctx.services.payouts.runDue();
    const paid = await payoutOf(e.jobPaymentId);
    expect(paid).toMatchObject({ status: 'paid', accountLast4: '9876', holdReason: null });
    expect(await transfersFor(paid.id)).toEqual([
      expect.objectContaining({ amountCents: 264_000, destinationLast4: '9876' }),
    ]);

    const after = myPayoutsSchema.parse(
      (await call(ctx.app, changer, 'GET', '/api/contractor/payouts')).json(),
    );
    expect(after.revenueCents).toBe(264_000);
  });
});

describe(`the admins' figures on ${testDbKind}`, () => {
  it('totals: received net of refunds is the Total Revenue; fees net of fees returned', async () => {
    const res = await call(ctx.app, admin, 'GET', '/api/admin/payouts/totals');
    expect(res.statusCode, res.body).toBe(200);
    const t = payoutTotalsSchema.parse(res.json());
    const ledger = await db().select().from(payoutLedger);
    const refunds = await db().select().from(payoutRefunds);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(t.receivedCents).toBe(sum(ledger.map((l) => l.grossCents)));
    expect(t.refundedCents).toBe(sum(refunds.map((r) => r.amountCents)));
    expect(t.netReceivedCents).toBe(t.receivedCents - t.refundedCents);
    expect(t.feesCents).toBe(
      sum(ledger.map((l) => l.feeCents)) - sum(refunds.map((r) => r.feeReturnedCents)),
    );
    expect(t.heldCount).toBeGreaterThanOrEqual(1);
  });
});
