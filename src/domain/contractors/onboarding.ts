import { z } from 'zod';
import { multiLine, oneLine } from '../text-safety';
import { US_STATES } from '../us-states';
import { bankChangeMessages } from './bank-changes';

/**
 * Contractor onboarding (spec 2 §2, §3, §5, §7, §8): the application, the profile wizard
 * (password, licences, insurance), the payment wizard (banking, tax) and the admin's decision.
 * Each schema is the body of its call; the messages are the spec's, word for word, on their field.
 */

/** The states a contractor may work in, by full name (spec: "all 50 US states"; DC is kept too). */
export const WORKING_STATE_NAMES: readonly string[] = US_STATES.map((s) => s.name);
const STATE_CODES: ReadonlySet<string> = new Set(US_STATES.map((s) => s.abbr));

export const DEFAULT_TRAVEL_DISTANCE = 50;
export const MAX_TRAVEL_DISTANCE = 1000;

export const onboardingMessages = {
  companyName: 'Company name must be at least 2 characters',
  contactName: 'Contact name must be at least 2 characters',
  contactEmail: 'Please enter a valid email address',
  contactPhone: 'Phone number is required',
  workingStates: 'Please select at least one state',
  unknownState: 'Please choose states from the list',
  travelDistance: 'Travel distance must be 0 or more',
  travelDistanceTooLarge: `Travel distance must be at most ${MAX_TRAVEL_DISTANCE} miles`,
  businessAddress: 'Business address is required',
  website: 'Please enter a valid website address',
  tooLong: 'This is too long',

  password: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 200 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",

  licensesRequired: 'Please add the licence information for each working state',
  licenseMissingState: 'Please add the licence information for {state}',
  licenseNumber: 'License number is required',
  licenseNotWorkingState: 'This state is not one of your working states',
  date: 'Please enter a valid date',

  carrier: 'Insurance carrier is required',
  policyNumber: 'Policy number is required',
  expirationDate: 'Expiration date is required',
  coverageAmount: 'Coverage amount is required',
  amount: 'Please enter an amount in dollars',
  bondCarrier: 'Bonding company is required',
  bondAmount: 'Bond amount is required',

  bankName: 'Bank name is required',
  routingNumber: 'Routing number must be 9 digits',
  routingChecksum: 'This routing number is not valid. Please check it with your bank.',
  accountNumber: 'Account number is required',
  accountNumberDigits: 'Account number must be 4 to 17 digits',
  confirmAccountNumber: 'Please confirm account number',
  accountNumbersDontMatch: "Account numbers don't match",
  accountType: 'Please select account type',
  accountHolderName: 'Account holder name is required',

  businessName: 'Business name is required',
  businessType: 'Please select business type',
  businessCity: 'City is required',
  businessState: 'State is required',
  businessStateLength: 'State must be 2 characters',
  businessStateUnknown: 'Please enter a US state code, such as TX',
  businessZip: 'ZIP code is required',
  einOrSsn: 'Either EIN or SSN is required',
  ein: 'EIN must be 9 digits (12-3456789)',
  ssn: 'SSN must be 9 digits (123-45-6789)',

  verifyStatus: 'Please choose verified or rejected',
  notesTooLong: 'Notes must be at most 2000 characters',

  documentNotFound: 'That document was not found. Please upload it again.',
  /** Toasts and states of spec 2 §2 and §8. */
  loginRequired: 'Login Required',
  loginRequiredDescription:
    'Please log in to submit your application. Your answers are saved on this device.',
  formRestored: 'Form Restored',
  formRestoredDescription: 'Your application was restored. Please review it and submit.',
  applicationSubmitted: 'Application Submitted',
  applicationSubmittedDescription: 'Setting up your contractor profile...',
  applicationFailed: 'Failed to submit application: {message}',
  authenticationRequired: 'Authentication Required',
  loadingProfile: 'Loading your profile...',
  passwordSet: 'Password Set',
  passwordFailed: 'Failed to set password: {message}',
  licensesSaved: 'License Information Saved',
  licensesFailed: 'Failed to save license information: {message}',
  profileComplete: 'Profile Complete',
  insuranceFailed: 'Failed to save insurance information: {message}',
  bankingSaved: 'Banking Information Saved',
  bankingFailed: 'Failed to save banking information',
  setupComplete: 'Setup Complete',
  taxFailed: 'Failed to save tax information',
  profileSetupRequired: 'Profile Setup Required',
  alreadyApplied: 'You have already applied. Continue setting up your profile.',
  applied: 'Application received. Next: set up your profile.',
  noProfile: 'Please submit the contractor application first.',
  verificationDone: 'Contractor verification completed successfully.',
  verificationFailed: 'Failed to verify contractor.',
  adminNotFound: 'Contractor not found',
} as const;

/** A required one-line text (company, contact and bank names, addresses, carrier, policy number...). */
const trimmed = (max: number, message: string, min = 1) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message, abort: true })
    .max(max, { error: onboardingMessages.tooLong })
    .check(oneLine());

/** '' and null (an empty optional input) mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A calendar date, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z
  .string({ error: onboardingMessages.date })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: onboardingMessages.date })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, onboardingMessages.date);

// ---------------------------------------------------------------- application

export const contractorApplicationSchema = z.object({
  companyName: trimmed(200, onboardingMessages.companyName, 2),
  contactName: trimmed(200, onboardingMessages.contactName, 2),
  contactEmail: z
    .string({ error: onboardingMessages.contactEmail })
    .trim()
    .toLowerCase()
    .max(254, { error: onboardingMessages.contactEmail })
    .email({ error: onboardingMessages.contactEmail }),
  contactPhone: z
    .string({ error: onboardingMessages.contactPhone })
    .trim()
    .min(10, { error: onboardingMessages.contactPhone, abort: true })
    .max(40, { error: onboardingMessages.tooLong })
    .regex(/^[0-9+().\-\s]+$/, { error: onboardingMessages.contactPhone })
    .check(oneLine()),
  workingStates: z
    .array(
      z.string().refine((s) => WORKING_STATE_NAMES.includes(s), onboardingMessages.unknownState),
      {
        error: onboardingMessages.workingStates,
      },
    )
    .min(1, { error: onboardingMessages.workingStates })
    .max(WORKING_STATE_NAMES.length)
    .transform((list) => [...new Set(list)]),
  travelDistance: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: onboardingMessages.travelDistance })
      .int({ error: onboardingMessages.travelDistance })
      .min(0, { error: onboardingMessages.travelDistance })
      .max(MAX_TRAVEL_DISTANCE, { error: onboardingMessages.travelDistanceTooLarge })
      .optional(),
  ),
  businessAddress: trimmed(300, onboardingMessages.businessAddress, 5),
  website: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(300, { error: onboardingMessages.tooLong })
      .check(oneLine())
      .refine((s) => {
        try {
          const url = new URL(/^https?:\/\//i.test(s) ? s : `https://${s}`);
          return url.hostname.includes('.') && /^https?:$/.test(url.protocol);
        } catch {
          return false;
        }
      }, onboardingMessages.website)
      .optional(),
  ),
});
export type ContractorApplication = z.infer<typeof contractorApplicationSchema>;
export type ContractorApplicationInput = z.input<typeof contractorApplicationSchema>;

/** Travel distance applies only with exactly one working state (spec 2 §2); otherwise the default. */
export function travelDistanceOf(
  app: Pick<ContractorApplication, 'workingStates' | 'travelDistance'>,
): number {
  return app.workingStates.length === 1
    ? (app.travelDistance ?? DEFAULT_TRAVEL_DISTANCE)
    : DEFAULT_TRAVEL_DISTANCE;
}

export const contractorApplicationResponseSchema = z
  .object({
    redirectTo: z.string(),
    message: z.string(),
    contractorId: z.string(),
    /** False when the caller had already applied (their profile is kept as it was). */
    created: z.boolean(),
  })
  .meta({ id: 'ContractorApplicationResponse' });
export type ContractorApplicationResponse = z.infer<typeof contractorApplicationResponseSchema>;

// ---------------------------------------------------------------- profile wizard

export const passwordSetupSchema = z
  .object({
    password: z
      .string({ error: onboardingMessages.password })
      .min(8, { error: onboardingMessages.password })
      .max(200, { error: onboardingMessages.passwordTooLong }),
    confirmPassword: z
      .string({ error: onboardingMessages.confirmPassword })
      .min(8, { error: onboardingMessages.confirmPassword })
      .max(200, { error: onboardingMessages.passwordTooLong }),
    /**
     * Required (by the server) once the payment set-up is complete: a session alone must not
     * replace the password and then use it to change the payout account (bank-changes.ts).
     */
    currentPassword: z.preprocess(
      blankToUndefined,
      z
        .string({ error: bankChangeMessages.passwordChangeNeedsCurrent })
        .max(200, { error: bankChangeMessages.currentPasswordTooLong })
        .optional(),
    ),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: onboardingMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type PasswordSetup = z.infer<typeof passwordSetupSchema>;

/** An optional one-line text (a licence number or type, a carrier, a file name). */
const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().max(max, { error: onboardingMessages.tooLong }).check(oneLine()).optional(),
  );
const optionalDate = z.preprocess(blankToUndefined, calendarDateSchema.optional());
const optionalDocumentId = z.preprocess(
  blankToUndefined,
  z.uuid({ error: onboardingMessages.documentNotFound }).optional(),
);

/** One working state's licence (spec 2 §3 Licences). The web app also sends the uploaded file's id and the expiry. */
export const licenseEntrySchema = z
  .object({
    state: z.string().refine((s) => WORKING_STATE_NAMES.includes(s), onboardingMessages.unknownState),
    licenseNumber: optionalText(100),
    noLicenseRequired: z.boolean().optional().default(false),
    /** The uploaded file's name (the spec keeps only the name). */
    licenseDocument: optionalText(255),
    /** Our upload (POST /api/contractor/documents, kind license): the stored file. */
    licenseDocumentId: optionalDocumentId,
    expirationDate: optionalDate,
    licenseType: optionalText(100),
  })
  .superRefine((v, ctx) => {
    if (!v.noLicenseRequired && !v.licenseNumber) {
      ctx.addIssue({ code: 'custom', message: onboardingMessages.licenseNumber, path: ['licenseNumber'] });
    }
  });
export type LicenseEntry = z.infer<typeof licenseEntrySchema>;

/** The licences call: a map keyed by state name (spec 2 §7 "map of licences by state"). */
export const licensesSetupSchema = z
  .record(z.string().max(100), licenseEntrySchema, { error: onboardingMessages.licensesRequired })
  .refine((m) => Object.keys(m).length > 0, onboardingMessages.licensesRequired)
  .refine((m) => Object.keys(m).length <= WORKING_STATE_NAMES.length, onboardingMessages.licensesRequired);
export type LicensesSetup = z.infer<typeof licensesSetupSchema>;

/** '$1,000,000', '1000000' or 1000000: whole dollars. */
export const dollarAmountSchema = (required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[$,\s]/g, '') : v),
    z
      .union([z.number(), z.string()], { error: required })
      .refine((v) => v !== '', required)
      .transform((v) => Number(v))
      .pipe(
        z
          .number({ error: onboardingMessages.amount })
          .positive({ error: onboardingMessages.amount })
          .max(1_000_000_000, { error: onboardingMessages.amount })
          .transform((n) => Math.round(n)),
      ),
  );

const documentFields = {
  /** The uploaded certificate's file name (spec); */
  document: optionalText(255),
  /** and our stored upload's id. */
  documentId: optionalDocumentId,
};

export const generalLiabilitySchema = z.object({
  carrier: trimmed(200, onboardingMessages.carrier),
  policyNumber: trimmed(100, onboardingMessages.policyNumber),
  expirationDate: z.preprocess(
    (v) => (v === undefined || v === null ? '' : v),
    z.string().min(1, { error: onboardingMessages.expirationDate, abort: true }).pipe(calendarDateSchema),
  ),
  coverageAmount: dollarAmountSchema(onboardingMessages.coverageAmount),
  ...documentFields,
});

/** Workers' compensation: its fields are required unless "Not required (sole proprietor with no employees)". */
export const workersCompensationSchema = z
  .object({
    notRequired: z.boolean().optional().default(false),
    carrier: optionalText(200),
    policyNumber: optionalText(100),
    expirationDate: optionalDate,
    ...documentFields,
  })
  .superRefine((v, ctx) => {
    if (v.notRequired) return;
    if (!v.carrier) ctx.addIssue({ code: 'custom', message: onboardingMessages.carrier, path: ['carrier'] });
    if (!v.policyNumber)
      ctx.addIssue({ code: 'custom', message: onboardingMessages.policyNumber, path: ['policyNumber'] });
    if (!v.expirationDate)
      ctx.addIssue({ code: 'custom', message: onboardingMessages.expirationDate, path: ['expirationDate'] });
  });

/** Bonding: required unless "Not required or not applicable". */
export const bondingSchema = z
  .object({
    notRequired: z.boolean().optional().default(false),
    carrier: optionalText(200),
    bondAmount: z.preprocess(blankToUndefined, dollarAmountSchema(onboardingMessages.bondAmount).optional()),
    expirationDate: optionalDate,
    ...documentFields,
  })
  .superRefine((v, ctx) => {
    if (v.notRequired) return;
    if (!v.carrier)
      ctx.addIssue({ code: 'custom', message: onboardingMessages.bondCarrier, path: ['carrier'] });
    if (v.bondAmount === undefined)
      ctx.addIssue({ code: 'custom', message: onboardingMessages.bondAmount, path: ['bondAmount'] });
  });

export const insuranceSetupSchema = z.object({
  generalLiability: generalLiabilitySchema,
  workersCompensation: z.preprocess((v) => v ?? {}, workersCompensationSchema),
  bonding: z.preprocess((v) => v ?? { notRequired: true }, bondingSchema),
});
export type InsuranceSetup = z.infer<typeof insuranceSetupSchema>;
export type InsuranceSetupInput = z.input<typeof insuranceSetupSchema>;

/** The answer of the three wizard calls and the two payment calls. */
export const setupStepResponseSchema = z
  .object({
    message: z.string(),
    profileCompletionStatus: z.string(),
    verificationStatus: z.string(),
    paymentSetupCompleted: z.boolean(),
    /** Where the wizard goes next. */
    redirectTo: z.string().optional(),
    /**
     * True when the banking call, after the payment set-up, recorded a change for review instead
     * of saving it (the account in force stays until an admin approves; payouts are on hold).
     */
    bankChangePending: z.boolean().optional(),
  })
  .meta({ id: 'ContractorSetupStep' });
export type SetupStepResponse = z.infer<typeof setupStepResponseSchema>;

/** application_submitted -> password_set -> licenses_set -> insurance_set (spec 2 §4: profile wizard). */
export const profileCompletionSteps = [
  'application_submitted',
  'password_set',
  'licenses_set',
  'insurance_set',
] as const;
export type ProfileCompletionStatus = (typeof profileCompletionSteps)[number];

// ---------------------------------------------------------------- payment wizard

/** The ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number) as number[];
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0 && value !== '000000000';
}

/** Spaces and dashes people type between digit groups are dropped. */
const digits = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

export const bankingSetupSchema = z
  .object({
    bankName: trimmed(200, onboardingMessages.bankName),
    routingNumber: z.preprocess(
      digits,
      z
        .string({ error: onboardingMessages.routingNumber })
        .regex(/^\d{9}$/, { error: onboardingMessages.routingNumber, abort: true })
        .refine(isValidRoutingNumber, onboardingMessages.routingChecksum),
    ),
    accountNumber: z.preprocess(
      digits,
      z
        .string({ error: onboardingMessages.accountNumber })
        .min(4, { error: onboardingMessages.accountNumber, abort: true })
        .regex(/^\d{4,17}$/, { error: onboardingMessages.accountNumberDigits }),
    ),
    confirmAccountNumber: z.preprocess(
      digits,
      z
        .string({ error: onboardingMessages.confirmAccountNumber })
        .min(4, { error: onboardingMessages.confirmAccountNumber }),
    ),
    accountType: z.enum(['checking', 'savings'], { error: onboardingMessages.accountType }),
    accountHolderName: trimmed(200, onboardingMessages.accountHolderName),
    /**
     * The account's current password: required (by the server) only once the payment set-up is
     * complete, when a change of bank details goes to review (bank-changes.ts). Never trimmed.
     */
    currentPassword: z.preprocess(
      blankToUndefined,
      z
        .string({ error: bankChangeMessages.currentPasswordRequired })
        .max(200, { error: bankChangeMessages.currentPasswordTooLong })
        .optional(),
    ),
  })
  .refine((v) => v.accountNumber === v.confirmAccountNumber, {
    error: onboardingMessages.accountNumbersDontMatch,
    path: ['confirmAccountNumber'],
  });
export type BankingSetup = z.infer<typeof bankingSetupSchema>;

export const businessTypes = ['sole_proprietorship', 'partnership', 'corporation', 'llc'] as const;
export const businessTypeLabels: Record<(typeof businessTypes)[number], string> = {
  sole_proprietorship: 'Sole Proprietorship',
  partnership: 'Partnership',
  corporation: 'Corporation',
  llc: 'LLC',
};

const optionalDigits = (n: number, message: string) =>
  z.preprocess(
    (v) => blankToUndefined(digits(v)),
    z
      .string()
      .regex(new RegExp(`^\\d{${n}}$`), { error: message })
      .optional(),
  );

export const taxInfoSchema = z
  .object({
    businessName: trimmed(200, onboardingMessages.businessName),
    ein: optionalDigits(9, onboardingMessages.ein),
    ssn: optionalDigits(9, onboardingMessages.ssn),
    businessType: z.enum(businessTypes, { error: onboardingMessages.businessType }),
    businessAddress: trimmed(300, onboardingMessages.businessAddress),
    businessCity: trimmed(100, onboardingMessages.businessCity),
    businessState: z
      .string({ error: onboardingMessages.businessState })
      .trim()
      .toUpperCase()
      .min(1, { error: onboardingMessages.businessState, abort: true })
      .length(2, { error: onboardingMessages.businessStateLength, abort: true })
      .refine((s) => STATE_CODES.has(s), onboardingMessages.businessStateUnknown),
    businessZip: z
      .string({ error: onboardingMessages.businessZip })
      .trim()
      .min(5, { error: onboardingMessages.businessZip, abort: true })
      .regex(/^\d{5}(-\d{4})?$/, { error: onboardingMessages.businessZip }),
    w9Document: optionalText(255),
    w9DocumentId: optionalDocumentId,
  })
  .superRefine((v, ctx) => {
    if (!v.ein && !v.ssn)
      ctx.addIssue({ code: 'custom', message: onboardingMessages.einOrSsn, path: ['ein'] });
  });
export type TaxInfo = z.infer<typeof taxInfoSchema>;

// ---------------------------------------------------------------- documents

export const contractorDocumentKinds = [
  'license',
  'general_liability',
  'workers_compensation',
  'bonding',
  'w9',
] as const;
export type ContractorDocumentKind = (typeof contractorDocumentKinds)[number];

/** Licence and insurance uploads accept pdf, jpg, jpeg, png (spec 2 §9), checked by content. */
export const CONTRACTOR_DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const CONTRACTOR_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
export const CONTRACTOR_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const contractorDocumentMessages = {
  type: 'Please upload a PDF, JPG or PNG file.',
  tooLarge: 'That file is larger than 10 MB. Please upload a smaller file.',
  missing: 'Please choose a file to upload.',
  kind: 'Please say what this document is.',
  notFound: 'Document not found',
} as const;

export const contractorDocumentUploadFieldsSchema = z.object({
  kind: z.enum(contractorDocumentKinds, { error: contractorDocumentMessages.kind }),
  /** The working state a licence document is for. */
  state: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((s) => WORKING_STATE_NAMES.includes(s), onboardingMessages.unknownState)
      .optional(),
  ),
});

export const contractorDocumentSchema = z
  .object({
    id: z.string(),
    kind: z.enum(contractorDocumentKinds),
    state: z.string().nullable(),
    fileName: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    /** Same-origin path: answers the file to its contractor and to admins only. */
    url: z.string(),
    uploadedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ContractorDocument' });
export type ContractorDocument = z.infer<typeof contractorDocumentSchema>;

export const contractorDocumentUrl = (id: string) => `/api/contractor/documents/${id}`;

// ---------------------------------------------------------------- admin decision

export const verifyContractorSchema = z.object({
  status: z.enum(['verified', 'rejected'], { error: onboardingMessages.verifyStatus }),
  notes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2000, { error: onboardingMessages.notesTooLong }).check(multiLine()).optional(),
  ),
});
export type VerifyContractor = z.infer<typeof verifyContractorSchema>;

export const verifyContractorParamsSchema = z.object({ contractorId: z.string().max(100) });

/** The browser's saved application (spec 2 §2: restored after login, discarded when unreadable). */
export const APPLICATION_STORAGE_KEY = 'ridgeline.contractorApplication';
