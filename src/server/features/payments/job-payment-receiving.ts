import type { Logger } from 'pino';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/index';
import { jobPaymentNotices, type NoticeConfig } from './job-payment-notices';
import type { createReceipts } from './job-payment-receipts';
import type { JobPaymentRow, JobPaymentsRepo } from './job-payments.repo';
import type {
  JobPaymentActor,
  JobPaymentReceived,
  ReceiveDetail,
  ReceivedHook,
  StageJobPaymentNotices,
} from './job-payments.service';
import type { PaymentStates } from './payment-states';
import type { PaymentsRepo } from './payments.repo';

/**
 * A part received (issue 25 #3): by card (the payment states' success of a `payments` row with
 * job_payment_id) or as recorded by an admin; recorded exactly once, with the hooks, the audit row
 * and the notice in that transaction; then the receipt PDF is stored and the change announced.
 */
export function createJobPaymentReceiving(deps: {
  db: Db;
  repo: JobPaymentsRepo;
  paymentsRepo: PaymentsRepo;
  states: PaymentStates;
  config: NoticeConfig;
  stageNotices?: StageJobPaymentNotices;
  onReceived: ReceivedHook[];
  afterCommit?: () => Promise<void>;
  log: Logger;
  clock: () => Date;
  receipts: Pick<ReturnType<typeof createReceipts>, 'make'>;
  announce: (projectId: string) => Promise<void>;
}) {
  const { db, repo, paymentsRepo, states, config, log, clock, receipts, announce } = deps;

  /** Records a part received, once: the hooks, audit and notice commit with it; then the receipt. */
  async function receive(
    jobPaymentId: string,
    detail: ReceiveDetail,
    actor?: JobPaymentActor,
  ): Promise<{ row: JobPaymentRow; fresh: boolean } | undefined> {
    const done = await db.transaction(async (tx) => {
      const row = await repo.lock(tx, jobPaymentId);
      if (!row) return undefined;
      if (row.receivedAt) return { row, fresh: false, announceNotices: null };
      const at = clock();
      const updated = await repo.update(tx, row.id, {
        receivedCents: detail.cents,
        receivedAt: at,
        method: detail.method,
        paymentId: detail.paymentId ?? null,
        outsideReference: detail.outsideReference ?? null,
        outsideReceivedOn: detail.outsideReceivedOn ?? null,
        receivedBy: actor?.user.id ?? null,
      });
      if (!updated) throw new Error('job payment vanished under its lock');
      const facts = await repo.projectFacts(row.projectId, tx);
      await audit(tx as unknown as Db, {
        actorId: actor?.user.id ?? null,
        action: 'job_payment.received',
        entityType: 'job_payment',
        entityId: row.id,
        data: {
          projectId: row.projectId,
          part: row.part,
          amountCents: detail.cents,
          method: detail.method,
          ...(detail.outsideReference ? { reference: detail.outsideReference } : {}),
        },
        ip: actor?.ip,
      });
      const event: JobPaymentReceived = {
        jobPaymentId: row.id,
        projectId: row.projectId,
        contractorId: facts?.contractorId ?? null,
        part: row.part,
        amountCents: detail.cents,
        receivedAt: at,
        method: detail.method,
      };
      for (const hook of deps.onReceived) await hook(tx, event);
      const notices = facts ? jobPaymentNotices('received', facts, row.part, detail.cents, config) : [];
      const announceNotices =
        notices.length && deps.stageNotices ? await deps.stageNotices(tx, notices) : null;
      return { row: updated, fresh: true, announceNotices };
    });
    if (!done) return undefined;
    if (done.fresh) {
      await done.announceNotices?.().catch((err) => log.error({ err }, 'notices stored, not pushed live'));
      await receipts
        .make(done.row)
        .catch((err) => log.error({ err, id: jobPaymentId }, 'receipt not made yet'));
      await deps.afterCommit?.().catch((err) => log.error({ err }, 'after-commit hook failed'));
      await announce(done.row.projectId);
    }
    return { row: done.row, fresh: done.fresh };
  }

  /** A card payment's success: its part is received (no-op for a quote's payment or a second call). */
  async function receiveCard(providerPaymentId: string): Promise<void> {
    const payment = await paymentsRepo.findPaymentByProviderId(providerPaymentId);
    if (!payment?.jobPaymentId || payment.status !== 'succeeded') return;
    await receive(payment.jobPaymentId, {
      method: 'card',
      cents: payment.amountCents,
      paymentId: payment.id,
    });
  }

  // the success is heard like the quotes feature hears it; a failure here is left to recover()
  states.onPaymentChange(async (change) => {
    if (change.type !== 'succeeded' || change.quoteId !== null) return;
    await receiveCard(change.providerPaymentId).catch((err) =>
      log.error({ err, id: change.providerPaymentId }, 'card payment received, job payment not recorded yet'),
    );
  });

  return { receive, receiveCard };
}
