/** The contractor's payment wizard (spec 2 §5): banking and tax information. */
import { z } from 'zod';
import { accountTypes, bankChangeMessages } from './bank-changes';
import {
  blankToUndefined,
  onboardingMessages,
  optionalDocumentId,
  optionalText,
  STATE_CODES,
  trimmed,
} from './onboarding-fields';

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
    accountType: z.enum(accountTypes, { error: onboardingMessages.accountType }),
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
