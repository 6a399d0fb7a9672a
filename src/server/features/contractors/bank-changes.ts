import { z } from 'zod';
import {
  type BankChange,
  bankChangeMessages,
  type ReviewBankChange,
} from '../../../domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '../../../domain/contractors/credentials';
import type { BankingSetup } from '../../../domain/contractors/payment-wizard';
import type { SetupStepResponse } from '../../../domain/contractors/profile-wizard';
import type { SessionUser } from '../../platform/auth/session-store';
import { decryptSecret, encryptSecret, lastFour } from '../../platform/crypto';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import type { BankChangeForReview } from './banking.repo';
import type { ConnectedAccounts } from './connected-accounts';
import { type ProfileRow, toBankAccountSummary } from './contractor-detail';
import { createContractorLookups, stepAnswer } from './contractor-lookups';
import { bankChangeDecisionMail, bankChangeRequestedMail } from './contractor-mail';
import { type ContractorsDeps, CurrentPasswordError, type RequestMeta } from './contractors.service';

const uuid = z.uuid();
const USER_AGENT_MAX = 500;

function toBankChange(r: BankChangeForReview): BankChange {
  return {
    id: r.change.id,
    contractorId: r.profile.id,
    companyName: r.profile.companyName,
    contactName: r.profile.contactName,
    accountEmail: r.user.email,
    status: r.change.status,
    requestedAt: r.change.requestedAt.toISOString(),
    requestIp: r.change.requestIp,
    requestUserAgent: r.change.requestUserAgent,
    current: r.current ? toBankAccountSummary(r.current) : null,
    requested: toBankAccountSummary(r.change),
    reviewedAt: r.change.reviewedAt ? r.change.reviewedAt.toISOString() : null,
    reviewNotes: r.change.reviewNotes,
  };
}

/** A bank account as stored: the numbers encrypted, their last four digits beside them (setup and change). */
export function storedBankAccount(key: Buffer, input: BankingSetup) {
  return {
    bankName: input.bankName,
    accountType: input.accountType,
    accountHolderName: input.accountHolderName,
    routingNumberEncrypted: encryptSecret(key, input.routingNumber),
    accountNumberEncrypted: encryptSecret(key, input.accountNumber),
    routingNumberLast4: lastFour(input.routingNumber),
    accountNumberLast4: lastFour(input.accountNumber),
  };
}

/**
 * Changes of bank details after the payment set-up (banking.service.ts builds this): the
 * contractor's request, held for review, and the admins' list and decision.
 */
export function createBankChanges(deps: ContractorsDeps, connected: Pick<ConnectedAccounts, 'refresh'>) {
  const { repo, config, mailer, logger, accounts } = deps;
  const { detailOf, recipientOf } = createContractorLookups(repo);

  /**
   * New bank details after the payment set-up (issue 21 item 4): the current password first (a
   * wrong one counts as a failed sign-in, see auth), then a pending change beside the account in
   * force, payouts held, the account mailed, and an audit row saying who, what (field names, never
   * numbers), when and from where. The admins approve or reject it (reviewBankChange).
   */
  async function requestBankChange(
    profile: ProfileRow,
    input: BankingSetup,
    meta: RequestMeta,
  ): Promise<SetupStepResponse> {
    if (!input.currentPassword) {
      throw new ValidationError(bankChangeMessages.currentPasswordRequired, {
        currentPassword: [bankChangeMessages.currentPasswordRequired],
      });
    }
    if (!(await accounts.checkCurrentPassword(profile.userId, input.currentPassword, { ip: meta.ip }))) {
      throw new CurrentPasswordError();
    }
    const key = config.encryptionKey;
    const current = await repo.bankingOf(profile.id);
    const same = (stored: string | undefined, typed: string) => {
      if (stored === undefined) return false;
      try {
        return decryptSecret(key, stored) === typed;
      } catch {
        return false;
      }
    };
    const changed = [
      current?.bankName === input.bankName ? null : 'bankName',
      current?.accountType === input.accountType ? null : 'accountType',
      current?.accountHolderName === input.accountHolderName ? null : 'accountHolderName',
      same(current?.routingNumberEncrypted, input.routingNumber) ? null : 'routingNumber',
      same(current?.accountNumberEncrypted, input.accountNumber) ? null : 'accountNumber',
    ].filter((f): f is string => f !== null);
    const recipient = await recipientOf(profile);
    const requestedAt = new Date();
    const userAgent = meta.userAgent ? meta.userAgent.slice(0, USER_AGENT_MAX) : null;
    const result = await repo.requestBankChange(
      {
        contractorId: profile.id,
        ...storedBankAccount(key, input),
        requestedBy: profile.userId,
        requestedAt,
        requestIp: meta.ip ?? null,
        requestUserAgent: userAgent,
      },
      (superseded, change) => ({
        actorId: profile.userId,
        action: 'contractor.bank_change_requested',
        entityType: 'contractor_profile',
        entityId: profile.id,
        data: {
          changeId: change.id,
          changed,
          bankName: input.bankName,
          accountType: input.accountType,
          previousBankName: current?.bankName ?? null,
          userAgent,
          payoutsOnHold: true,
          ...(superseded.length > 0 ? { superseded } : {}),
        },
        ip: meta.ip,
      }),
      (tx) =>
        mailer.storeIn(
          tx,
          bankChangeRequestedMail(
            recipient,
            {
              bankName: input.bankName,
              accountNumberLast4: lastFour(input.accountNumber),
              currentBankName: current?.bankName ?? null,
              currentAccountNumberLast4: current?.accountNumberLast4 ?? null,
              requestedAt,
              ip: meta.ip ?? null,
            },
            config,
          ),
        ),
    );
    if (result.mailId) {
      await mailer
        .queue(result.mailId)
        .catch((err) => logger.error({ err, contractorId: profile.id }, 'bank change mail not queued'));
    }
    return stepAnswer(result.profile, bankChangeMessages.requested, '/contractor/profile', {
      bankChangePending: true,
    });
  }

  return {
    requestBankChange,

    /** GET /api/admin/contractors/bank-changes: changes of bank details awaiting review, oldest first. */
    async pendingBankChanges(): Promise<BankChange[]> {
      return (await repo.pendingBankChanges()).map(toBankChange);
    },

    /**
     * POST /api/admin/contractors/bank-changes/{id}/review: approved, the new account replaces the
     * one in force; rejected, the old one stays. Either way the payout hold is lifted, the decision
     * kept (who, when, notes), audited and mailed to the contractor. A change no longer pending
     * (decided, or replaced by a newer request) answers 409.
     */
    async reviewBankChange(
      admin: SessionUser,
      changeId: string,
      input: ReviewBankChange,
      meta: RequestMeta = {},
    ): Promise<ContractorProfileDetail> {
      const notFound = () => new NotFoundError(bankChangeMessages.notFound);
      if (!uuid.safeParse(changeId).success) throw notFound();
      const change = await repo.bankChangeById(changeId);
      if (!change) throw notFound();
      if (change.status !== 'pending') throw new ConflictError(bankChangeMessages.alreadyReviewed);
      const profile = await repo.profileById(change.contractorId);
      if (!profile) throw notFound();
      const [recipient, current] = await Promise.all([recipientOf(profile), repo.bankingOf(profile.id)]);
      const notes = input.notes ?? null;
      const decided = await repo.reviewBankChange(
        change,
        { status: input.decision, notes, adminId: admin.id, at: new Date() },
        {
          actorId: admin.id,
          action:
            input.decision === 'approved'
              ? 'contractor.bank_change_approved'
              : 'contractor.bank_change_rejected',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: { changeId, decision: input.decision, notes, requestedBy: change.requestedBy },
          ip: meta.ip,
        },
        (tx) =>
          mailer.storeIn(
            tx,
            bankChangeDecisionMail(
              recipient,
              {
                status: input.decision,
                notes,
                bankName: change.bankName,
                accountNumberLast4: change.accountNumberLast4,
                currentBankName: current?.bankName ?? null,
                currentAccountNumberLast4: current?.accountNumberLast4 ?? null,
              },
              config,
            ),
          ),
      );
      if (!decided) throw new ConflictError(bankChangeMessages.alreadyReviewed);
      // the approved account becomes the connected account's (failing, the payouts job retries)
      if (input.decision === 'approved') await connected.refresh(profile.id);
      if (deps.payoutHoldLifted) {
        await deps
          .payoutHoldLifted(profile.id)
          .catch((err) => logger.error({ err, changeId }, 'held payouts not released'));
      }
      if (decided.mailId) {
        await mailer
          .queue(decided.mailId)
          .catch((err) => logger.error({ err, changeId }, 'bank change decision mail not queued'));
      }
      return detailOf(decided.profile);
    },
  };
}
