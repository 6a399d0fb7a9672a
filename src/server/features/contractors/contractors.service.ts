import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  type BankChange,
  bankChangeMessages,
  type ReviewBankChange,
} from '../../../domain/contractors/bank-changes';
import {
  type ContractorProfileDetail,
  type CredentialKind,
  credentialState,
  datedCredentials,
  type StoredInsurance,
} from '../../../domain/contractors/credentials';
import {
  type BankingSetup,
  CONTRACTOR_DOCUMENT_MAX_BYTES,
  CONTRACTOR_DOCUMENT_TYPES,
  type ContractorApplication,
  type ContractorApplicationResponse,
  type ContractorDocument,
  type ContractorDocumentKind,
  contractorDocumentMessages,
  contractorDocumentUploadFieldsSchema,
  type InsuranceSetup,
  type LicensesSetup,
  onboardingMessages,
  type PasswordSetup,
  type ProfileCompletionStatus,
  profileCompletionSteps,
  type SetupStepResponse,
  type TaxInfo,
  travelDistanceOf,
  type VerifyContractor,
} from '../../../domain/contractors/onboarding';
import { contractorProfileMessages } from '../../../domain/contractors/profile';
import { toFieldErrors } from '../../../domain/errors';
import { safeFileName } from '../../../domain/projects/project-files';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import { decryptSecret, encryptSecret, lastFour } from '../../platform/crypto';
import type { Db } from '../../platform/db/index';
import {
  AppError,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from '../../platform/errors';
import { checkFileContent, refusedFileError } from '../../platform/files/file-content';
import type { Mailer } from '../../platform/mail/types';
import type { FileStorage } from '../../platform/storage/file-storage';
import type { AuthService } from '../auth/auth.service';
import {
  type ProfileRow,
  readInsurance,
  toBankAccountSummary,
  toContractorDocument,
  toProfileDetail,
} from './contractor-detail';
import {
  bankChangeDecisionMail,
  bankChangeRequestedMail,
  expiryNoticeMail,
  type MailRecipient,
  verificationDecisionMail,
} from './contractor-mail';
import {
  type BankChangeForReview,
  createContractorsRepo,
  type NewLicense,
  type NewNotice,
} from './contractors.repo';

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
  'setPassword' | 'becomeContractor' | 'checkCurrentPassword'
>;

export interface ContractorsDeps {
  db: Db;
  config: Pick<Config, 'encryptionKey' | 'publicUrl' | 'brandName' | 'supportEmail'>;
  storage: FileStorage;
  mailer: Mailer;
  logger: Logger;
  accounts: ContractorAccounts;
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

const uuid = z.uuid();
const EXPIRY_PAGE = 200;

/** The later of two completion statuses: the wizard's progress never moves backwards. */
function advanced(current: string, step: ProfileCompletionStatus): ProfileCompletionStatus {
  const at = profileCompletionSteps.indexOf(current as ProfileCompletionStatus);
  const to = profileCompletionSteps.indexOf(step);
  return at > to ? (current as ProfileCompletionStatus) : step;
}

function reached(current: string, step: ProfileCompletionStatus): boolean {
  return (
    profileCompletionSteps.indexOf(current as ProfileCompletionStatus) >= profileCompletionSteps.indexOf(step)
  );
}

function stepAnswer(
  profile: ProfileRow,
  message: string,
  redirectTo?: string,
  extra: Pick<SetupStepResponse, 'bankChangePending'> = {},
): SetupStepResponse {
  return {
    message,
    profileCompletionStatus: profile.profileCompletionStatus,
    verificationStatus: profile.verificationStatus,
    paymentSetupCompleted: profile.paymentSetupCompleted,
    ...(redirectTo ? { redirectTo } : {}),
    ...extra,
  };
}

/** "1845 Ross Ave, Dallas, TX 75201": city, state code and ZIP at the end of an address, when written so. */
export function addressParts(address: string): { city: string; state: string; zip: string } | null {
  const m = /,\s*([^,]+?),\s*([A-Za-z]{2})\s+(\d{5})(?:-\d{4})?\s*$/.exec(address);
  if (!m?.[1] || !m[2] || !m[3]) return null;
  return { city: m[1].trim(), state: m[2].toUpperCase(), zip: m[3] };
}

/**
 * Contractor onboarding and verification (issue 11): the application, the profile and payment
 * wizards, licence and insurance documents, the admins' review and decision, and the daily
 * check of expiring credentials. The one writer of the contractor tables.
 */
export function createContractorsService(deps: ContractorsDeps) {
  const { db, config, storage, mailer, logger, accounts } = deps;
  const repo = createContractorsRepo(db);

  async function detailOf(profile: ProfileRow, now = new Date()): Promise<ContractorProfileDetail> {
    const [parts] = await repo.partsOf([profile]);
    if (!parts) throw new Error('profile parts missing');
    return toProfileDetail(parts, now);
  }

  async function recipientOf(profile: ProfileRow): Promise<MailRecipient> {
    const user = await repo.userOf(profile.userId);
    return {
      email: user?.email ?? profile.contactEmail,
      firstName: user?.firstName ?? null,
      contactEmail: profile.contactEmail,
      contactName: profile.contactName,
      companyName: profile.companyName,
    };
  }

  /** The contractor's own uploads among the ids given; a foreign or unknown id is a field error. */
  async function ownDocuments(
    contractorId: string,
    wanted: { field: string; id: string | undefined }[],
  ): Promise<Map<string, { fileName: string }>> {
    const ids = [...new Set(wanted.flatMap((w) => (w.id ? [w.id] : [])))];
    const found = new Map((await repo.documentsOfContractor(contractorId, ids)).map((d) => [d.id, d]));
    const fieldErrors: Record<string, string[]> = {};
    for (const w of wanted) {
      if (w.id && !found.has(w.id)) fieldErrors[w.field] = [onboardingMessages.documentNotFound];
    }
    if (Object.keys(fieldErrors).length > 0) {
      throw new ValidationError(onboardingMessages.documentNotFound, fieldErrors);
    }
    return found;
  }

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
        bankName: input.bankName,
        accountType: input.accountType,
        accountHolderName: input.accountHolderName,
        routingNumberEncrypted: encryptSecret(key, input.routingNumber),
        accountNumberEncrypted: encryptSecret(key, input.accountNumber),
        routingNumberLast4: lastFour(input.routingNumber),
        accountNumberLast4: lastFour(input.accountNumber),
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
          profileCompletionStatus: 'application_submitted',
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

    /**
     * Step 2: one licence per working state, keyed by state name; they replace the stored ones.
     * A working state without an entry, or an entry for another state, is a field error.
     */
    async setupLicenses(
      profile: ProfileRow,
      input: LicensesSetup,
      meta: RequestMeta = {},
    ): Promise<SetupStepResponse> {
      const fieldErrors: Record<string, string[]> = {};
      for (const state of profile.workingStates) {
        if (!input[state]) {
          fieldErrors[state] = [onboardingMessages.licenseMissingState.replace('{state}', state)];
        }
      }
      for (const [key, entry] of Object.entries(input)) {
        if (!profile.workingStates.includes(key))
          fieldErrors[key] = [onboardingMessages.licenseNotWorkingState];
        else if (entry.state !== key)
          fieldErrors[`${key}.state`] = [contractorServiceMessages.licenseStateMismatch];
      }
      if (Object.keys(fieldErrors).length > 0) {
        const first = Object.values(fieldErrors)[0]?.[0] ?? onboardingMessages.licensesRequired;
        throw new ValidationError(first, fieldErrors);
      }
      const docs = await ownDocuments(
        profile.id,
        Object.entries(input).map(([state, e]) => ({
          field: `${state}.licenseDocumentId`,
          id: e.licenseDocumentId,
        })),
      );
      const now = new Date();
      const rows: NewLicense[] = profile.workingStates.flatMap((state) => {
        const e = input[state];
        if (!e) return [];
        const docName = e.licenseDocumentId ? docs.get(e.licenseDocumentId)?.fileName : undefined;
        return [
          {
            contractorId: profile.id,
            state,
            noLicenseRequired: e.noLicenseRequired,
            licenseNumber: e.noLicenseRequired ? null : (e.licenseNumber ?? null),
            licenseType: e.noLicenseRequired ? null : (e.licenseType ?? null),
            expirationDate: e.noLicenseRequired ? null : (e.expirationDate ?? null),
            licenseDocument: e.licenseDocument ?? docName ?? null,
            licenseDocumentId: e.licenseDocumentId ?? null,
            createdAt: now,
            updatedAt: now,
          },
        ];
      });
      const row = await repo.replaceLicenses(
        profile.id,
        rows,
        advanced(profile.profileCompletionStatus, 'licenses_set'),
        {
          actorId: profile.userId,
          action: 'contractor.licenses_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: {
            states: rows.map((r) => r.state),
            noLicenseRequired: rows.filter((r) => r.noLicenseRequired).map((r) => r.state),
          },
          ip: meta.ip,
        },
      );
      return stepAnswer(row, onboardingMessages.licensesSaved);
    },

    /**
     * Step 3: general liability, workers' compensation and bonding. The profile is then complete
     * and goes to the admins (pending_verification), also after a rejection.
     */
    async setupInsurance(
      profile: ProfileRow,
      input: InsuranceSetup,
      meta: RequestMeta = {},
    ): Promise<SetupStepResponse> {
      if (!reached(profile.profileCompletionStatus, 'licenses_set')) {
        throw new ValidationError(contractorServiceMessages.licensesFirst);
      }
      const gl = input.generalLiability;
      const wc = input.workersCompensation;
      const bond = input.bonding;
      const docs = await ownDocuments(profile.id, [
        { field: 'generalLiability.documentId', id: gl.documentId },
        { field: 'workersCompensation.documentId', id: wc.notRequired ? undefined : wc.documentId },
        { field: 'bonding.documentId', id: bond.notRequired ? undefined : bond.documentId },
      ]);
      const nameOf = (document: string | undefined, documentId: string | undefined) =>
        document ?? (documentId ? docs.get(documentId)?.fileName : undefined) ?? null;
      const insurance: StoredInsurance = {
        generalLiability: {
          carrier: gl.carrier,
          policyNumber: gl.policyNumber,
          expirationDate: gl.expirationDate,
          coverageAmount: gl.coverageAmount,
          document: nameOf(gl.document, gl.documentId),
          documentId: gl.documentId ?? null,
        },
        workersCompensation: wc.notRequired
          ? { notRequired: true }
          : {
              notRequired: false,
              carrier: wc.carrier ?? '',
              policyNumber: wc.policyNumber ?? '',
              expirationDate: wc.expirationDate ?? '',
              document: nameOf(wc.document, wc.documentId),
              documentId: wc.documentId ?? null,
            },
        bonding: bond.notRequired
          ? { notRequired: true }
          : {
              notRequired: false,
              carrier: bond.carrier ?? '',
              bondAmount: bond.bondAmount ?? 0,
              expirationDate: bond.expirationDate ?? null,
              document: nameOf(bond.document, bond.documentId),
              documentId: bond.documentId ?? null,
            },
      };
      const row = await repo.saveInsurance(
        profile.id,
        insurance,
        advanced(profile.profileCompletionStatus, 'insurance_set'),
        (before, after) => ({
          actorId: profile.userId,
          action: 'contractor.insurance_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: {
            generalLiabilityExpires: gl.expirationDate,
            workersCompensation: wc.notRequired ? 'not_required' : wc.expirationDate,
            bonding: bond.notRequired ? 'not_required' : 'provided',
            verificationStatus: { before, after },
          },
          ip: meta.ip,
        }),
      );
      return stepAnswer(row, onboardingMessages.profileComplete, '/contractor-dashboard');
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
          bankName: input.bankName,
          accountType: input.accountType,
          accountHolderName: input.accountHolderName,
          routingNumberEncrypted: encryptSecret(key, input.routingNumber),
          accountNumberEncrypted: encryptSecret(key, input.accountNumber),
          routingNumberLast4: lastFour(input.routingNumber),
          accountNumberLast4: lastFour(input.accountNumber),
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
      return stepAnswer(row, onboardingMessages.bankingSaved, '/contractor-banking-setup?step=2');
    },

    /** Payment step 2: the 1099 details; EIN and SSN encrypted, last four kept; needs banking first. */
    async setupTax(profile: ProfileRow, input: TaxInfo, meta: RequestMeta = {}): Promise<SetupStepResponse> {
      if (!(await repo.bankingOf(profile.id)))
        throw new ValidationError(contractorServiceMessages.bankingFirst);
      const docs = await ownDocuments(profile.id, [{ field: 'w9DocumentId', id: input.w9DocumentId }]);
      const key = config.encryptionKey;
      const now = new Date();
      const row = await repo.upsertTax(
        {
          contractorId: profile.id,
          businessName: input.businessName,
          businessType: input.businessType,
          businessAddress: input.businessAddress,
          businessCity: input.businessCity,
          businessState: input.businessState,
          businessZip: input.businessZip,
          einEncrypted: input.ein ? encryptSecret(key, input.ein) : null,
          ssnEncrypted: input.ssn ? encryptSecret(key, input.ssn) : null,
          einLast4: input.ein ? lastFour(input.ein) : null,
          ssnLast4: input.ssn ? lastFour(input.ssn) : null,
          w9Document:
            input.w9Document ??
            (input.w9DocumentId ? docs.get(input.w9DocumentId)?.fileName : undefined) ??
            null,
          createdAt: now,
          updatedAt: now,
        },
        {
          actorId: profile.userId,
          action: 'contractor.tax_set',
          entityType: 'contractor_profile',
          entityId: profile.id,
          data: { businessType: input.businessType, ein: Boolean(input.ein), ssn: Boolean(input.ssn) },
          ip: meta.ip,
        },
      );
      return stepAnswer(row, onboardingMessages.setupComplete, '/contractor-dashboard');
    },

    /**
     * POST /api/contractor/documents: one licence, insurance or W-9 file, its type read from its
     * bytes (PDF, JPEG, PNG), at most 10 MB, stored under ids only, with its row and audit entry.
     */
    async uploadDocument(
      profile: ProfileRow,
      incoming: IncomingDocument,
      meta: RequestMeta = {},
    ): Promise<ContractorDocument> {
      const fields = contractorDocumentUploadFieldsSchema.safeParse(incoming.fields);
      if (!fields.success) {
        const fieldErrors = toFieldErrors(fields.error);
        throw new ValidationError(
          Object.values(fieldErrors)[0]?.[0] ?? contractorDocumentMessages.kind,
          fieldErrors,
        );
      }
      const file = incoming.file;
      if (!file || file.data.length === 0) {
        throw new ValidationError(contractorDocumentMessages.missing, {
          file: [contractorDocumentMessages.missing],
        });
      }
      if (file.data.length > CONTRACTOR_DOCUMENT_MAX_BYTES) {
        throw new PayloadTooLargeError(contractorDocumentMessages.tooLarge);
      }
      // the type from the first bytes, then the whole file parsed as that type
      const checked = await checkFileContent(file.data, CONTRACTOR_DOCUMENT_TYPES);
      if (!checked.ok) {
        logger.info(
          {
            contractorId: profile.id,
            reason: checked.reason,
            ...('detail' in checked ? { detail: checked.detail } : {}),
          },
          'contractor document refused',
        );
        throw refusedFileError(checked, contractorDocumentMessages.type);
      }
      const { contentType } = checked;
      const kind: ContractorDocumentKind = fields.data.kind;
      const id = randomUUID();
      // the key is made of ids only: a file's own name never reaches the file system
      const storageKey = `contractors/${profile.id}/${id}`;
      await storage.put(storageKey, file.data);
      try {
        const row = await repo.insertDocument(
          {
            id,
            contractorId: profile.id,
            kind,
            state: fields.data.state ?? null,
            fileName: safeFileName(file.fileName, contentType, kind.replace(/_/g, '-')),
            contentType,
            size: file.data.length,
            storageKey,
          },
          {
            actorId: profile.userId,
            action: 'contractor.document_uploaded',
            entityType: 'contractor_profile',
            entityId: profile.id,
            data: {
              documentId: id,
              kind,
              state: fields.data.state ?? null,
              contentType,
              bytes: file.data.length,
            },
            ip: meta.ip,
          },
        );
        return toContractorDocument(row);
      } catch (err) {
        await storage
          .delete(storageKey)
          .catch((e) => logger.error({ err: e, storageKey }, 'orphan document not removed'));
        throw err;
      }
    },

    /** GET /api/contractor/documents/{id}: the file, to its contractor and to admins; 404 to anyone else. */
    async openDocument(user: SessionUser, documentId: string): Promise<StoredDocumentBody> {
      const notFound = () => new NotFoundError(contractorDocumentMessages.notFound);
      if (!uuid.safeParse(documentId).success) throw notFound();
      const row = await repo.documentById(documentId);
      if (!row) throw notFound();
      if (user.userType !== 'admin') {
        const own = await repo.profileOfUser(user.id);
        if (!own || own.id !== row.contractorId) throw notFound();
      }
      return {
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        etag: `"${row.id}"`,
        read: async () => {
          if (!(await storage.exists(row.storageKey))) {
            logger.error({ documentId: row.id }, 'contractor document missing from storage');
            throw notFound();
          }
          return storage.stream(row.storageKey);
        },
      };
    },

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
      if (decided.mailId) {
        await mailer
          .queue(decided.mailId)
          .catch((err) => logger.error({ err, changeId }, 'bank change decision mail not queued'));
      }
      return detailOf(decided.profile);
    },

    /** GET /api/contractors: every contractor, newest first, in full (secrets as their last four only). */
    async all(now = new Date()): Promise<ContractorProfileDetail[]> {
      const parts = await repo.partsOf(await repo.allProfiles());
      return parts.map((p) => toProfileDetail(p, now));
    },

    /** GET /api/admin/contractors/pending: applications awaiting a decision, oldest first, in full. */
    async pending(now = new Date()): Promise<ContractorProfileDetail[]> {
      const parts = await repo.partsOf(await repo.pendingProfiles());
      return parts.map((p) => toProfileDetail(p, now));
    },

    /**
     * POST /api/admin/contractors/{id}/verify: verified or rejected, with notes; who and when are
     * kept, the decision audited and mailed to the contractor (in the same transaction).
     */
    async verify(
      admin: SessionUser,
      contractorId: string,
      input: VerifyContractor,
      meta: RequestMeta = {},
    ): Promise<ContractorProfileDetail> {
      const notFound = () => new NotFoundError(onboardingMessages.adminNotFound);
      if (!uuid.safeParse(contractorId).success) throw notFound();
      const existing = await repo.profileById(contractorId);
      if (!existing) throw notFound();
      const recipient = await recipientOf(existing);
      const notes = input.notes ?? null;
      const decided = await repo.decide(
        contractorId,
        { status: input.status, notes, adminId: admin.id, at: new Date() },
        {
          actorId: admin.id,
          action: input.status === 'verified' ? 'contractor.verified' : 'contractor.rejected',
          entityType: 'contractor_profile',
          entityId: contractorId,
          data: { status: input.status, previousStatus: existing.verificationStatus, notes },
          ip: meta.ip,
        },
        (tx) =>
          mailer.storeIn(tx, verificationDecisionMail(recipient, { status: input.status, notes }, config)),
      );
      if (!decided) throw notFound();
      if (decided.mailId) {
        await mailer
          .queue(decided.mailId)
          .catch((err) => logger.error({ err, contractorId }, 'verification mail not queued'));
      }
      return detailOf(decided.profile);
    },

    /**
     * The daily expiry check (job contractors.expiry): every licence and policy that expires within
     * 30 days or has expired, as of `now`, is recorded once per credential and status, and the
     * contractor gets one mail about those new since the last check. Answers what it did.
     */
    async checkExpiries(
      now: Date = new Date(),
    ): Promise<{ contractors: number; notices: number; mails: number }> {
      let afterId: string | null = null;
      let contractors = 0;
      let notices = 0;
      let mails = 0;
      for (;;) {
        const page = await repo.watchedProfiles(afterId, EXPIRY_PAGE);
        if (page.length === 0) break;
        afterId = page[page.length - 1]?.id ?? null;
        const licenses = await repo.licensesOfMany(page.map((p) => p.id));
        for (const profile of page) {
          contractors++;
          const due: NewNotice[] = datedCredentials(
            licenses.filter((l) => l.contractorId === profile.id),
            readInsurance(profile.insuranceData),
          ).flatMap((c) => {
            const status = credentialState(c.expirationDate, now);
            return status === 'valid'
              ? []
              : [
                  {
                    contractorId: profile.id,
                    kind: c.kind,
                    state: c.state,
                    expirationDate: c.expirationDate,
                    status,
                    notifiedAt: now,
                  },
                ];
          });
          if (due.length === 0) continue;
          try {
            const recipient = await recipientOf(profile);
            const result = await repo.recordNotices(due, (tx, fresh) =>
              mailer.storeIn(
                tx,
                expiryNoticeMail(
                  recipient,
                  fresh.map((n) => ({ ...n, kind: n.kind as CredentialKind })),
                  config,
                ),
              ),
            );
            notices += result.fresh.length;
            if (result.mailId) {
              mails++;
              await mailer
                .queue(result.mailId)
                .catch((err) => logger.error({ err, contractorId: profile.id }, 'expiry mail not queued'));
            }
          } catch (err) {
            // one contractor's failure does not stop the others; the next run tries again
            logger.error({ err, contractorId: profile.id }, 'expiry check failed for a contractor');
          }
        }
        if (page.length < EXPIRY_PAGE) break;
      }
      if (notices > 0) logger.info({ notices, mails }, 'contractor credential expiry notices sent');
      return { contractors, notices, mails };
    },
  };
}

export type ContractorsService = ReturnType<typeof createContractorsService>;
