import { z } from 'zod';
import { emailSchema } from '../auth/schemas';
import { queuePageFields, queuePageQueryShape } from '../lists';
import { multiLine, oneLine } from '../text-safety';

/**
 * The two support forms of /contact (spec 1 §3, §4, §5, §8): the priority chat form, delivered to
 * the support team's chat workspace, and the e-mail form, delivered to the support mailbox.
 */

export const contactNotices = {
  chatMissingTitle: 'Missing Information',
  chatMissing: 'Please fill in your name, email, and message.',
  emailMissingTitle: 'Missing Required Fields',
  emailMissing: 'Please fill in all required fields (marked with *).',
  successTitle: 'Message Sent Successfully!',
  chatSuccess: "We've received your message and will respond within 5-10 minutes during business hours.",
  emailSuccess: "We've received your message and will get back to you within 24 hours.",
  chatFailureTitle: 'Message Failed to Send',
  emailFailureTitle: 'Failed to Send Message',
} as const;

/** The failure fallback of both forms; `supportEmail` comes from GET /api/public-config. */
export function contactFailureFallback(supportEmail: string): string {
  return `Please try again or contact us directly at ${supportEmail}`;
}

export const contactFieldMessages = {
  nameRequired: 'Please enter your name',
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter a message',
  tooLong: (max: number) => `Please keep this under ${max} characters`,
} as const;

/** Generous caps: the forms have no length limits (spec 1 §5), the server still refuses absurd input. */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_SUBJECT_MAX = 300;
export const CONTACT_MESSAGE_MAX = 20_000;
export const CONTACT_PHONE_MAX = 40;
export const CONTACT_PROJECT_ID_MAX = 100;

/** A required text: one line (a name, a subject), or several (`lines: 'multi'`, the message). */
const required = (message: string, max: number, lines: 'one' | 'multi' = 'one') =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: contactFieldMessages.tooLong(max) })
    .check(lines === 'one' ? oneLine() : multiLine());

/** An optional one-line text; empty or missing becomes undefined. */
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: contactFieldMessages.tooLong(max) })
    .check(oneLine())
    .nullish()
    .transform((v) => (v ? v : undefined));

export const chatContactSchema = z
  .object({
    name: required(contactFieldMessages.nameRequired, CONTACT_NAME_MAX),
    email: emailSchema,
    subject: optional(CONTACT_SUBJECT_MAX),
    message: required(contactFieldMessages.messageRequired, CONTACT_MESSAGE_MAX, 'multi'),
    /** The project the page was about, when the form sits in a project's context. */
    projectId: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v === null || v === undefined ? undefined : String(v).trim() || undefined))
      .pipe(
        z
          .string()
          .max(CONTACT_PROJECT_ID_MAX, { error: 'Project ID is too long' })
          .check(oneLine())
          .optional(),
      ),
  })
  .meta({ id: 'ChatContactRequest' });
export type ChatContactInput = z.input<typeof chatContactSchema>;
export type ChatContact = z.output<typeof chatContactSchema>;

export const emailContactSchema = z
  .object({
    firstName: required(contactFieldMessages.firstNameRequired, CONTACT_NAME_MAX),
    lastName: required(contactFieldMessages.lastNameRequired, CONTACT_NAME_MAX),
    email: emailSchema,
    phone: optional(CONTACT_PHONE_MAX),
    subject: required(contactFieldMessages.subjectRequired, CONTACT_SUBJECT_MAX),
    message: required(contactFieldMessages.messageRequired, CONTACT_MESSAGE_MAX, 'multi'),
  })
  .meta({ id: 'EmailContactRequest' });
export type EmailContactInput = z.input<typeof emailContactSchema>;
export type EmailContact = z.output<typeof emailContactSchema>;

/** Answer of both POST calls; the e-mail form shows `message` in its success notice. */
export const contactSentSchema = z.object({ id: z.uuid(), message: z.string() }).meta({ id: 'ContactSent' });
export type ContactSent = z.infer<typeof contactSentSchema>;

/** The spec's own rule for the chat form: name, email and message non-empty after trimming. */
export function chatContactMissing(v: { name: string; email: string; message: string }): boolean {
  return !v.name.trim() || !v.email.trim() || !v.message.trim();
}

/** The e-mail form's rule: everything but the phone is required. */
export function emailContactMissing(v: {
  firstName: string;
  lastName: string;
  email: string;
  subject: string;
  message: string;
}): boolean {
  return [v.firstName, v.lastName, v.email, v.subject, v.message].some((x) => !x.trim());
}

// ---------------------------------------------------------------- admin listing

export const contactChannels = ['chat', 'email'] as const;
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export const deliveredToValues = ['slack', 'inbox', 'support_email'] as const;

export const CONTACT_LIST_DEFAULT_PAGE_SIZE = 50;
export const CONTACT_LIST_MAX_PAGE_SIZE = 200;

export const contactListQuerySchema = z.object({
  channel: z.enum(contactChannels).optional(),
  status: z.enum(deliveryStatuses).optional(),
  ...queuePageQueryShape(CONTACT_LIST_MAX_PAGE_SIZE, CONTACT_LIST_DEFAULT_PAGE_SIZE),
});
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const storedContactMessageSchema = z
  .object({
    id: z.uuid(),
    channel: z.enum(contactChannels),
    name: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
    phone: z.string().nullable(),
    subject: z.string().nullable(),
    message: z.string(),
    projectId: z.string().nullable(),
    userId: z.string().nullable(),
    deliveryStatus: z.enum(deliveryStatuses),
    deliveredTo: z.enum(deliveredToValues).nullable(),
    deliveryAttempts: z.number().int(),
    lastError: z.string().nullable(),
    deliveredAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StoredContactMessage' });
export type StoredContactMessage = z.infer<typeof storedContactMessageSchema>;

export const contactMessageListSchema = z
  .object({
    items: z.array(storedContactMessageSchema),
    ...queuePageFields,
  })
  .meta({ id: 'ContactMessageList' });
export type ContactMessageList = z.infer<typeof contactMessageListSchema>;
