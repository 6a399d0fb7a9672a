import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import type { BankingSetup } from '../../../domain/contractors/payment-wizard';
import type { SetupStepResponse } from '../../../domain/contractors/profile-wizard';
import type { PayoutAccount } from '../../../domain/payouts/schemas';
import { createBankChanges, storedBankAccount } from './bank-changes';
import { createConnectedAccounts, syncedAccountOf } from './connected-accounts';
import type { ProfileRow } from './contractor-detail';
import { stepAnswer } from './contractor-lookups';
import type { ContractorsDeps, RequestMeta } from './contractors.service';

/** The payment set-up's bank account, and changes to it after: requested, held, reviewed by admins. */
export function createContractorBankingService(deps: ContractorsDeps) {
  const { repo, config, logger } = deps;
  const connected = createConnectedAccounts({
    repo,
    encryptionKey: config.encryptionKey,
    publicUrl: config.publicUrl,
    logger,
    provider: deps.connect,
  });

  const { requestBankChange, pendingBankChanges, reviewBankChange } = createBankChanges(deps, connected);

  return {
    /**
     * Where the contractor's payouts go (the payouts feature): the bank account in force (last
     * four digits, null without one), whether payouts are held (a bank change awaits review) and,
     * with Stripe keys, the connected account when it pays out to the bank account in force (null
     * before it is made or while its bank account is being replaced). Null: no such contractor.
     */
    async payoutAccountOf(contractorId: string): Promise<PayoutAccount | null> {
      const profile = await repo.profileById(contractorId);
      if (!profile) return null;
      const banking = await repo.bankingOf(contractorId);
      return {
        last4: banking?.accountNumberLast4 ?? null,
        routingLast4: banking?.routingNumberLast4 ?? null,
        held: profile.payoutHoldReason !== null,
        stripeAccountId: syncedAccountOf(banking),
        transfersActive: banking?.stripeTransfersActive ?? null,
        requirementsDue: banking?.stripeRequirementsDue ?? null,
      };
    },

    /** Connect's verification (connected-accounts.ts): refreshStatus, accountUpdated, verificationLink. */
    connectedAccountStatus: {
      refresh: connected.refreshStatus,
      accountUpdated: connected.accountUpdated,
      verificationLink: connected.verificationLink,
    },

    /**
     * With Stripe keys, the contractor's connected account paying out to the bank account in
     * force: made (a Custom account) or its external account replaced when needed, idempotently
     * (the payouts feature asks before holding a payout for want of one). Null in the sandbox or
     * without bank details; throws when Stripe fails (the payout stays held, the next run retries).
     */
    ensureConnectedAccount(contractorId: string): Promise<string | null> {
      return connected.ensure(contractorId);
    },

    /**
     * Payment step 1: bank details; routing and account numbers encrypted, their last four kept.
     * Before the payment set-up is complete they are saved at once. After it, they are a change
     * for the admins to review (requestBankChange): the account in force stays until approved.
     */
    async setupBanking(
      profile: ProfileRow,
      input: BankingSetup,
      meta: RequestMeta = {},
    ): Promise<SetupStepResponse> {
      if (profile.paymentSetupCompleted) return requestBankChange(profile, input, meta);
      const key = config.encryptionKey;
      const now = new Date();
      const row = await repo.upsertBanking(
        {
          contractorId: profile.id,
          ...storedBankAccount(key, input),
          createdAt: now,
          updatedAt: now,
        },
        {
          actorId: profile.userId,
          action: 'contractor.banking_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: { bankName: input.bankName, accountType: input.accountType },
          ip: meta.ip,
        },
      );
      await connected.refresh(profile.id);
      return stepAnswer(row, onboardingMessages.bankingSaved, '/contractor-banking-setup?step=2');
    },

    /** GET /api/admin/contractors/bank-changes (bank-changes.ts). */
    pendingBankChanges,

    /** POST /api/admin/contractors/bank-changes/{id}/review (bank-changes.ts). */
    reviewBankChange,
  };
}

export type ContractorBankingService = ReturnType<typeof createContractorBankingService>;
