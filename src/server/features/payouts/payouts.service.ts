import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import {
  type JobPaymentReceived,
  type JobPaymentRefunded,
  jobPaymentReceivedSchema,
  jobPaymentRefundedSchema,
  type MyPayouts,
  type PaymentRow,
  type PayoutAccount,
  type PayoutHoldReason,
  type PayoutListKind,
  type PayoutRow,
  type PayoutTotals,
  payoutMessages,
  type RefundRow,
  verificationMessages,
} from '../../../domain/payouts/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Db } from '../../platform/db/index';
import { ConflictError, ValidationError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { PayoutTransport } from './payout-transport';
import { createPayoutsRepo, type Tx } from './payouts.repo';
import { payoutsCsv } from './payouts-csv';
import {
  type Cursor,
  contractorIdOfUser,
  createPayoutListsRepo,
  decodeCursor,
  encodeCursor,
} from './payouts-lists.repo';

/** How often the sending job runs by itself (held payouts whose hold ended, crash leftovers). */
export const PAYOUT_RUN_INTERVAL_S = 60;

export interface PayoutsDeps {
  db: Db;
  jobs: Pick<JobQueue, 'send'>;
  logger: Logger;
  /** The sandbox's recorded transfers, or Stripe Connect transfers (services.ts chooses). */
  transport: PayoutTransport;
  /** Where the contractor's payouts go (the contractors feature: payment set-up); null: no such contractor. */
  accountOf: (contractorId: string) => Promise<PayoutAccount | null>;
  /**
   * With Stripe keys, makes (or brings up to date) the contractor's connected account (the
   * contractors feature: ensureConnectedAccount); asked before holding a payout for want of one.
   */
  ensureConnectedAccount?: (contractorId: string) => Promise<string | null>;
  /**
   * With Stripe keys, Connect's verification (the contractors feature): `refresh` asks Stripe for
   * the account's status when not known ready (at most once a minute unless forced);
   * `verificationLink` answers Stripe's onboarding page for what is due (null: no account).
   */
  connectVerification?: {
    refresh: (contractorId: string, force?: boolean) => Promise<void>;
    verificationLink: (contractorId: string) => Promise<string | null>;
  };
}

export type PayoutPage =
  | { kind: 'payments'; items: PaymentRow[]; nextCursor: string | null }
  | { kind: 'payouts'; items: PayoutRow[]; nextCursor: string | null }
  | { kind: 'refunds'; items: RefundRow[]; nextCursor: string | null };

/** Why a payout to this account may not be sent now, or null when it may. */
export function holdReasonFor(
  account: PayoutAccount | null,
  transport: Pick<PayoutTransport, 'needsConnectedAccount'>,
): PayoutHoldReason | null {
  if (account?.held) return 'bank_change_review';
  if (!account?.last4) return 'no_bank_account';
  if (transport.needsConnectedAccount && !account.stripeAccountId) return 'no_connected_account';
  if (transport.needsConnectedAccount && account.transfersActive !== true) {
    return 'connected_account_unverified';
  }
  return null;
}

/**
 * Payouts (issue 25 items 4, 5): the ledger of payments received, the contractor's 88 % sent to
 * its account by a background job (held while a bank change awaits review or without an
 * account), refunds taken back from the payouts, and the admins' lists, totals and CSV files.
 */
export function createPayoutsService(deps: PayoutsDeps) {
  const { db, jobs, logger, transport, accountOf, ensureConnectedAccount, connectVerification } = deps;
  const repo = createPayoutsRepo(db);
  const lists = createPayoutListsRepo(db);

  /**
   * One payout: decided under lock, handed to the provider with its id as idempotency key, recorded
   * paid. `connectFailed`: contractors whose connected account Stripe just failed to make in this
   * run (their other payouts stay held without asking Stripe again until the next run).
   */
  async function sendOne(payoutId: string, connectFailed = new Set<string>()): Promise<string> {
    const contractorId = await repo.contractorOf(payoutId);
    if (!contractorId) return 'held';
    let account = await accountOf(contractorId);
    const needsAccount = holdReasonFor(account, transport) === 'no_connected_account';
    if (ensureConnectedAccount && needsAccount && !connectFailed.has(contractorId)) {
      try {
        await ensureConnectedAccount(contractorId);
        account = await accountOf(contractorId);
      } catch (err) {
        connectFailed.add(contractorId);
        // only what the provider said: its error never carries the bank numbers into the log
        const e = err as { type?: unknown; code?: unknown; message?: unknown };
        logger.warn(
          {
            contractorId,
            payoutId,
            error: { type: e?.type, code: e?.code, message: String(e?.message ?? err) },
          },
          'connected account not made; the payout stays held and the next run tries again',
        );
      }
    }
    if (connectVerification && holdReasonFor(account, transport) === 'connected_account_unverified') {
      // Stripe asked (at most once a minute) whether the account may now receive transfers
      await connectVerification.refresh(contractorId);
      account = await accountOf(contractorId);
    }
    const hold = holdReasonFor(account, transport);
    const claim = await repo.claim(payoutId, contractorId, account, hold, transport.name);
    if (claim.action === 'none') return claim.status;
    const { transferId } = await transport.transfer({
      idempotencyKey: claim.payout.id,
      amountCents: claim.netCents,
      accountLast4: claim.payout.accountLast4 ?? account?.last4 ?? '',
      stripeAccountId: account?.stripeAccountId ?? null,
      projectId: claim.payout.projectId,
    });
    await repo.markPaid(payoutId, transferId);
    return 'paid';
  }

  /** With Stripe, the account's verification (asked of Stripe when not ready); null in the sandbox. */
  async function verificationOf(contractorId: string): Promise<MyPayouts['verification']> {
    if (!connectVerification || !transport.needsConnectedAccount) return null;
    await connectVerification.refresh(contractorId);
    const account = await accountOf(contractorId);
    if (!account?.stripeAccountId) return null;
    return { due: account.transfersActive !== true, requirementsDue: account.requirementsDue ?? null };
  }

  function cursorOf(text: string | undefined): Cursor | null {
    if (text === undefined) return null;
    const cursor = decodeCursor(text);
    if (!cursor)
      throw new ValidationError(payoutMessages.cursorInvalid, { cursor: [payoutMessages.cursorInvalid] });
    return cursor;
  }

  async function page(
    kind: PayoutListKind,
    cursorText: string | undefined,
    limit: number,
  ): Promise<PayoutPage> {
    const cursor = cursorOf(cursorText);
    const next = (n: number, last?: Cursor) => (n === limit && last ? encodeCursor(last.at, last.id) : null);
    if (kind === 'payments') {
      const { rows, last } = await lists.payments(cursor, limit);
      return { kind, items: rows, nextCursor: next(rows.length, last) };
    }
    if (kind === 'payouts') {
      const { rows, last } = await lists.payouts(cursor, limit);
      return { kind, items: rows, nextCursor: next(rows.length, last) };
    }
    const { rows, last } = await lists.refunds(cursor, limit);
    return { kind, items: rows, nextCursor: next(rows.length, last) };
  }

  return {
    /**
     * Hook of the payments feature, in the transaction that records a job payment received: the
     * ledger row (fee 12 %, share 88 % rounded down) and the payout, pending. Idempotent by
     * jobPaymentId. Call `kick()` after the commit to send it at once (else the next run sends it).
     */
    async recordPaymentReceived(tx: Tx, e: JobPaymentReceived): Promise<void> {
      await repo.recordPaymentReceived(tx, jobPaymentReceivedSchema.parse(e));
    },

    /**
     * Hook of the payments feature, in the transaction that records a refund: the contractor's
     * share of it taken from the payment's payout if not yet sent, else owed and taken from the
     * next payouts; audited. Idempotent by refundId.
     */
    async recordRefund(tx: Tx, e: JobPaymentRefunded): Promise<void> {
      await repo.recordRefund(tx, jobPaymentRefundedSchema.parse(e));
    },

    /** Asks the sending job to run now (after a payment's commit, or a bank change decided). */
    async kick(): Promise<void> {
      await jobs
        // its own key: the periodic run waiting (key 'payouts.send') does not swallow this one
        .send('payouts.send', {}, { singletonKey: 'payouts.send.now' })
        .then(() => undefined)
        .catch((err) => logger.error({ err }, 'payout run not queued'));
    },

    /** The sending job: every held, pending or sending payout looked at once; one failure stops no other. */
    async runDue(): Promise<{ paid: number; held: number; failed: number }> {
      const out = { paid: 0, held: 0, failed: 0 };
      const connectFailed = new Set<string>();
      for (const id of await repo.dueIds()) {
        try {
          const status = await sendOne(id, connectFailed);
          if (status === 'paid') out.paid += 1;
          if (status === 'held') out.held += 1;
        } catch (err) {
          out.failed += 1;
          logger.error({ err, payoutId: id }, 'payout not sent; the next run tries again');
        }
      }
      return out;
    },

    sendOne,

    /** GET /api/admin/payouts/{kind}: one page, newest first, by cursor. */
    page,

    /** GET /api/admin/payouts/totals. */
    totals(): Promise<PayoutTotals> {
      return lists.totals();
    },

    /** GET /api/admin/payouts/{kind}.csv: every row, streamed page by page. */
    csv(kind: PayoutListKind): Readable {
      return payoutsCsv(kind, (cursor, limit) => page(kind, cursor, limit));
    },

    /** GET /api/contractor/payouts: the contractor's newest payouts and its revenue (paid, net of refunds). */
    async mine(user: SessionUser): Promise<MyPayouts> {
      const contractorId = await contractorIdOfUser(db, user.id);
      if (!contractorId) return { items: [], revenueCents: 0, owedCents: 0, verification: null };
      const [{ rows }, paid, owed, verification] = await Promise.all([
        lists.payouts(null, 50, contractorId),
        lists.paidOutTo(contractorId),
        repo.owedBy(contractorId),
        verificationOf(contractorId),
      ]);
      return {
        items: rows,
        revenueCents: paid - Math.max(0, owed),
        owedCents: Math.max(0, owed),
        verification,
      };
    },

    /** POST /api/contractor/payouts/verification-link: Stripe's onboarding page for what is due. */
    async verificationLink(user: SessionUser): Promise<{ url: string }> {
      if (!connectVerification || !transport.needsConnectedAccount) {
        throw new ConflictError(verificationMessages.notStripe);
      }
      const contractorId = await contractorIdOfUser(db, user.id);
      const url = contractorId ? await connectVerification.verificationLink(contractorId) : null;
      if (!url) throw new ConflictError(verificationMessages.noAccount);
      return { url };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
