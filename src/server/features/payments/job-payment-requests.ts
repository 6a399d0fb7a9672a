import type { Logger } from 'pino';
import {
  approvedBudgetCents,
  finalPartCents,
  firstPartCents,
  type JobPaymentPart,
} from '../../../domain/payments/job-payments';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { type JobPaymentNotice, jobPaymentNotices } from './job-payment-notices';
import type { Executor, JobPaymentsRepo } from './job-payments.repo';

/** The project a part is asked for (the projects feature's locked row, in its transaction). */
export interface PaymentRequestProject {
  id: string;
  title: string;
  homeownerId: string | null;
  estimatedCost: number | null;
  finalCost: number | null;
}

/**
 * A part of the job's price asked (issue 25 #3): the first part (the terms' percentage of the
 * approved budget) when the work starts, the final part (the rest, after what the first part
 * received) when it is accepted; in the projects feature's transaction.
 */
export function createJobPaymentRequests(deps: {
  repo: JobPaymentsRepo;
  config: Pick<Config, 'brandName' | 'publicUrl' | 'jobFirstPaymentPercent'>;
  log: Logger;
}) {
  const { repo, config, log } = deps;

  /**
   * Asks a part of the job's price, in the caller's transaction (the projects feature's change
   * that starts the work or accepts it): once per project and part, a second call answers
   * nothing new. Answers the homeowner's notice, which the change stores with itself.
   */
  async function requestPart(
    tx: Executor,
    project: PaymentRequestProject,
    part: JobPaymentPart,
  ): Promise<JobPaymentNotice[]> {
    const budget = approvedBudgetCents(project);
    if (budget === null || budget <= 0) {
      log.warn({ projectId: project.id, part }, 'no approved budget: no payment asked');
      return [];
    }
    const first =
      part === 'final' ? (await repo.ofProject(project.id, tx)).find((r) => r.part === 'first') : undefined;
    const amount =
      part === 'first'
        ? firstPartCents(budget, config.jobFirstPaymentPercent)
        : finalPartCents(
            budget,
            first ? { amountCents: first.amountCents, receivedCents: first.receivedCents } : null,
          );
    if (amount <= 0) return [];
    const { row, created } = await repo.insertRequest(tx, {
      projectId: project.id,
      part,
      amountCents: amount,
      // the payer an admin recorded for the first part pays the final one too
      payerName: first?.payerName ?? null,
      payerEmail: first?.payerEmail ?? null,
    });
    if (!created) return [];
    await audit(tx as unknown as Db, {
      action: 'job_payment.requested',
      entityType: 'job_payment',
      entityId: row.id,
      data: { projectId: project.id, part, amountCents: amount, budgetCents: budget },
    });
    return jobPaymentNotices('due', project, part, amount, config);
  }

  return { requestPart };
}
