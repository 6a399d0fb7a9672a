import { z } from 'zod';
import { discountTypes } from './discount';

/** Payment notices of spec 1, section 8, word for word. */
export const paymentMessages = {
  failedTitle: 'Payment Failed',
  fillRequiredFirst: 'Please fill out all required fields first',
  stripeNotLoaded: 'Stripe not loaded',
  notReadyTitle: 'Payment Not Ready',
  notReadyBody: 'Please wait for payment form to load.',
  successTitle: 'Payment Successful',
  successBody: 'Your payment went through. We are submitting your quote now.',
  cancelledTitle: 'Payment Cancelled',
  cancelledBody: 'Your payment was cancelled. You can try again.',
  setupFailedInline: 'Payment setup failed. Please refresh and try again.',
  setupFailedTitle: 'Setup Failed',
  setupFailedBody: 'Unable to initialize payment system. Please refresh the page.',
  failedFallback: 'Your payment could not be completed. Please try again.',
  processing: 'Your payment is processing. We will email you as soon as it completes.',
  alreadyProcessing: 'This payment is already being processed.',
  alreadySucceeded: 'This payment has already succeeded.',
  unknownIntent: 'We could not find this payment. Please refresh the page and try again.',
  badClientSecret: 'This payment could not be confirmed. Please refresh the page and try again.',
  notSandbox: 'Card payments go through Stripe on this server; the test-mode sandbox is off.',
  webhookNotConfigured: 'The Stripe webhook is not configured on this server.',
  webhookBadSignature: 'The Stripe signature of this event is not valid.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  /** The intent was cancelled (expired, replaced, or its discount code withdrawn): a new one is needed. */
  intentCancelled: 'This payment has expired. Please refresh the page and try again.',
} as const;

export const paymentModes = ['sandbox', 'stripe'] as const;
export type PaymentMode = (typeof paymentModes)[number];

export const stripeConfigResponseSchema = z
  .object({
    /** Null in the sandbox (no Stripe keys on the server). */
    publishableKey: z.string().nullable(),
    mode: z.enum(paymentModes),
  })
  .meta({ id: 'StripeConfig' });
export type StripeConfigResponse = z.infer<typeof stripeConfigResponseSchema>;

export const validateDiscountRequestSchema = z
  .object({ code: z.string().max(40, { error: 'Discount codes are at most 40 characters.' }) })
  .meta({ id: 'ValidateDiscountRequest' });

export const discountSchema = z.object({
  code: z.string(),
  type: z.enum(discountTypes),
  /** Cents for amount, whole percent for percent, 0 for free. */
  value: z.number().int(),
  originalAmount: z.number().int(),
  finalAmount: z.number().int(),
});
export type Discount = z.infer<typeof discountSchema>;

export const validateDiscountResponseSchema = z
  .object({
    valid: z.boolean(),
    discount: discountSchema.nullable(),
    message: z.string(),
    /** True when the code makes the submission free (VIP, or a discount down to zero). */
    freeSubmission: z.boolean(),
  })
  .meta({ id: 'ValidateDiscountResponse' });
export type ValidateDiscountResponse = z.infer<typeof validateDiscountResponseSchema>;

export const sandboxCardSchema = z.object({
  number: z.string().max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(8),
  postalCode: z.string().max(12).nullish(),
});

export const sandboxConfirmRequestSchema = z
  .object({
    paymentIntentId: z.string().trim().min(1).max(255),
    clientSecret: z.string().trim().min(1).max(255),
    card: sandboxCardSchema,
  })
  .meta({ id: 'SandboxConfirmRequest' });
export type SandboxConfirmRequest = z.infer<typeof sandboxConfirmRequestSchema>;

export const sandboxConfirmResponseSchema = z
  .object({
    id: z.string(),
    status: z.enum(['succeeded', 'processing']),
    amount: z.number().int(),
    card: z.object({ brand: z.string(), last4: z.string() }),
  })
  .meta({ id: 'SandboxPaymentIntent' });
export type SandboxConfirmResponse = z.infer<typeof sandboxConfirmResponseSchema>;

/** A declined or failed payment: the contract's error form plus Stripe-like codes. */
export const paymentErrorSchema = z
  .object({
    message: z.string(),
    error: z.string().optional(),
    code: z.string().optional(),
    declineCode: z.string().optional(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'PaymentError' });
export type PaymentError = z.infer<typeof paymentErrorSchema>;

// ---------------------------------------------------------------- admin: discount codes

export const discountCodeMessages = {
  codeFormat: 'Use 2-40 letters, digits, dashes or underscores.',
  percentRange: 'A percent discount is a whole number from 1 to 100.',
  amountRange: 'An amount discount is a whole number of cents from 1 to 45000.',
  maxUses: 'The usage limit is a whole number of at least 1.',
  expiresPast: 'The expiry must be in the future.',
  duplicate: 'A discount code with this name already exists.',
  notFound: 'This discount code does not exist.',
} as const;

export const adminDiscountCodeSchema = z
  .object({
    id: z.string(),
    code: z.string(),
    type: z.enum(discountTypes),
    value: z.number().int(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    maxUses: z.number().int().nullable(),
    usedCount: z.number().int(),
    isActive: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'DiscountCode' });
export type AdminDiscountCode = z.infer<typeof adminDiscountCodeSchema>;

export const adminDiscountCodeListSchema = z.array(adminDiscountCodeSchema).meta({ id: 'DiscountCodeList' });

export const createDiscountCodeSchema = z
  .object({
    code: z
      .string({ error: discountCodeMessages.codeFormat })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9_-]{2,40}$/, { error: discountCodeMessages.codeFormat }),
    type: z.enum(discountTypes, { error: 'Choose amount, percent or free.' }),
    value: z
      .number({ error: 'The value is a whole number.' })
      .int({ error: 'The value is a whole number.' })
      .default(0),
    expiresAt: z.iso.datetime({ offset: true, error: 'The expiry is an ISO 8601 date-time.' }).nullish(),
    maxUses: z
      .number()
      .int({ error: discountCodeMessages.maxUses })
      .min(1, { error: discountCodeMessages.maxUses })
      .nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'percent' && (v.value < 1 || v.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.percentRange });
    }
    if (v.type === 'amount' && (v.value < 1 || v.value > 45_000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: discountCodeMessages.amountRange });
    }
  })
  .meta({ id: 'CreateDiscountCodeRequest' });
export type CreateDiscountCodeInput = z.infer<typeof createDiscountCodeSchema>;

export const discountCodeParamsSchema = z.object({ id: z.string().max(64) });
