import { z } from 'zod';
import { accountTypes, payoutHoldReasons, pendingBankChangeSchema } from './bank-changes';
import { contractorDocumentSchema } from './contractor-documents';
import { businessTypes } from './payment-wizard';
import { contractorProfileSchema } from './profile';

export { expiryMonth } from './expiry-month';

/**
 * Licences and insurance with their expiry (issue 11: verification and expiry tracking). One rule
 * for the admin's review warnings, the daily expiry job, the badges on contractor cards and the
 * availability for new matches.
 */

/** A credential expiring within this many days is "expiring" (mailed once, warned in the review). */
export const EXPIRY_WARNING_DAYS = 30;

export type CredentialState = 'valid' | 'expiring' | 'expired';

/** Today as YYYY-MM-DD in UTC (dates are calendar dates; a policy is valid through its expiry day). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Expired after its expiry day; expiring when it ends within EXPIRY_WARNING_DAYS days. */
export function credentialState(expirationDate: string, now: Date = new Date()): CredentialState {
  const today = todayIso(now);
  if (expirationDate < today) return 'expired';
  if (expirationDate <= addDays(today, EXPIRY_WARNING_DAYS)) return 'expiring';
  return 'valid';
}

export const credentialKinds = ['license', 'general_liability', 'workers_compensation', 'bonding'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export const credentialLabels: Record<CredentialKind, string> = {
  license: 'Licence',
  general_liability: 'General liability insurance',
  workers_compensation: "Workers' compensation insurance",
  bonding: 'Bond',
};

export const storedLicenseSchema = z
  .object({
    state: z.string(),
    licenseNumber: z.string().nullable(),
    noLicenseRequired: z.boolean(),
    licenseType: z.string().nullable(),
    expirationDate: z.string().nullable(),
    licenseDocument: z.string().nullable(),
    licenseDocumentId: z.string().nullable(),
  })
  .meta({ id: 'ContractorLicense' });
export type StoredLicense = z.infer<typeof storedLicenseSchema>;

const policySchema = z.object({
  carrier: z.string(),
  policyNumber: z.string(),
  expirationDate: z.string(),
  document: z.string().nullable(),
  documentId: z.string().nullable(),
});

/** What the insurance step stored (insuranceData). Amounts are whole dollars. */
export const storedInsuranceSchema = z
  .object({
    generalLiability: policySchema.extend({ coverageAmount: z.number() }).nullable(),
    workersCompensation: z
      .union([
        policySchema.extend({ notRequired: z.literal(false) }),
        z.object({ notRequired: z.literal(true) }),
      ])
      .nullable(),
    bonding: z
      .union([
        z.object({
          notRequired: z.literal(false),
          carrier: z.string(),
          bondAmount: z.number(),
          expirationDate: z.string().nullable(),
          document: z.string().nullable(),
          documentId: z.string().nullable(),
        }),
        z.object({ notRequired: z.literal(true) }),
      ])
      .nullable(),
  })
  .meta({ id: 'ContractorInsurance' });
export type StoredInsurance = z.infer<typeof storedInsuranceSchema>;

/** A licence or policy that has expired or ends soon. */
export const credentialWarningSchema = z
  .object({
    kind: z.enum(credentialKinds),
    /** The licence's state. */
    state: z.string().nullable(),
    expirationDate: z.string(),
    status: z.enum(['expiring', 'expired']),
    /** 'General liability insurance expired on 2026-01-31' */
    message: z.string(),
  })
  .meta({ id: 'CredentialWarning' });
export type CredentialWarning = z.infer<typeof credentialWarningSchema>;

/** Every dated credential of a contractor, with its kind (the job and the review both walk this). */
export function datedCredentials(
  licenses: Pick<StoredLicense, 'state' | 'expirationDate' | 'noLicenseRequired'>[],
  insurance: StoredInsurance | null,
): { kind: CredentialKind; state: string | null; expirationDate: string }[] {
  const out: { kind: CredentialKind; state: string | null; expirationDate: string }[] = [];
  for (const l of licenses) {
    if (!l.noLicenseRequired && l.expirationDate)
      out.push({ kind: 'license', state: l.state, expirationDate: l.expirationDate });
  }
  if (insurance?.generalLiability)
    out.push({
      kind: 'general_liability',
      state: null,
      expirationDate: insurance.generalLiability.expirationDate,
    });
  const wc = insurance?.workersCompensation;
  if (wc && !wc.notRequired)
    out.push({ kind: 'workers_compensation', state: null, expirationDate: wc.expirationDate });
  const bond = insurance?.bonding;
  if (bond && !bond.notRequired && bond.expirationDate)
    out.push({ kind: 'bonding', state: null, expirationDate: bond.expirationDate });
  return out;
}

export function warningMessage(
  kind: CredentialKind,
  state: string | null,
  expirationDate: string,
  status: 'expiring' | 'expired',
): string {
  const what = kind === 'license' && state ? `${state} licence` : credentialLabels[kind];
  return status === 'expired'
    ? `${what} expired on ${expirationDate}`
    : `${what} expires on ${expirationDate}`;
}

export function credentialWarnings(
  licenses: Pick<StoredLicense, 'state' | 'expirationDate' | 'noLicenseRequired'>[],
  insurance: StoredInsurance | null,
  now: Date = new Date(),
): CredentialWarning[] {
  const warnings: CredentialWarning[] = [];
  for (const c of datedCredentials(licenses, insurance)) {
    const status = credentialState(c.expirationDate, now);
    if (status === 'valid') continue;
    warnings.push({ ...c, status, message: warningMessage(c.kind, c.state, c.expirationDate, status) });
  }
  return warnings;
}

/**
 * The badges a contractor card shows (issue 11 item 5), only when true: 'Licensed' when every
 * working state has a current licence or needs none (and at least one licence is held), with the
 * earliest licence expiry month; 'Insured' when general liability is current, with its expiry.
 */
export function credentialBadges(
  workingStates: string[],
  licenses: Pick<StoredLicense, 'state' | 'licenseNumber' | 'expirationDate' | 'noLicenseRequired'>[],
  insurance: { generalLiability: { expirationDate: string } | null } | null,
  now: Date = new Date(),
): { licensedUntil: string | null; insuredUntil: string | null } {
  const today = todayIso(now);
  const byState = new Map(licenses.map((l) => [l.state, l]));
  let licensedUntil: string | null = null;
  let held = 0;
  let ok = workingStates.length > 0;
  for (const state of workingStates) {
    const l = byState.get(state);
    if (!l) {
      ok = false;
      break;
    }
    if (l.noLicenseRequired) continue;
    if (!l.licenseNumber || !l.expirationDate || l.expirationDate < today) {
      ok = false;
      break;
    }
    held++;
    if (licensedUntil === null || l.expirationDate < licensedUntil) licensedUntil = l.expirationDate;
  }
  const gl = insurance?.generalLiability;
  return {
    licensedUntil: ok && held > 0 ? licensedUntil : null,
    insuredUntil: gl && gl.expirationDate >= today ? gl.expirationDate : null,
  };
}

/** Whether general liability is missing or expired: such a contractor gets no new matches. */
export function liabilityLapsed(
  insurance: Pick<StoredInsurance, 'generalLiability'> | null,
  now: Date = new Date(),
): boolean {
  const gl = insurance?.generalLiability;
  return !gl || gl.expirationDate < todayIso(now);
}

export const bankingSummarySchema = z
  .object({
    bankName: z.string(),
    accountType: z.enum(accountTypes),
    accountHolderName: z.string(),
    routingNumberLast4: z.string(),
    accountNumberLast4: z.string(),
  })
  .meta({ id: 'BankingSummary' });

export const taxSummarySchema = z
  .object({
    businessName: z.string(),
    businessType: z.enum(businessTypes),
    businessAddress: z.string(),
    businessCity: z.string(),
    businessState: z.string(),
    businessZip: z.string(),
    einLast4: z.string().nullable(),
    ssnLast4: z.string().nullable(),
    w9Document: z.string().nullable(),
  })
  .meta({ id: 'TaxSummary' });

/**
 * The contractor's whole profile: GET /api/contractor/profile (to its owner) and each entry of
 * GET /api/admin/contractors/pending (to admins). Secrets appear as their last four digits only.
 */
export const contractorProfileDetailSchema = contractorProfileSchema
  .extend({
    website: z.string().nullable(),
    verificationNotes: z.string().nullable(),
    verifiedAt: z.string().nullable(),
    user: z.object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
      /** The account's address is confirmed (an admin is told before verifying one that is not). */
      emailConfirmed: z.boolean(),
    }),
    licenses: z.array(storedLicenseSchema),
    insurance: storedInsuranceSchema.nullable(),
    banking: bankingSummarySchema.nullable(),
    tax: taxSummarySchema.nullable(),
    documents: z.array(contractorDocumentSchema),
    warnings: z.array(credentialWarningSchema),
    licensedUntil: z.string().nullable(),
    insuredUntil: z.string().nullable(),
    /** False while general liability is missing or expired: no new matches until renewed. */
    availableForMatches: z.boolean(),
    /**
     * True while payouts to this contractor are held (today: a change of bank details awaits an
     * admin's review). Payout code must pay nothing while it is true.
     */
    payoutsOnHold: z.boolean(),
    payoutHoldReason: z.enum(payoutHoldReasons).nullable(),
    /** The new bank details awaiting review (the account in force stays `banking` until approved). */
    pendingBankChange: pendingBankChangeSchema.nullable(),
  })
  .meta({ id: 'ContractorProfileDetail' });
export type ContractorProfileDetail = z.infer<typeof contractorProfileDetailSchema>;

export const pendingContractorsSchema = z
  .array(contractorProfileDetailSchema)
  .meta({ id: 'PendingContractors' });

/** GET /api/contractors (admins): every contractor in full. */
export const contractorListSchema = z.array(contractorProfileDetailSchema).meta({ id: 'Contractors' });
