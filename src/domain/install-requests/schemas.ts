import { z } from 'zod';
import { emailSchema } from '../auth/schemas';
import { queuePageFields, queuePageQueryShape } from '../lists';
import { multiLine, oneLine } from '../text-safety';
import { US_STATE_NAMES } from '../us-states';

/** The installation request of /request-install (spec 1 §2, §3, §5, §8, §9). */

export const urgencies = ['standard', 'expedited', 'emergency'] as const;
export type Urgency = (typeof urgencies)[number];
export const DEFAULT_URGENCY: Urgency = 'standard';

export const urgencyLabels: Record<Urgency, { label: string; window: string }> = {
  standard: { label: 'Standard', window: '2-4 weeks' },
  expedited: { label: 'Expedited', window: '1-2 weeks' },
  emergency: { label: 'Emergency', window: 'ASAP' },
};

/** 'Standard (2-4 weeks)' */
export function urgencyText(u: Urgency): string {
  return `${urgencyLabels[u].label} (${urgencyLabels[u].window})`;
}

export const installNotices = {
  missingTitle: 'Required Fields Missing',
  missing: 'Please fill in all required fields.',
  successTitle: 'Install Request Submitted!',
  success: "We'll contact you within 24 hours...",
  failureTitle: 'Submission Error',
  failureFallback: 'We could not submit your request. Please try again.',
} as const;

export const installFieldMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phone: 'Phone number is required',
  address: 'Street address is required',
  city: 'City is required',
  state: 'Please choose a state',
  zipCode: 'Please enter a 5-digit ZIP code',
  approvedAmount: 'Please enter the approved amount in dollars, such as 18500',
  preferredStartDate: 'Please choose a valid date',
  preferredContractorId: 'This contractor could not be found',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/** Required by the spec's rule (firstName, lastName, email, phone, address) and by the form's marks (city, state, zip). */
export const INSTALL_REQUIRED_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
] as const;

/** A required one-line text (a name, the phone, an address line). */
const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: installFieldMessages.tooLong(max) })
    .check(oneLine());

/** An optional text, one line unless `lines: 'multi'` (the description); empty becomes undefined. */
const optionalText = (max: number, lines: 'one' | 'multi' = 'one') =>
  z
    .string()
    .trim()
    .max(max, { error: installFieldMessages.tooLong(max) })
    .check(lines === 'one' ? oneLine() : multiLine())
    .nullish()
    .transform((v) => (v ? v : undefined));

/** Largest approved amount we accept: $10,000,000. */
export const MAX_APPROVED_AMOUNT_CENTS = 1_000_000_000;

export const installRequestSchema = z
  .object({
    firstName: text(installFieldMessages.firstName, 100),
    lastName: text(installFieldMessages.lastName, 100),
    email: emailSchema,
    phone: text(installFieldMessages.phone, 40),
    address: text(installFieldMessages.address, 300),
    city: text(installFieldMessages.city, 120),
    state: z.enum(US_STATE_NAMES, { error: installFieldMessages.state }),
    zipCode: z
      .string({ error: installFieldMessages.zipCode })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { error: installFieldMessages.zipCode }),
    insuranceCompany: optionalText(200),
    claimNumber: optionalText(100),
    /** Integer cents (the form takes dollars and converts). */
    approvedAmount: z
      .number({ error: installFieldMessages.approvedAmount })
      .int({ error: installFieldMessages.approvedAmount })
      .min(0, { error: installFieldMessages.approvedAmount })
      .max(MAX_APPROVED_AMOUNT_CENTS, { error: installFieldMessages.approvedAmount })
      .nullish()
      .transform((v) => v ?? undefined),
    projectDescription: optionalText(5000, 'multi'),
    urgency: z.enum(urgencies).default(DEFAULT_URGENCY),
    /** YYYY-MM-DD */
    preferredStartDate: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : undefined))
      .pipe(z.iso.date({ error: installFieldMessages.preferredStartDate }).optional()),
    /** A verified contractor the homeowner picked in the contractor search. */
    preferredContractorId: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : undefined))
      .pipe(z.uuid({ error: installFieldMessages.preferredContractorId }).optional()),
  })
  .meta({ id: 'InstallRequest' });
export type InstallRequestInput = z.input<typeof installRequestSchema>;
export type InstallRequest = z.output<typeof installRequestSchema>;

/** The admins' conversion of a stored request that has no project. */
export const installRequestMessages = {
  notFound: 'Installation request not found',
  hasProject: 'This request already has its project.',
} as const;

export const installRequestProjectSchema = z
  .object({ projectId: z.string(), reference: z.string() })
  .meta({ id: 'InstallRequestProject' });

export const installRequestCreatedSchema = z
  .object({
    id: z.uuid(),
    projectId: z.string(),
    /** The project's job id (SWRX-2026-7KQ4M), quoted in the confirmation mail. */
    reference: z.string(),
    message: z.string(),
  })
  .meta({ id: 'InstallRequestCreated' });
export type InstallRequestCreated = z.infer<typeof installRequestCreatedSchema>;

/** '18,500.50' or '$18500' -> 1850050 cents; '' -> null; anything else -> NaN. */
export function dollarsToCents(input: string): number | null {
  const cleaned = input.replace(/[$,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return Number.NaN;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

// ---------------------------------------------------------------- admin listing

export const INSTALL_LIST_DEFAULT_PAGE_SIZE = 50;
export const INSTALL_LIST_MAX_PAGE_SIZE = 200;

export const installRequestListQuerySchema = z.object({
  email: z.string().trim().min(1).max(254).optional(),
  ...queuePageQueryShape(INSTALL_LIST_MAX_PAGE_SIZE, INSTALL_LIST_DEFAULT_PAGE_SIZE),
});
export type InstallRequestListQuery = z.infer<typeof installRequestListQuerySchema>;

export const storedInstallRequestSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    insuranceCompany: z.string().nullable(),
    claimNumber: z.string().nullable(),
    approvedAmount: z.number().int().nullable(),
    projectDescription: z.string().nullable(),
    urgency: z.enum(urgencies),
    preferredStartDate: z.string().nullable(),
    preferredContractorId: z.string().nullable(),
    preferredContractorName: z.string().nullable(),
    userId: z.string().nullable(),
    projectId: z.string().nullable(),
    projectStatus: z.string().nullable(),
    projectTitle: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StoredInstallRequest' });
export type StoredInstallRequest = z.infer<typeof storedInstallRequestSchema>;

export const installRequestListSchema = z
  .object({
    items: z.array(storedInstallRequestSchema),
    ...queuePageFields,
  })
  .meta({ id: 'InstallRequestList' });
