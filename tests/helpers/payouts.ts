import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { JobPaymentReceived, JobPaymentRefunded } from '../../src/domain/payouts/schemas';
import { payoutLedger, payouts } from '../../src/server/platform/db/schema';
import { createTestContext, type TestContext } from './test-context';

/**
 * A whole app whose feature workers are not started: the test runs the payouts job itself
 * (services.payouts.runDue) when it wants, so no background run races its assertions.
 */
export function createQuietContext(
  env: Record<string, string> = {},
  opts: { logger?: Logger } = {},
): Promise<TestContext> {
  return createTestContext({ env, runWorkers: false, startWorkers: false, ...opts });
}

/** A job payment received as the payments feature reports it (a made-up job payment id). */
export function received(
  projectId: string,
  contractorId: string | null,
  amountCents: number,
  over: Partial<JobPaymentReceived> = {},
): JobPaymentReceived {
  return {
    jobPaymentId: randomUUID(),
    projectId,
    contractorId,
    part: 'first',
    amountCents,
    receivedAt: new Date(),
    method: 'card',
    ...over,
  };
}

export function refunded(
  payment: JobPaymentReceived,
  amountCents: number,
  over: Partial<JobPaymentRefunded> = {},
): JobPaymentRefunded {
  return {
    refundId: randomUUID(),
    jobPaymentId: payment.jobPaymentId,
    projectId: payment.projectId,
    contractorId: payment.contractorId,
    amountCents,
    reason: 'Gutter work not done',
    refundedAt: new Date(),
    ...over,
  };
}

/** Reports a payment received, in its own transaction, as the payments feature does in its own. */
export function recordReceived(ctx: TestContext, e: JobPaymentReceived) {
  return ctx.platform.db.transaction((tx) => ctx.services.payouts.recordPaymentReceived(tx, e));
}

/** The payout a job payment gave. */
export async function payoutOfJobPayment(ctx: TestContext, jobPaymentId: string) {
  const [row] = await ctx.platform.db
    .select({ p: payouts })
    .from(payouts)
    .innerJoin(payoutLedger, eq(payoutLedger.id, payouts.ledgerId))
    .where(eq(payoutLedger.jobPaymentId, jobPaymentId));
  if (!row) throw new Error('no payout');
  return row.p;
}
