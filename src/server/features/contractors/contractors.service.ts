import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { bankChangeMessages } from '../../../domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '../../../domain/contractors/credentials';
import {
  type ContractorApplication,
  type ContractorApplicationResponse,
  travelDistanceOf,
} from '../../../domain/contractors/onboarding';
import { onboardingMessages } from '../../../domain/contractors/onboarding-fields';
import { contractorProfileMessages } from '../../../domain/contractors/profile';
import type { PasswordSetup, SetupStepResponse } from '../../../domain/contractors/profile-wizard';
import type { SessionUser } from '../../platform/auth/session-store';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AuthService } from '../auth';
import type { NotificationsService } from '../notifications';
import type { ConnectProvider } from './connected-accounts';
import type { ProfileRow } from './contractor-detail';
import { addressParts, advanced, createContractorLookups, stepAnswer } from './contractor-lookups';
import type { ContractorsRepo } from './contractors.repo';

/** Messages of the server's own refusals (the spec's field messages are in onboarding.ts). */
export const contractorServiceMessages = {
  licensesFirst: 'Please save your licence information first (step 2), then your insurance.',
  bankingFirst: 'Please save your banking information first, then your tax information.',
  licenseStateMismatch: 'This licence is listed under another state.',
  adminCannotApply: 'Admin accounts cannot apply as contractors. Please apply with another account.',
} as const;

/** The auth service's part this feature uses: auth owns users and their passwords. */
export type ContractorAccounts = Pick<
  AuthService,
  'setPassword' | 'becomeContractor' | 'checkCurrentPassword' | 'hasPassword'
>;

export interface ContractorsDeps {
  repo: ContractorsRepo;
  config: Pick<Config, 'encryptionKey' | 'publicUrl' | 'brandName' | 'supportEmail'>;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  accounts: ContractorAccounts;
  /** The notification centre (services.ts); the decision is mailed directly without it (CLI, tests). */
  notifications?: Pick<NotificationsService, 'stage'>;
  /** Real-time events to the contractor's open pages (services.ts); none without it (CLI, tests). */
  bus?: EventBus;
  /** Told once a bank-change decision lifted a payout hold (services.ts: the payouts feature sends what it held). */
  payoutHoldLifted?: (contractorId: string) => Promise<void>;
  /** Stripe Connect Custom accounts (services.ts, with Stripe keys); none in the sandbox. */
  connect?: ConnectProvider;
}

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** A refused current password: 403 with the message on the field (the session is real, the proof is not). */
export class CurrentPasswordError extends AppError {
  constructor(message: string = bankChangeMessages.currentPasswordWrong) {
    super(403, message, { currentPassword: [message] });
  }
}

/** One uploaded document as the route read it: the form's fields and the file, cut at the limit. */
export interface IncomingDocument {
  fields: Record<string, string>;
  file: { fileName: string; data: Buffer } | null;
}

export interface StoredDocumentBody {
  fileName: string;
  contentType: string;
  size: number;
  etag: string;
  read(): Promise<Readable>;
}

/**
 * Contractor onboarding (issue 11): the application and the password step of the wizard; the
 * other steps, the documents, the bank changes and the admins' verification are services of
 * their own (setup-steps, documents, banking, verification), all built in services.ts. The
 * contractors repo is the one writer of the contractor tables.
 */
export function createContractorsService(deps: ContractorsDeps) {
  const { repo, accounts } = deps;
  const { detailOf } = createContractorLookups(repo);

  return {
    /** The signed-in user's contractor profile row, or a 404 telling them to apply first. */
    async profileForSteps(userId: string): Promise<ProfileRow> {
      const profile = await repo.profileOfUser(userId);
      if (!profile) throw new NotFoundError(onboardingMessages.noProfile);
      return profile;
    },

    /** GET /api/contractor/profile: the whole profile (spec 2 §7's fields and everything submitted). */
    async ownProfile(userId: string): Promise<ContractorProfileDetail> {
      const profile = await repo.profileOfUser(userId);
      if (!profile) throw new NotFoundError(contractorProfileMessages.notFound);
      return detailOf(profile);
    },

    /**
     * POST /api/contractor-application: the user's contractor profile (verification pending) and
     * their account becomes a contractor's. Applying again answers the profile they have; the
     * unique index on user_id keeps it one profile under concurrency too.
     */
    async apply(
      user: SessionUser,
      input: ContractorApplication,
      meta: RequestMeta = {},
    ): Promise<ContractorApplicationResponse> {
      const place = addressParts(input.businessAddress);
      // an account that chose its password when registering is not asked for one again: the
      // wizard's first step (Set Password) is done already; it stays for accounts without one
      const hasPassword = await accounts.hasPassword(user.id);
      const created = await repo.insertProfileIfAbsent(
        {
          userId: user.id,
          companyName: input.companyName,
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone,
          businessAddress: input.businessAddress,
          businessCity: place?.city ?? null,
          businessState: place?.state ?? null,
          businessZip: place?.zip ?? null,
          website: input.website ?? null,
          workingStates: input.workingStates,
          travelDistance: travelDistanceOf(input),
          verificationStatus: 'pending',
          profileCompletionStatus: hasPassword ? 'password_set' : 'application_submitted',
        },
        {
          actorId: user.id,
          action: 'contractor.applied',
          entityType: 'contractor_profile',
          data: { companyName: input.companyName, workingStates: input.workingStates },
          ip: meta.ip,
        },
      );
      const profile = created ?? (await repo.profileOfUser(user.id));
      if (!profile) throw new Error('contractor profile neither created nor found');
      // also when the profile existed: an earlier attempt may have stopped before this
      await accounts.becomeContractor(user.id, meta);
      const done = profile.profileCompletionStatus === 'insurance_set';
      return {
        redirectTo: !created && done ? '/contractor-dashboard' : '/contractor-profile-setup',
        message: created ? onboardingMessages.applied : onboardingMessages.alreadyApplied,
        contractorId: profile.id,
        created: Boolean(created),
      };
    },

    /** Step 1: the account's password (through auth, which owns it). */
    async setupPassword(
      profile: ProfileRow,
      input: PasswordSetup,
      meta: RequestMeta & { sessionId?: string } = {},
    ): Promise<SetupStepResponse> {
      // after the payment set-up, a session alone cannot replace the password (and with it pass
      // the bank-change check): the current one is asked for, as for bank details
      if (profile.paymentSetupCompleted) {
        if (!input.currentPassword) {
          throw new ValidationError(bankChangeMessages.passwordChangeNeedsCurrent, {
            currentPassword: [bankChangeMessages.passwordChangeNeedsCurrent],
          });
        }
        const ok = await accounts.checkCurrentPassword(profile.userId, input.currentPassword, {
          ip: meta.ip,
        });
        if (!ok) throw new CurrentPasswordError(bankChangeMessages.currentPasswordWrongForPassword);
      }
      await accounts.setPassword(profile.userId, input.password, {
        keepSessionId: meta.sessionId,
        ip: meta.ip,
      });
      const row = await repo.setCompletionStatus(
        profile.id,
        advanced(profile.profileCompletionStatus, 'password_set'),
        {
          actorId: profile.userId,
          action: 'contractor.password_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          ip: meta.ip,
        },
      );
      return stepAnswer(row, onboardingMessages.passwordSet);
    },
  };
}

export type ContractorsService = ReturnType<typeof createContractorsService>;
