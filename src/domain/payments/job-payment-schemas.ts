import { z } from 'zod';
import { oneLine } from '../text-safety';
import {
  jobPaymentMethods,
  jobPaymentParts,
  jobPaymentStates,
  jobPaymentMessages as m,
} from './job-payments';
import { paymentModes } from './schemas';

/** The job's payments (issue 25 #3, #5): the API's shapes. Amounts are integer cents. */

export const JOB_PAYMENT_REASON_MAX = 500;
export const JOB_PAYMENT_REFERENCE_MAX = 120;
const MAX_CENTS = 100_000_000_00;

const cents = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_CENTS, { error: message });

export const jobPaymentPartParamsSchema = z.object({
  id: z.string().max(100),
  part: z.enum(jobPaymentParts, { error: m.notFound }),
});

export const jobPaymentParamsSchema = z.object({ id: z.string().max(100) });

export const projectJobPaymentParamsSchema = z.object({
  id: z.string().max(100),
  jobPaymentId: z.string().max(100),
});

export const jobPaymentRefundSchema = z
  .object({
    amountCents: z
      .number({ error: m.refundAmountInvalid })
      .int({ error: m.refundAmountInvalid })
      .min(1, { error: m.refundAmountInvalid })
      .max(MAX_CENTS, { error: m.refundAmountInvalid }),
    reason: z
      .string({ error: m.reasonRequired })
      .trim()
      .min(1, { error: m.reasonRequired })
      .max(JOB_PAYMENT_REASON_MAX, { error: m.reasonRequired })
      .check(oneLine()),
    /** The browser's key of this refund: the same key twice is one refund (a retried click). */
    requestId: z.uuid(),
  })
  .meta({ id: 'JobPaymentRefundRequest' });
export type JobPaymentRefundRequest = z.infer<typeof jobPaymentRefundSchema>;

export const jobPaymentOutsideSchema = z
  .object({
    amountCents: cents(m.amountRequired),
    reference: z
      .string({ error: m.referenceRequired })
      .trim()
      .min(1, { error: m.referenceRequired })
      .max(JOB_PAYMENT_REFERENCE_MAX, { error: m.referenceRequired })
      .check(oneLine()),
    /** The day it was received (YYYY-MM-DD). */
    receivedOn: z.iso.date({ error: m.dateRequired }),
  })
  .meta({ id: 'JobPaymentOutsideRequest' });
export type JobPaymentOutsideRequest = z.infer<typeof jobPaymentOutsideSchema>;

export const jobPaymentPayerSchema = z
  .object({
    /** Null name and e-mail: the homeowner pays again. */
    payerName: z
      .string({ error: m.payerNameRequired })
      .trim()
      .min(1, { error: m.payerNameRequired })
      .max(120, { error: m.payerNameRequired })
      .check(oneLine())
      .nullable(),
    payerEmail: z.email({ error: m.payerEmailInvalid }).max(254, { error: m.payerEmailInvalid }).nullable(),
  })
  .refine((v) => (v.payerName === null) === (v.payerEmail === null), {
    error: m.payerNameRequired,
    path: ['payerName'],
  })
  .meta({ id: 'JobPaymentPayerRequest' });
export type JobPaymentPayerRequest = z.infer<typeof jobPaymentPayerSchema>;

export const jobPaymentRefundViewSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded']),
  createdAt: z.string(),
});

export const jobPaymentSchema = z
  .object({
    part: z.enum(jobPaymentParts),
    state: z.enum(jobPaymentStates),
    /** Null until the part is asked. */
    id: z.string().nullable(),
    amountCents: z.number().int().nullable(),
    receivedCents: z.number().int().nullable(),
    refundedCents: z.number().int(),
    method: z.enum(jobPaymentMethods).nullable(),
    requestedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    outsideReference: z.string().nullable(),
    cardLast4: z.string().nullable(),
    /** Null: the homeowner pays. */
    payerName: z.string().nullable(),
    payerEmail: z.string().nullable(),
    /** The receipt's download path once the part is received. */
    receiptUrl: z.string().nullable(),
    refunds: z.array(jobPaymentRefundViewSchema),
  })
  .meta({ id: 'JobPayment' });
export type JobPayment = z.infer<typeof jobPaymentSchema>;

export const jobPaymentsSchema = z
  .object({
    projectId: z.string(),
    /** The approved budget (final cost, else estimate), cents. */
    budgetCents: z.number().int().nullable(),
    firstPercent: z.number().int(),
    /** Whether the caller may pay by card (the homeowner). */
    canPay: z.boolean(),
    parts: z.array(jobPaymentSchema),
    message: z.string().optional(),
  })
  .meta({ id: 'JobPayments' });
export type JobPayments = z.infer<typeof jobPaymentsSchema>;

export const jobPaymentIntentSchema = z
  .object({
    paymentIntentId: z.string(),
    clientSecret: z.string(),
    amountCents: z.number().int(),
    mode: z.enum(paymentModes),
  })
  .meta({ id: 'JobPaymentIntent' });
export type JobPaymentIntent = z.infer<typeof jobPaymentIntentSchema>;
