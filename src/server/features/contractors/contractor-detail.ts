import {
  type BankAccountSummary,
  type PayoutHoldReason,
  type PendingBankChange,
  payoutHoldReasons,
} from '../../../domain/contractors/bank-changes';
import {
  type ContractorDocument,
  type ContractorDocumentKind,
  contractorDocumentUrl,
} from '../../../domain/contractors/contractor-documents';
import {
  type ContractorProfileDetail,
  credentialBadges,
  credentialWarnings,
  liabilityLapsed,
  type StoredInsurance,
  type StoredLicense,
  storedInsuranceSchema,
} from '../../../domain/contractors/credentials';
import type {
  contractorBankChanges,
  contractorBanking,
  contractorDocuments,
  contractorLicenses,
  contractorProfiles,
  contractorTaxInfo,
} from './contractors.schema';

export type ProfileRow = typeof contractorProfiles.$inferSelect;
export type LicenseRow = typeof contractorLicenses.$inferSelect;
export type DocumentRow = typeof contractorDocuments.$inferSelect;
export type BankingRow = typeof contractorBanking.$inferSelect;
export type TaxRow = typeof contractorTaxInfo.$inferSelect;
export type BankChangeRow = typeof contractorBankChanges.$inferSelect;

/** Everything stored about one contractor that the detail shows. */
export interface ProfileParts {
  profile: ProfileRow;
  user: { firstName: string | null; lastName: string | null; email: string; emailConfirmed: boolean };
  licenses: LicenseRow[];
  documents: DocumentRow[];
  banking: BankingRow | undefined;
  tax: TaxRow | undefined;
  /** The change of bank details awaiting review, if any (banking stays the account in force). */
  pendingBankChange: BankChangeRow | undefined;
  /** The rating computed from the contractor's visible reviews (the reviews feature's SQL). */
  rating: { rating: number; reviewCount: number };
}

/** A stored hold reason as the API names it; one written by a later version reads as the known one. */
function holdReason(stored: string): PayoutHoldReason {
  return (payoutHoldReasons as readonly string[]).includes(stored)
    ? (stored as PayoutHoldReason)
    : 'bank_change_review';
}

export function toBankAccountSummary(
  row: Pick<
    BankingRow,
    'bankName' | 'accountType' | 'accountHolderName' | 'routingNumberLast4' | 'accountNumberLast4'
  >,
): BankAccountSummary {
  return {
    bankName: row.bankName,
    accountType: row.accountType,
    accountHolderName: row.accountHolderName,
    routingNumberLast4: row.routingNumberLast4,
    accountNumberLast4: row.accountNumberLast4,
  };
}

export function toPendingBankChange(row: BankChangeRow): PendingBankChange {
  return { id: row.id, requestedAt: row.requestedAt.toISOString(), ...toBankAccountSummary(row) };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const dollars = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/[$,\s]/g, '')) : Number.NaN;
  return Number.isFinite(n) && n > 0 ? Math.round(n) : null;
};
const isoDate = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
const record = (v: unknown): Record<string, unknown> | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * The insurance step's JSON (contractor_profiles.insurance_data) as credentials.ts shapes it. What
 * the insurance call stores is that shape already; rows written before it (amounts as '$1,000,000'
 * text, no document ids) are read into it, and a policy missing what it needs is left out.
 */
export function readInsurance(raw: unknown): StoredInsurance | null {
  if (raw === null || raw === undefined) return null;
  const exact = storedInsuranceSchema.safeParse(raw);
  if (exact.success) return exact.data;
  const data = record(raw);
  if (!data) return null;

  const gl = record(data.generalLiability);
  const glCarrier = text(gl?.carrier);
  const glPolicy = text(gl?.policyNumber);
  const glExpiry = isoDate(gl?.expirationDate);
  const glAmount = dollars(gl?.coverageAmount);
  const generalLiability =
    gl && glCarrier && glPolicy && glExpiry && glAmount !== null
      ? {
          carrier: glCarrier,
          policyNumber: glPolicy,
          expirationDate: glExpiry,
          coverageAmount: glAmount,
          document: text(gl.document),
          documentId: text(gl.documentId),
        }
      : null;

  const wc = record(data.workersCompensation);
  const wcCarrier = text(wc?.carrier);
  const wcPolicy = text(wc?.policyNumber);
  const wcExpiry = isoDate(wc?.expirationDate);
  const workersCompensation: StoredInsurance['workersCompensation'] = !wc
    ? null
    : wc.notRequired === true
      ? { notRequired: true }
      : wcCarrier && wcPolicy && wcExpiry
        ? {
            notRequired: false,
            carrier: wcCarrier,
            policyNumber: wcPolicy,
            expirationDate: wcExpiry,
            document: text(wc.document),
            documentId: text(wc.documentId),
          }
        : null;

  const bond = record(data.bonding);
  const bondCarrier = text(bond?.carrier);
  const bondAmount = dollars(bond?.bondAmount);
  const bonding: StoredInsurance['bonding'] = !bond
    ? null
    : bond.notRequired === true
      ? { notRequired: true }
      : bondCarrier && bondAmount !== null
        ? {
            notRequired: false,
            carrier: bondCarrier,
            bondAmount,
            expirationDate: isoDate(bond.expirationDate),
            document: text(bond.document),
            documentId: text(bond.documentId),
          }
        : null;

  if (!generalLiability && !workersCompensation && !bonding) return null;
  return { generalLiability, workersCompensation, bonding };
}

export function toStoredLicense(row: LicenseRow): StoredLicense {
  return {
    state: row.state,
    licenseNumber: row.licenseNumber,
    noLicenseRequired: row.noLicenseRequired,
    licenseType: row.licenseType,
    expirationDate: row.expirationDate,
    licenseDocument: row.licenseDocument,
    licenseDocumentId: row.licenseDocumentId,
  };
}

export function toContractorDocument(row: DocumentRow): ContractorDocument {
  return {
    id: row.id,
    kind: row.kind as ContractorDocumentKind,
    state: row.state,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    url: contractorDocumentUrl(row.id),
    uploadedAt: row.createdAt.toISOString(),
  };
}

/** Licences in the order of the profile's working states, then any others by name. */
function inStateOrder(licenses: LicenseRow[], workingStates: string[]): LicenseRow[] {
  const rank = (state: string) => {
    const i = workingStates.indexOf(state);
    return i === -1 ? workingStates.length : i;
  };
  return [...licenses].sort((a, b) => rank(a.state) - rank(b.state) || a.state.localeCompare(b.state));
}

/**
 * The whole profile as its owner and admins see it (contractorProfileDetailSchema): the stored
 * licences, insurance and documents, the last four digits of bank and tax numbers (never more),
 * the warnings and badges of credentials.ts as of `now`.
 */
export function toProfileDetail(parts: ProfileParts, now: Date = new Date()): ContractorProfileDetail {
  const { profile: p, user, banking, tax } = parts;
  const licenses = inStateOrder(parts.licenses, p.workingStates).map(toStoredLicense);
  const insurance = readInsurance(p.insuranceData);
  const badges = credentialBadges(p.workingStates, licenses, insurance, now);
  return {
    id: p.id,
    userId: p.userId,
    companyName: p.companyName,
    contactName: p.contactName,
    contactEmail: p.contactEmail,
    contactPhone: p.contactPhone,
    businessAddress: p.businessAddress,
    workingStates: p.workingStates,
    travelDistance: p.travelDistance,
    specialties: p.specialties,
    yearsExperience: p.yearsExperience,
    rating: parts.rating.rating,
    reviewCount: parts.rating.reviewCount,
    totalProjects: p.totalProjects,
    isAvailable: p.isAvailable,
    verificationStatus: p.verificationStatus,
    profileCompletionStatus: p.profileCompletionStatus,
    paymentSetupCompleted: p.paymentSetupCompleted,
    createdAt: p.createdAt.toISOString(),
    website: p.website,
    verificationNotes: p.verificationNotes,
    verifiedAt: p.verifiedAt ? p.verifiedAt.toISOString() : null,
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailConfirmed: user.emailConfirmed,
    },
    licenses,
    insurance,
    banking: banking
      ? {
          bankName: banking.bankName,
          accountType: banking.accountType,
          accountHolderName: banking.accountHolderName,
          routingNumberLast4: banking.routingNumberLast4,
          accountNumberLast4: banking.accountNumberLast4,
        }
      : null,
    tax: tax
      ? {
          businessName: tax.businessName,
          businessType: tax.businessType,
          businessAddress: tax.businessAddress,
          businessCity: tax.businessCity,
          businessState: tax.businessState,
          businessZip: tax.businessZip,
          einLast4: tax.einLast4,
          ssnLast4: tax.ssnLast4,
          w9Document: tax.w9Document,
        }
      : null,
    documents: parts.documents.map(toContractorDocument),
    warnings: credentialWarnings(licenses, insurance, now),
    licensedUntil: badges.licensedUntil,
    insuredUntil: badges.insuredUntil,
    availableForMatches: !liabilityLapsed(insurance, now),
    payoutsOnHold: p.payoutHoldReason !== null,
    payoutHoldReason: p.payoutHoldReason === null ? null : holdReason(p.payoutHoldReason),
    pendingBankChange: parts.pendingBankChange ? toPendingBankChange(parts.pendingBankChange) : null,
  };
}
