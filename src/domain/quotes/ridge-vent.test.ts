import { describe, expect, it } from 'vitest';
import { quoteData } from '../../../tests/helpers/quote-data';
import { toFieldErrors } from '../errors';
import { apiOrderRequestSchema } from '../organizations/organizations';
import { ridgeVentOf, ridgeVentOptions } from './options';
import { createPaymentIntentRequestSchema, submitQuoteRequestSchema } from './quote-calls';
import { emptyQuoteForm, quoteDataSchema, quoteFieldOrder, quoteMessages } from './quote-form';

/** A complete order as the spec's browser sends it: no ridgeVent key at all. */
const specOrder = quoteData();

describe('the ridge vent question (issue 24 #7)', () => {
  it('offers Yes, No and Not sure, and comes after the roof layers in the form', () => {
    expect(ridgeVentOptions).toEqual(['Yes', 'No', 'Not sure']);
    expect(quoteFieldOrder.indexOf('ridgeVent')).toBe(quoteFieldOrder.indexOf('roofLayers') + 1);
    expect(emptyQuoteForm.ridgeVent).toBeNull();
  });

  it('is optional: an order without it, with null or with undefined is accepted, as null', () => {
    expect('ridgeVent' in specOrder).toBe(false);
    for (const value of [
      specOrder,
      { ...specOrder, ridgeVent: null },
      { ...specOrder, ridgeVent: undefined },
    ]) {
      const parsed = quoteDataSchema.safeParse(value);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(parsed.data?.ridgeVent).toBeNull();
    }
  });

  it.each(ridgeVentOptions)('accepts %s and keeps it', (answer) => {
    const parsed = quoteDataSchema.safeParse({ ...specOrder, ridgeVent: answer });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.ridgeVent).toBe(answer);
  });

  it.each([['yes'], ['Maybe'], [''], [' Yes'], [true], [1], [['Yes']], [{ answer: 'Yes' }]])(
    'refuses %j with its own message',
    (bad) => {
      const parsed = quoteDataSchema.safeParse({ ...specOrder, ridgeVent: bad });
      expect(parsed.success).toBe(false);
      const errors = toFieldErrors(parsed.error as Parameters<typeof toFieldErrors>[0]);
      expect(errors).toEqual({ ridgeVent: [quoteMessages.ridgeVent] });
    },
  );

  it('leaves every spec 1 section 7 payload valid without it', () => {
    expect(
      createPaymentIntentRequestSchema.safeParse({ finalAmount: 45_000, discountCode: null }).success,
    ).toBe(true);
    expect(createPaymentIntentRequestSchema.safeParse({ vipCode: 'VIP' }).success).toBe(true);
    expect(
      createPaymentIntentRequestSchema.safeParse({ quoteData: specOrder, discountCode: null }).success,
    ).toBe(true);
    expect(
      submitQuoteRequestSchema.safeParse({
        quoteData: specOrder,
        paymentIntentId: 'pi_123',
        discountCode: null,
      }).success,
    ).toBe(true);
    expect(
      submitQuoteRequestSchema.safeParse({
        quoteData: specOrder,
        paymentIntentId: 'free_submission',
        isVipSubmission: true,
        discountCode: 'VIP',
      }).success,
    ).toBe(true);
    expect(apiOrderRequestSchema.safeParse(specOrder).success).toBe(true);
  });

  it('refuses a bad answer inside the payloads, named by its path', () => {
    const bad = submitQuoteRequestSchema.safeParse({
      quoteData: { ...specOrder, ridgeVent: 'Sometimes' },
      paymentIntentId: 'pi_123',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['quoteData.ridgeVent', quoteMessages.ridgeVent],
    ]);
  });

  it('prices a ridge vent only for Yes', () => {
    expect(ridgeVentOf('Yes')).toBe(true);
    expect(ridgeVentOf('No')).toBe(false);
    for (const unknown of ['Not sure', null, undefined, 'yes', ''])
      expect(ridgeVentOf(unknown)).toBeUndefined();
  });
});
