import type { Logger } from 'pino';
import type {
  JobPaymentOutsideRequest,
  JobPaymentPayerRequest,
  JobPayments,
} from '../../../domain/payments/job-payment-schemas';
import { type JobPaymentPart, jobPaymentMessages as m } from '../../../domain/payments/job-payments';
import { paymentMessages } from '../../../domain/payments/schemas';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { ConflictError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { ProjectAccessCheck } from '../projects';
import { payerMail } from './job-payment-notices';
import type { JobPaymentRow, JobPaymentsRepo } from './job-payments.repo';
import type { JobPaymentActor, ReceiveDetail } from './job-payments.service';
import type { PaymentStates } from './payment-states';

/** The admins' side of a job's payments: an outside payment recorded, the payer set. */
export function createJobPaymentAdmin(deps: {
  db: Db;
  repo: JobPaymentsRepo;
  states: PaymentStates;
  mailer: Mailer;
  config: Pick<Config, 'brandName' | 'publicUrl'>;
  access: ProjectAccessCheck;
  log: Logger;
  partOf: (projectId: string, part: JobPaymentPart) => Promise<JobPaymentRow>;
  receive: (
    id: string,
    detail: ReceiveDetail,
    actor?: JobPaymentActor,
  ) => Promise<{ row: JobPaymentRow; fresh: boolean } | undefined>;
  receiveCard: (providerPaymentId: string) => Promise<void>;
  announce: (projectId: string) => Promise<void>;
  view: (user: SessionUser, projectId: string, message?: string) => Promise<JobPayments>;
}) {
  const { db, repo, states, config, log, partOf, receive, receiveCard, announce } = deps;

  /**
   * An admin records a part paid outside (an insurer's cheque), with its reference: received as
   * a card payment would be. An open card intent of the part is cancelled first (one that
   * succeeded meanwhile wins: the part was paid by card). The same record again is answered.
   */
  async function recordOutside(
    actor: JobPaymentActor,
    projectId: string,
    part: JobPaymentPart,
    body: JobPaymentOutsideRequest,
  ): Promise<JobPayments> {
    const granted = await deps.access(actor.user, projectId);
    const row = await partOf(granted.projectId, part);
    const same = (r: JobPaymentRow) =>
      r.method === 'outside' && r.outsideReference === body.reference && r.receivedCents === body.amountCents;
    if (row.receivedAt) {
      if (same(row)) return deps.view(actor.user, projectId, m.outsideRecorded);
      throw new ConflictError(m.alreadyPaid);
    }
    for (const card of await repo.cardPaymentsOf([row.id])) {
      if (card.cancelledAt) continue;
      const after =
        card.status === 'succeeded' ? card : await states.cancelIntent(card.providerPaymentId, m.alreadyPaid);
      if (after?.status === 'succeeded') {
        await receiveCard(card.providerPaymentId);
        throw new ConflictError(m.alreadyPaid);
      }
      if (after?.status === 'processing') throw new ConflictError(paymentMessages.alreadyProcessing);
    }
    const result = await receive(
      row.id,
      {
        method: 'outside',
        cents: body.amountCents,
        outsideReference: body.reference,
        outsideReceivedOn: body.receivedOn,
      },
      actor,
    );
    if (result && !result.fresh && !same(result.row)) throw new ConflictError(m.alreadyPaid);
    return deps.view(actor.user, projectId, m.outsideRecorded);
  }

  /** An admin records who pays a part (name and e-mail), or gives it back to the homeowner (nulls). */
  async function setPayer(
    actor: JobPaymentActor,
    projectId: string,
    part: JobPaymentPart,
    body: JobPaymentPayerRequest,
  ): Promise<JobPayments> {
    const granted = await deps.access(actor.user, projectId);
    const row = await partOf(granted.projectId, part);
    if (row.receivedAt) throw new ConflictError(m.alreadyPaid);
    await db.transaction(async (tx) => {
      await repo.update(tx, row.id, { payerName: body.payerName, payerEmail: body.payerEmail });
      await audit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'job_payment.payer',
        entityType: 'job_payment',
        entityId: row.id,
        data: { projectId: row.projectId, part, payerName: body.payerName, payerEmail: body.payerEmail },
        ip: actor.ip,
      });
    });
    const facts = await repo.projectFacts(row.projectId);
    if (body.payerName && body.payerEmail && facts) {
      const mail = payerMail(
        { name: body.payerName, email: body.payerEmail },
        facts,
        part,
        row.amountCents,
        config,
      );
      await deps.mailer.send(mail).catch((err) => log.error({ err }, 'payer mail not stored'));
    }
    await announce(row.projectId);
    return deps.view(actor.user, projectId, m.payerSaved);
  }

  return { recordOutside, setPayer };
}
