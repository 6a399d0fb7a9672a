import { describe, expect, it } from 'vitest';
import { firstErrorField, orderTotalCents, quoteFieldErrors, readCheckoutReturn } from './quote-checkout';

describe('useQuoteCheckout pure parts', () => {
  it('totals the base price or the discounted amount', () => {
    expect(orderTotalCents(null)).toBe(45_000);
    expect(orderTotalCents({ finalAmount: 40_500 })).toBe(40_500);
    expect(orderTotalCents({ finalAmount: 0 })).toBe(0);
  });

  it("puts the server's field errors on the form's fields, in the form's order", () => {
    expect(
      quoteFieldErrors({
        'quoteData.zipCode': ['Valid zip code is required'],
        'quoteData.requesterEmail': ['Valid email is required', 'second'],
        'quoteData.roofAreaSqFt': ['Enter a roof area between 200 and 50,000 sq ft, or leave it empty'],
        sketchFile: ['Please upload your sketch file'],
        draftId: ['The draft key is not valid.'],
      }),
    ).toEqual([
      { name: 'requesterEmail', message: 'Valid email is required' },
      { name: 'zipCode', message: 'Valid zip code is required' },
      { name: 'sketchFile', message: 'Please upload your sketch file' },
      { name: 'roofAreaSqFt', message: 'Enter a roof area between 200 and 50,000 sq ft, or leave it empty' },
    ]);
    expect(quoteFieldErrors(undefined)).toEqual([]);
  });

  it('finds the first field with an error as the form shows them', () => {
    expect(firstErrorField({ city: {}, requesterLastName: {} })).toBe('requesterLastName');
    expect(firstErrorField({ livingAreaSqFt: {} })).toBe('livingAreaSqFt');
    expect(firstErrorField({})).toBeUndefined();
  });

  it('reads a return from a checkout redirect', () => {
    expect(readCheckoutReturn('', null)).toEqual({ kind: 'none' });
    expect(readCheckoutReturn('?zip=75201', null)).toEqual({ kind: 'none' });
    expect(readCheckoutReturn('?payment=cancelled', null)).toEqual({ kind: 'cancelled' });
    expect(readCheckoutReturn('?payment=success', null)).toEqual({ kind: 'cancelled' });
    expect(readCheckoutReturn('?payment=success&session_id=pi_1&redirect_status=failed', null)).toEqual({
      kind: 'cancelled',
    });
    expect(readCheckoutReturn('?payment=maybe&session_id=pi_1', null)).toEqual({ kind: 'other' });
    expect(
      readCheckoutReturn('?payment=success&session_id=pi_1', {
        paymentIntentId: 'pi_1',
        amountCents: 40_500,
      }),
    ).toEqual({ kind: 'success', paymentIntentId: 'pi_1', paidCents: 40_500 });
    // the stored intent answers for a return without session_id; another intent's amount is not used
    expect(readCheckoutReturn('?payment=success', { paymentIntentId: 'pi_2', amountCents: 45_000 })).toEqual({
      kind: 'success',
      paymentIntentId: 'pi_2',
      paidCents: 45_000,
    });
    expect(
      readCheckoutReturn('?payment=success&session_id=pi_3', {
        paymentIntentId: 'pi_2',
        amountCents: 45_000,
      }),
    ).toEqual({ kind: 'success', paymentIntentId: 'pi_3', paidCents: null });
  });
});
