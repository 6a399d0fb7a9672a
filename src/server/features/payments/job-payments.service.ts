import type { Logger } from 'pino';
import { z } from 'zod';
import {
  type JobPaymentMethod,
  type JobPaymentPart,
  jobPaymentMessages as m,
} from '../../../domain/payments/job-payments';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { ConflictError, ForbiddenError, NotFoundError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { ProjectAccess, ProjectAccessCheck } from '../projects';

type ProjectRole = ProjectAccess['role'];

import { createJobPaymentAdmin } from './job-payment-admin';
import { createJobPaymentCheckout } from './job-payment-checkout';
import type { JobPaymentNotice } from './job-payment-notices';
import { createReceipts } from './job-payment-receipts';
import { createJobPaymentReceiving } from './job-payment-receiving';
import { createJobPaymentRefunds, type JobPaymentRefunded } from './job-payment-refunds';
import { createJobPaymentRequests } from './job-payment-requests';
import { createJobPaymentView } from './job-payment-view';
import type { Executor, JobPaymentRow, JobPaymentsRepo } from './job-payments.repo';
import type { PaymentProvider } from './payment-provider';
import type { PaymentStates } from './payment-states';
import type { PaymentsRepo, Tx } from './payments.repo';

/** What the payouts ledger and the warranty hear when a part is received (in its transaction). */
export interface JobPaymentReceived {
  jobPaymentId: string;
  projectId: string;
  contractorId: string | null;
  part: JobPaymentPart;
  amountCents: number;
  receivedAt: Date;
  method: JobPaymentMethod;
}
export type { JobPaymentRefunded };

/** The transaction a hook runs in (the one recording the money). */
export type JobPaymentTx = Tx;

export type ReceivedHook = (tx: Tx, e: JobPaymentReceived) => Promise<void>;
export type RefundedHook = (tx: Tx, e: JobPaymentRefunded) => Promise<void>;

/** Stores notifications in the caller's transaction (the notifications feature's stage, services.ts). */
export type StageJobPaymentNotices = (
  tx: Executor,
  items: JobPaymentNotice[],
) => Promise<() => Promise<void>>;

export interface JobPaymentsDeps {
  db: Db;
  config: Pick<Config, 'brandName' | 'publicUrl' | 'jobFirstPaymentPercent'>;
  logger: Logger;
  storage: FileStorage;
  bus: EventBus;
  mailer: Mailer;
  repo: JobPaymentsRepo;
  paymentsRepo: PaymentsRepo;
  provider: PaymentProvider;
  states: PaymentStates;
  /** Who may open a project (the projects feature's rule). */
  access: ProjectAccessCheck;
  stageNotices?: StageJobPaymentNotices;
  /** Run in the transaction that records a part received / a refund made (services.ts wires them). */
  onReceived: ReceivedHook[];
  onRefunded: RefundedHook[];
  /** Run after a part received or a refund made has committed (the payouts job asked to send now). */
  afterCommit?: () => Promise<void>;
  now?: () => Date;
}

export interface JobPaymentActor {
  user: SessionUser;
  ip?: string;
}

const uuid = z.uuid();

export interface ReceiveDetail {
  method: JobPaymentMethod;
  cents: number;
  paymentId?: string;
  outsideReference?: string;
  outsideReceivedOn?: string;
}

/**
 * The job's payments by the terms (issue 25 #3): the first part asked in the transaction that
 * starts the work, the final part in the one that accepts it; paid by card through the payments
 * of this feature (a `payments` row with job_payment_id) or recorded by an admin as paid outside;
 * received exactly once, with the hooks, the audit row and the notice in that transaction; then
 * the receipt PDF is stored. Asking a part: job-payment-requests.ts; receiving one:
 * job-payment-receiving.ts; refunds: job-payment-refunds.ts.
 */
export function createJobPaymentsService(deps: JobPaymentsDeps) {
  const { repo, paymentsRepo, states } = deps;
  const clock = deps.now ?? (() => new Date());
  const log = deps.logger.child({ module: 'job-payments' });
  const receipts = createReceipts({ ...deps, log });
  const requests = createJobPaymentRequests({ ...deps, log });

  async function announce(projectId: string): Promise<void> {
    const facts = await repo.projectFacts(projectId);
    if (!facts) return;
    await publishToUsers(deps.bus, [facts.homeownerId, facts.contractorUserId, ...(await repo.adminIds())], {
      type: 'project_updated',
      projectId,
      status: facts.status,
    }).catch((err) => log.error({ err, projectId }, 'job payment change not announced'));
  }

  const { receive, receiveCard } = createJobPaymentReceiving({ ...deps, log, clock, receipts, announce });

  const view = createJobPaymentView({
    ...deps,
    // with Stripe, a part paid in the browser is recorded as soon as the page asks (the webhook may come later)
    async syncCard(providerPaymentId) {
      const row = await paymentsRepo.findPaymentByProviderId(providerPaymentId);
      if (!row || row.cancelledAt) return false;
      if (row.status === 'succeeded') {
        // settled by a concurrent request or the webhook, whose recording this waits for (under
        // the part's lock, once): the answer never shows a paid card's part as still due
        await receiveCard(providerPaymentId).catch((err) =>
          log.error({ err, providerPaymentId }, 'card payment received, job payment not recorded yet'),
        );
        return true;
      }
      if (deps.provider.name !== 'stripe') return false;
      try {
        const after = await states.settle(row, await deps.provider.retrieveIntent(providerPaymentId));
        return after?.status !== row.status;
      } catch (err) {
        log.warn({ err, providerPaymentId }, 'could not ask the provider about a job card payment');
        return false;
      }
    },
  });
  const checkout = createJobPaymentCheckout({ ...deps, log, partOf, receiveCard });
  const refunds = createJobPaymentRefunds({
    ...deps,
    log,
    clock,
    announce,
    view: (actor, projectId, message) => view(actor.user, projectId, message),
  });

  async function projectOf(user: SessionUser, projectId: string) {
    return deps.access(user, projectId);
  }

  async function partOf(projectId: string, part: JobPaymentPart): Promise<JobPaymentRow> {
    const row = await repo.byPart(projectId, part);
    if (!row) throw new ConflictError(m.notDue);
    return row;
  }

  const admin = createJobPaymentAdmin({
    ...deps,
    log,
    partOf,
    receive,
    receiveCard,
    announce,
    view: (user, projectId, message) => view(user, projectId, message),
  });

  const service = {
    /**
     * Who may call, decided before the body is read (onRequest): a project the caller may not
     * open is 404, a party whose role is not listed 403.
     */
    async assertMay(user: SessionUser, projectId: string, roles: ProjectRole[]): Promise<void> {
      const granted = await deps.access(user, projectId);
      if (!roles.includes(granted.role)) throw new ForbiddenError(m.onlyHomeowner);
    },
    /** The hooks (the same arrays as the deps'): a test may add a spy. */
    onReceived: deps.onReceived,
    onRefunded: deps.onRefunded,
    receive,
    receiveCard,
    refund: refunds.refund,
    view,
    recordOutside: admin.recordOutside,
    setPayer: admin.setPayer,
    createIntent: checkout,
    /** The demo data's paid parts (seed-payouts.ts). */
    insertDemoPaid: repo.insertDemoPaid,

    /** Asks a part of the job's price in the projects feature's transaction: job-payment-requests.ts. */
    requestPart: requests.requestPart,

    /** GET /api/projects/{id}/payments/{jobPaymentId}/receipt: whoever may open the project; else 404. */
    async receipt(user: SessionUser, projectId: string, jobPaymentId: string) {
      const granted = await projectOf(user, projectId);
      const row = uuid.safeParse(jobPaymentId).success ? await repo.find(jobPaymentId) : undefined;
      if (!row || row.projectId !== granted.projectId || !row.receivedAt) throw new NotFoundError(m.notFound);
      return receipts.file(row);
    },

    /**
     * Recovery (at start and by the payments job): card payments that succeeded for a part not
     * recorded as received (a crash between the two, or a hook that failed), refunds left pending,
     * receipts not stored.
     */
    async recover(): Promise<{ received: number; refunds: number; receipts: number }> {
      let received = 0;
      for (const { providerPaymentId } of await repo.succeededNotReceived()) {
        try {
          await receiveCard(providerPaymentId);
          received++;
        } catch (err) {
          log.error({ err, providerPaymentId }, 'could not record a received job payment');
        }
      }
      const refunded = await refunds.recover();
      let made = 0;
      for (const row of await repo.receivedWithoutReceipt()) {
        try {
          await receipts.make(row);
          made++;
        } catch (err) {
          log.error({ err, id: row.id }, 'could not make a receipt');
        }
      }
      return { received, refunds: refunded, receipts: made };
    },
  };
  return service;
}

export type JobPaymentsService = ReturnType<typeof createJobPaymentsService>;
