import {
  manualMeasurementSchema,
  measurementSourceSchema,
  reportMessages,
} from '@domain/estimates/report/schemas';
import { createDiscountCodeSchema } from '@domain/payments/schemas';
import { projectCreateSchema } from '@domain/projects/schemas';
import { z } from 'zod';
import { dollarsInputToCents } from '../dashboard-model';

/**
 * The admin forms' schemas: what is typed (text) is turned into the call's input and checked by
 * the call's own schema from src/domain, the one the server checks, so a form says what the
 * server would say, on the field concerned.
 */

/** '' as nothing, anything else as the number it spells (NaN when it spells none: the schema says so). */
const numberText = (text: unknown) =>
  typeof text !== 'string' || text.trim() === '' ? undefined : Number(text);

// ---------------------------------------------------------------- Create New Project

export const BUDGET_DOLLARS_MESSAGE = 'Please enter the budget in dollars, for example 14500';

/** The budget is typed in dollars ('14,500', '$14500.50'); the call takes cents. */
const budgetDollars = z
  .string()
  .transform((text, ctx): number | null | undefined => {
    if (text.trim() === '') return undefined;
    const cents = dollarsInputToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: BUDGET_DOLLARS_MESSAGE });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(projectCreateSchema.shape.estimatedCost);

/** POST /api/projects's schema, with the roof area and the budget as typed. */
export const projectFormSchema = projectCreateSchema.extend({
  roofArea: z
    .string()
    .transform((text): number | null | undefined => numberText(text))
    .pipe(projectCreateSchema.shape.roofArea),
  estimatedCost: budgetDollars,
});

export const PROJECT_FORM_EMPTY = {
  title: '',
  description: '',
  homeownerEmail: '',
  homeownerName: '',
  homeownerPhone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  roofArea: '',
  materialPreference: '',
  priority: 'normal',
  estimatedCost: '',
} as const satisfies Record<string, string>;
export type ProjectFormValues = { [K in keyof typeof PROJECT_FORM_EMPTY]: string };
export type ProjectFormOutput = z.output<typeof projectFormSchema>;

/** The fields without which nothing is sent ('Please fill in all required fields.'). */
export const PROJECT_REQUIRED_FIELDS = ['title', 'homeownerEmail', 'address'] as const;

// ---------------------------------------------------------------- discount codes

export const DISCOUNT_FORM_EMPTY = {
  code: '',
  type: 'percent',
  value: '',
  maxUses: '',
  expiresAt: '',
} as const;
export type DiscountFormValues = {
  code: string;
  type: 'amount' | 'percent' | 'free';
  value: string;
  maxUses: string;
  /** A day (YYYY-MM-DD): the code works until its end, in the admin's time zone. */
  expiresAt: string;
};

/**
 * POST /api/admin/discount-codes's schema, with an amount typed in dollars (sent in cents), a
 * percent as typed, no value for a free code, no limit or expiry when left empty.
 */
export const discountFormSchema = z.preprocess((v: DiscountFormValues) => {
  const typed = Number(v.value);
  const maxUses = numberText(v.maxUses);
  return {
    code: v.code,
    type: v.type,
    value: v.type === 'free' ? 0 : v.type === 'amount' ? Math.round(typed * 100) : typed,
    // a text that is no number is no usage limit either: the schema's message says what is
    maxUses: maxUses == null ? null : Number.isNaN(maxUses) ? 0 : maxUses,
    expiresAt: v.expiresAt ? new Date(`${v.expiresAt}T23:59:59`).toISOString() : null,
  };
}, createDiscountCodeSchema);

// ---------------------------------------------------------------- report queue measurements

export interface MeasurementFormValues {
  mode: 'manual' | 'file';
  totalAreaSqFt: string;
  predominantPitch: string;
  source: string;
  file: FileList | undefined;
}

const attachedFile = z
  .custom<FileList | undefined>()
  .transform((list) => list?.[0])
  .pipe(
    z.custom<File>((v) => typeof File !== 'undefined' && v instanceof File, {
      error: reportMessages.fileRequired,
    }),
  );

/** POST /api/admin/reports/{quoteId}/measurements: the area and pitch typed, or a file with its source. */
export const measurementFormSchema = z.discriminatedUnion('mode', [
  manualMeasurementSchema.extend({ mode: z.literal('manual') }),
  z.object({ mode: z.literal('file'), source: measurementSourceSchema, file: attachedFile }),
]);
export type MeasurementFormOutput = z.output<typeof measurementFormSchema>;
