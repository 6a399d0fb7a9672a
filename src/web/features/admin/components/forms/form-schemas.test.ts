import { describe, expect, it } from 'vitest';
import { authMessages } from '../../../../../domain/auth/schemas';
import { reportMessages } from '../../../../../domain/estimates/report/schemas';
import { discountCodeMessages } from '../../../../../domain/payments/schemas';
import { projectMessages } from '../../../../../domain/projects/workflow';
import {
  BUDGET_DOLLARS_MESSAGE,
  DISCOUNT_FORM_EMPTY,
  discountFormSchema,
  measurementFormSchema,
  PROJECT_FORM_EMPTY,
  projectFormSchema,
} from './form-schemas';

/** Each field's first message, as the form shows them. */
function errors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('the Create New Project form', () => {
  it('says every missing required field at once, and a bad budget and roof area too', () => {
    const result = projectFormSchema.safeParse({
      ...PROJECT_FORM_EMPTY,
      title: 'SWRX-2026-7KQ4M',
      roofArea: '2400.5',
      estimatedCost: 'about 14k',
    });
    expect(errors(result)).toEqual({
      homeownerEmail: authMessages.emailRequired,
      address: projectMessages.createRequired,
      roofArea: 'Please enter the roof area in whole square feet',
      estimatedCost: BUDGET_DOLLARS_MESSAGE,
    });
  });

  it('sends the budget in cents and leaves out what was left empty', () => {
    const result = projectFormSchema.parse({
      ...PROJECT_FORM_EMPTY,
      title: ' SWRX-2026-7KQ4M ',
      homeownerEmail: 'Morgan@Example.com',
      address: '1900 Pacific Ave',
      roofArea: '2400',
      priority: 'high',
      estimatedCost: '$18,450.50',
    });
    expect(result).toEqual({
      title: 'SWRX-2026-7KQ4M',
      homeownerEmail: 'morgan@example.com',
      address: '1900 Pacific Ave',
      roofArea: 2400,
      priority: 'high',
      estimatedCost: 1_845_050,
    });
  });
});

describe('the discount code form', () => {
  const base = { ...DISCOUNT_FORM_EMPTY, code: 'spring-10' };

  it('sends a percent as typed, an amount in cents, a free code with no value', () => {
    expect(discountFormSchema.parse({ ...base, value: '15', maxUses: '3' })).toMatchObject({
      code: 'SPRING-10',
      type: 'percent',
      value: 15,
      maxUses: 3,
      expiresAt: null,
    });
    expect(discountFormSchema.parse({ ...base, type: 'amount', value: '12.5' })).toMatchObject({
      value: 1250,
    });
    expect(discountFormSchema.parse({ ...base, type: 'free', value: 'ignored' })).toMatchObject({ value: 0 });
  });

  it('ends an expiry day at its last second, local time', () => {
    const { expiresAt } = discountFormSchema.parse({ ...base, value: '10', expiresAt: '2030-05-14' });
    expect(expiresAt).toBe(new Date('2030-05-14T23:59:59').toISOString());
  });

  it("says the server's messages on the fields", () => {
    expect(
      errors(discountFormSchema.safeParse({ ...base, code: 'a', value: '150', maxUses: 'many' })),
    ).toEqual({
      code: discountCodeMessages.codeFormat,
      value: discountCodeMessages.percentRange,
      maxUses: discountCodeMessages.maxUses,
    });
    expect(errors(discountFormSchema.safeParse({ ...base, type: 'amount', value: '500' }))).toEqual({
      value: discountCodeMessages.amountRange,
    });
  });
});

describe('the report queue measurement form', () => {
  const empty = {
    mode: 'manual',
    totalAreaSqFt: '',
    predominantPitch: '',
    source: 'HOVER .json',
    file: undefined,
  };

  it('checks typed measurements with the endpoint schema', () => {
    expect(errors(measurementFormSchema.safeParse(empty))).toEqual({
      totalAreaSqFt: reportMessages.areaRange,
      predominantPitch: reportMessages.pitchRequired,
    });
    expect(
      measurementFormSchema.parse({ ...empty, totalAreaSqFt: '2400', predominantPitch: '6/12' }),
    ).toEqual({
      mode: 'manual',
      totalAreaSqFt: 2400,
      predominantPitch: 6,
    });
  });

  it('asks for the file when attaching one, and takes the first chosen', () => {
    expect(errors(measurementFormSchema.safeParse({ ...empty, mode: 'file' }))).toEqual({
      file: reportMessages.fileRequired,
    });
    const file = new File(['{}'], 'roof.json');
    const parsed = measurementFormSchema.parse({ ...empty, mode: 'file', file: [file] });
    expect(parsed).toEqual({ mode: 'file', source: 'HOVER .json', file });
  });
});
