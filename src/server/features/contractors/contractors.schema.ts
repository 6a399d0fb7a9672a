/** Contractor profiles, licenses, banking and tax details. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountTypes, bankChangeStatuses } from '../../../domain/contractors/bank-changes';
import { businessTypes } from '../../../domain/contractors/payment-wizard';
import { verificationStatuses } from '../../../domain/contractors/profile';
import { createdAt, id, ts, updatedAt } from '../../platform/db/columns';
import { users } from '../auth/auth.schema';

export const verificationStatus = pgEnum('verification_status', verificationStatuses);

export const accountType = pgEnum('account_type', accountTypes);
export const businessType = pgEnum('business_type', businessTypes);

export const contractorProfiles = pgTable(
  'contractor_profiles',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    contactName: text().notNull(),
    contactEmail: text().notNull(),
    contactPhone: text().notNull(),
    businessAddress: text().notNull(),
    businessCity: text(),
    businessState: text(),
    businessZip: text(),
    website: text(),
    workingStates: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    travelDistance: integer().notNull().default(50),
    specialties: jsonb().$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    yearsExperience: integer().notNull().default(0),
    totalProjects: integer().notNull().default(0),
    isAvailable: boolean().notNull().default(true),
    verificationStatus: verificationStatus().notNull().default('pending'),
    verificationNotes: text(),
    verifiedAt: ts(),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** application_submitted -> password_set -> licenses_set -> insurance_set (profile complete). */
    profileCompletionStatus: text().notNull().default('application_submitted'),
    /** { generalLiability?, workersCompensation?, bonding? } as entered in the insurance step. */
    insuranceData: jsonb().$type<Record<string, unknown>>(),
    paymentSetupCompleted: boolean().notNull().default(false),
    /**
     * Why payouts to this contractor are held, or null when they are not: 'bank_change_review'
     * while a change of bank details awaits an admin (contractor_bank_changes). Payout code pays
     * nothing while it is set (domain/contractors/bank-changes.ts).
     */
    payoutHoldReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contractor_profiles_user_key').on(t.userId),
    index('contractor_profiles_verification_idx').on(t.verificationStatus, t.createdAt),
    // the admins' lists at size (issue 26): keyset pages and case-insensitive prefix search
    index('contractor_profiles_created_id_idx').on(t.createdAt, t.id),
    index('contractor_profiles_company_id_idx').on(t.companyName, t.id),
    index('contractor_profiles_company_search_idx').on(sql`lower(${t.companyName}) text_pattern_ops`),
    index('contractor_profiles_contact_search_idx').on(sql`lower(${t.contactName}) text_pattern_ops`),
    index('contractor_profiles_email_search_idx').on(sql`lower(${t.contactEmail}) text_pattern_ops`),
  ],
);

export const contractorLicenses = pgTable(
  'contractor_licenses',
  {
    id: id(),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    licenseNumber: text(),
    licenseType: text(),
    expirationDate: date(),
    noLicenseRequired: boolean().notNull().default(false),
    /** The uploaded file's name, as the spec keeps it. */
    licenseDocument: text(),
    /** Our stored upload of it (contractor_documents), when uploaded through the API. */
    licenseDocumentId: uuid().references(() => contractorDocuments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contractor_licenses_contractor_state_key').on(t.contractorId, t.state)],
);

/** Secret fields are AES-256-GCM ciphertexts; only the last four digits are kept in clear. */
export const contractorBanking = pgTable('contractor_banking', {
  contractorId: uuid()
    .primaryKey()
    .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
  bankName: text().notNull(),
  accountType: accountType().notNull(),
  accountHolderName: text().notNull(),
  routingNumberEncrypted: text().notNull(),
  accountNumberEncrypted: text().notNull(),
  routingNumberLast4: text().notNull(),
  accountNumberLast4: text().notNull(),
  /**
   * With Stripe keys: the contractor's Stripe Connect Custom account (payouts are transferred
   * to it), made the first time a payout needs it (connected-accounts.ts); null in the sandbox.
   */
  stripeAccountId: text(),
  /**
   * Which bank details the connected account pays out to: a digest of the encrypted numbers
   * (they are re-encrypted, so it changes, at every save). Another value than the details in
   * force means the external account must be replaced before a transfer is sent.
   */
  stripeBankVersion: text(),
  /**
   * Whether Stripe has activated the connected account's `transfers` capability (null: not yet
   * asked). Until it has, payouts are held (connected_account_unverified). Refreshed from
   * accounts.retrieve and from the account.updated webhook.
   */
  stripeTransfersActive: boolean(),
  /** How many of the account's requirements Stripe has currently due (representative, terms...). */
  stripeRequirementsDue: integer(),
  /** When the status above was last asked of Stripe (asked at most once a minute per contractor). */
  stripeStatusCheckedAt: ts(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bankChangeStatus = pgEnum('bank_change_status', bankChangeStatuses);

/**
 * Bank details given after the payment set-up was completed: they wait here for an admin's
 * review while contractor_banking keeps the account in force. Numbers as in contractor_banking
 * (AES-256-GCM, last four in clear). At most one pending change per contractor: a newer request
 * supersedes it. Who asked, when and from where are kept; so are who decided, when and why.
 */
export const contractorBankChanges = pgTable(
  'contractor_bank_changes',
  {
    id: id(),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    status: bankChangeStatus().notNull().default('pending'),
    bankName: text().notNull(),
    accountType: accountType().notNull(),
    accountHolderName: text().notNull(),
    routingNumberEncrypted: text().notNull(),
    accountNumberEncrypted: text().notNull(),
    routingNumberLast4: text().notNull(),
    accountNumberLast4: text().notNull(),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: ts().notNull().defaultNow(),
    requestIp: text(),
    requestUserAgent: text(),
    reviewedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts(),
    reviewNotes: text(),
  },
  (t) => [
    uniqueIndex('contractor_bank_changes_one_pending_key')
      .on(t.contractorId)
      .where(sql`${t.status} = 'pending'`),
    index('contractor_bank_changes_status_idx').on(t.status, t.requestedAt),
  ],
);

export const contractorTaxInfo = pgTable('contractor_tax_info', {
  contractorId: uuid()
    .primaryKey()
    .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
  businessName: text().notNull(),
  businessType: businessType().notNull(),
  businessAddress: text().notNull(),
  businessCity: text().notNull(),
  businessState: text().notNull(),
  businessZip: text().notNull(),
  einEncrypted: text(),
  ssnEncrypted: text(),
  einLast4: text(),
  ssnLast4: text(),
  w9Document: text(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Licence, insurance and W-9 files a contractor uploaded (POST /api/contractor/documents): the
 * type checked by content, the bytes in the platform's file storage under `storageKey`.
 */
export const contractorDocuments = pgTable(
  'contractor_documents',
  {
    id: id(),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    /** license, general_liability, workers_compensation, bonding, w9 (domain/contractors/onboarding). */
    kind: text().notNull(),
    /** The working state a licence document is for. */
    state: text(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    storageKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contractor_documents_contractor_idx').on(t.contractorId, t.createdAt)],
);

/**
 * The expiry notices mailed by the daily job (contractors.expiry): one row, so one mail, per
 * credential (kind, state for a licence), expiration date and status (expiring, then expired).
 * A renewed credential has a new expiration date, so it is watched afresh.
 */
export const contractorCredentialNotices = pgTable(
  'contractor_credential_notices',
  {
    id: id(),
    contractorId: uuid()
      .notNull()
      .references(() => contractorProfiles.id, { onDelete: 'cascade' }),
    /** license, general_liability, workers_compensation, bonding (domain/contractors/credentials). */
    kind: text().notNull(),
    /** The licence's state; null for insurance. */
    state: text(),
    expirationDate: date().notNull(),
    /** expiring or expired */
    status: text().notNull(),
    notifiedAt: ts().notNull().defaultNow(),
  },
  (t) => [
    unique('contractor_credential_notices_once_key')
      .on(t.contractorId, t.kind, t.state, t.expirationDate, t.status)
      .nullsNotDistinct(),
  ],
);
