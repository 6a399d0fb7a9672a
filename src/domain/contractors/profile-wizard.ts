/** The contractor's profile wizard (spec 2 §3, §4): password, licences, insurance. */
import { z } from 'zod';
import { bankChangeMessages } from './bank-changes';
import {
  blankToUndefined,
  calendarDateSchema,
  onboardingMessages,
  optionalDate,
  optionalDocumentId,
  optionalText,
  trimmed,
  WORKING_STATE_NAMES,
} from './onboarding-fields';

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
