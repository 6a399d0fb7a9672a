import type { Logger } from 'pino';
import type { JobPaymentRefundRequest, JobPayments } from '../../../domain/payments/job-payment-schemas';
import { jobPaymentMessages as m, refundRefusal } from '../../../domain/payments/job-payments';
import { paymentMessages } from '../../../domain/payments/schemas';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { jobPaymentNotices } from './job-payment-notices';
import type { JobPaymentsRepo } from './job-payments.repo';
import type { JobPaymentActor, RefundedHook, StageJobPaymentNotices } from './job-payments.service';
import { type PaymentProvider, ProviderUnavailableError } from './payment-provider';

/** What the payouts ledger hears when a refund is made (in its transaction). */
export interface JobPaymentRefunded {
  refundId: string;
  jobPaymentId: string;
  projectId: string;
  contractorId: string | null;
  amountCents: number;
  reason: string;
  refundedAt: Date;
}

/**
 * Refunds of received parts (issue 25 #5), by an admin, whole or part, with a reason. Two steps,
 * each idempotent: the request is stored (once per request id, under the part's lock, never more
 * than received minus refunded and pending); then the provider refunds it (Stripe's refunds API
 * with the refund's id as idempotency key; the sandbox and outside payments: the record is the
 * refund) and the refund is marked made, once, with its hooks, audit row and notice. A crash
 * between the two leaves it pending: the recovery, or the same request again, finishes it.
 */
export function createJobPaymentRefunds(deps: {
  db: Db;
  repo: JobPaymentsRepo;
  provider: PaymentProvider;
  config: Pick<Config, 'brandName' | 'publicUrl'>;
  stageNotices?: StageJobPaymentNotices;
  onRefunded: RefundedHook[];
  afterCommit?: () => Promise<void>;
  log: Logger;
  clock: () => Date;
  announce: (projectId: string) => Promise<void>;
  view: (actor: JobPaymentActor, projectId: string, message?: string) => Promise<JobPayments>;
}) {
  const { db, repo, provider, log } = deps;

  async function finish(refundId: string): Promise<void> {
    const refund = await repo.findRefund(refundId);
    if (!refund || refund.status === 'succeeded') return;
    const part = await repo.find(refund.jobPaymentId);
    if (!part) return;
    let providerRefundId: string | null = null;
    if (part.method === 'card' && part.paymentId) {
      const card = (await repo.cardPaymentsOf([part.id])).find((c) => c.id === part.paymentId);
      if (card) {
        try {
          const made = await provider.refund({
            paymentIntentId: card.providerPaymentId,
            amountCents: refund.amountCents,
            reason: refund.reason,
            idempotencyKey: `job-refund:${refund.id}`,
          });
          providerRefundId = made.id;
        } catch (err) {
          if (err instanceof ProviderUnavailableError) {
            log.error({ err, refundId }, 'refund not made by the provider yet');
            throw new AppError(503, paymentMessages.providerUnavailable);
          }
          throw err;
        }
      }
    }
    const done = await db.transaction(async (tx) => {
      const locked = await repo.lock(tx, part.id);
      if (!locked) return null;
      const at = deps.clock();
      const made = await repo.markRefundSucceeded(tx, refund.id, providerRefundId, at);
      if (!made) return null;
      await repo.update(tx, part.id, { refundedCents: locked.refundedCents + made.amountCents });
      const facts = await repo.projectFacts(part.projectId, tx);
      await audit(tx as unknown as Db, {
        actorId: made.createdBy,
        action: 'job_payment.refunded',
        entityType: 'job_payment',
        entityId: part.id,
        data: {
          projectId: part.projectId,
          part: part.part,
          refundId: made.id,
          amountCents: made.amountCents,
          reason: made.reason,
          providerRefundId,
        },
      });
      for (const hook of deps.onRefunded) {
        await hook(tx, {
          refundId: made.id,
          jobPaymentId: part.id,
          projectId: part.projectId,
          contractorId: facts?.contractorId ?? null,
          amountCents: made.amountCents,
          reason: made.reason,
          refundedAt: at,
        });
      }
      const notices = facts
        ? jobPaymentNotices('refunded', facts, part.part, made.amountCents, deps.config)
        : [];
      return notices.length && deps.stageNotices
        ? await deps.stageNotices(tx, notices)
        : () => Promise.resolve();
    });
    if (!done) return;
    await done().catch((err) => log.error({ err }, 'notices stored, not pushed live'));
    await deps.afterCommit?.().catch((err) => log.error({ err }, 'after-commit hook failed'));
    await deps.announce(part.projectId);
  }

  return {
    finish,

    /** POST /api/admin/job-payments/{id}/refunds: the same requestId again answers the first refund. */
    async refund(
      actor: JobPaymentActor,
      jobPaymentId: string,
      body: JobPaymentRefundRequest,
    ): Promise<JobPayments> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(jobPaymentId)) {
        throw new NotFoundError(m.notFound);
      }
      const refund = await db.transaction(async (tx) => {
        const part = await repo.lock(tx, jobPaymentId);
        if (!part) throw new NotFoundError(m.notFound);
        const values = {
          jobPaymentId: part.id,
          requestId: body.requestId,
          amountCents: body.amountCents,
          reason: body.reason,
          createdBy: actor.user.id,
        };
        const pending = await repo.pendingRefundCents(tx, part.id);
        const refusal = refundRefusal(
          { receivedCents: part.receivedCents, refundedCents: part.refundedCents + pending },
          body.amountCents,
        );
        const { row, created } = refusal
          ? { row: await repo.findRefundByRequest(tx, body.requestId), created: false }
          : await repo.insertRefund(tx, values);
        if (!row) {
          if (part.receivedCents === null) throw new ConflictError(refusal ?? m.refundNotReceived);
          throw new ValidationError(refusal ?? m.refundAmountInvalid, {
            amountCents: [refusal ?? m.refundAmountInvalid],
          });
        }
        if (row.jobPaymentId !== part.id || row.amountCents !== body.amountCents) {
          throw new ConflictError(m.refundRequestReused);
        }
        if (created) {
          await audit(tx as unknown as Db, {
            actorId: actor.user.id,
            action: 'job_payment.refund_requested',
            entityType: 'job_payment',
            entityId: part.id,
            data: {
              projectId: part.projectId,
              refundId: row.id,
              amountCents: row.amountCents,
              reason: row.reason,
            },
            ip: actor.ip,
          });
        }
        return { row, projectId: part.projectId };
      });
      await finish(refund.row.id);
      return deps.view(actor, refund.projectId, m.refunded);
    },

    /** Pending refunds (a crash, the provider down) are finished; answers how many were tried. */
    async recover(): Promise<number> {
      let n = 0;
      for (const refund of await repo.pendingRefunds()) {
        try {
          await finish(refund.id);
          n++;
        } catch (err) {
          log.error({ err, refundId: refund.id }, 'could not finish a refund');
        }
      }
      return n;
    },
  };
}
