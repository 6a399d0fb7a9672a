/**
 * Part of the composition root (services.ts): contractor onboarding and verification (the
 * contractor tables' one writer; auth, which owns users, sets the wizard's password and makes an
 * applicant a contractor), their banking, and the payouts to them.
 */
import type { AuthService } from './features/auth/auth.service';
import { createContractorBankingService } from './features/contractors/banking.service';
import { createStripeConnect } from './features/contractors/connected-accounts';
import { createContractorsRepo } from './features/contractors/contractors.repo';
import { createContractorsService } from './features/contractors/contractors.service';
import { createContractorDocumentsService } from './features/contractors/documents.service';
import { createContractorSetupService } from './features/contractors/setup-steps.service';
import { createContractorVerificationService } from './features/contractors/verification.service';
import type { NotificationsService } from './features/notifications/notifications.service';
import { createSandboxTransport, createStripeTransport } from './features/payouts/payout-transport';
import { createPayoutsService } from './features/payouts/payouts.service';
import type { Platform } from './platform/platform';

export function createContractorServices(
  platform: Platform,
  deps: { auth: AuthService; notifications: NotificationsService },
) {
  const { db, config, logger, storage, jobs, mailer, bus } = platform;
  const { auth, notifications } = deps;
  // contractor onboarding and verification: the contractor tables' one writer; auth (which owns
  // users) sets the wizard's password and makes an applicant a contractor
  const contractorDeps = {
    repo: createContractorsRepo(db),
    config,
    storage,
    mailer,
    logger,
    accounts: auth,
    notifications,
    bus,
    // a decided bank change lifts the payout hold: the payouts feature sends what it held
    payoutHoldLifted: () => payouts.kick(),
    // with Stripe keys, the contractor's Connect Custom account (payouts are transferred to it)
    connect: config.stripe.secretKey
      ? createStripeConnect({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase })
      : undefined,
  };
  const contractors = createContractorsService(contractorDeps);
  const contractorSetup = createContractorSetupService(contractorDeps);
  const contractorBanking = createContractorBankingService(contractorDeps);
  const contractorDocuments = createContractorDocumentsService(contractorDeps);
  const contractorVerification = createContractorVerificationService(contractorDeps);
  // payouts (issue 25 #4, #5): 88 % of each job payment to the contractor's account from the
  // payment set-up (Stripe Connect transfers with keys, recorded sandbox transfers without), held
  // while a bank change awaits review; the payments feature calls recordPaymentReceived and
  // recordRefund in its own transaction, then kick()
  const payouts = createPayoutsService({
    db,
    jobs,
    logger,
    transport: config.stripe.secretKey
      ? createStripeTransport({ secretKey: config.stripe.secretKey, apiBase: config.stripe.apiBase })
      : createSandboxTransport(db),
    accountOf: (contractorId) => contractorBanking.payoutAccountOf(contractorId),
    ensureConnectedAccount: (contractorId) => contractorBanking.ensureConnectedAccount(contractorId),
    connectVerification: config.stripe.secretKey ? contractorBanking.connectedAccountStatus : undefined,
  });
  return {
    contractors,
    contractorSetup,
    contractorBanking,
    contractorDocuments,
    contractorVerification,
    payouts,
  };
}
