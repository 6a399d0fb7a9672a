import { describe, expect, it } from 'vitest';
import { quoteData } from '../../../../tests/helpers/quote-data';
import { type QuoteData, quoteDataSchema } from '../../../domain/quotes/quote-form';
import { canonicalOrder, orderKey } from './order-key';

const form = (overrides: Record<string, unknown> = {}): QuoteData =>
  quoteDataSchema.parse(quoteData({ requesterEmail: 'key@order.test', ...overrides }));

describe('the order fingerprint (requester, canonical form data, code)', () => {
  it('is the same for forms the order does not tell apart', () => {
    const key = orderKey(form(), null);
    expect(orderKey(form({ requesterEmail: ' KEY@Order.test ' }), null)).toBe(key);
    expect(orderKey(form({ streetAddress: ' 1200  ELM street ', city: 'dallas' }), null)).toBe(key);
    expect(orderKey(form({ streetAddress2: '   ', homeownerPhone: '' }), null)).toBe(key);
    // insurance fields without insurance, and size fields with a file, are not part of the order
    expect(orderKey(form({ carrierName: 'Acme Mutual', claimNumber: 'C-1' }), null)).toBe(key);
    expect(orderKey(form(), '')).toBe(key);
    // the key order of the payload does not matter
    const reversed = Object.fromEntries(Object.entries(form()).reverse()) as QuoteData;
    expect(orderKey(reversed, null)).toBe(key);
  });

  it('differs for another requester, other form data or another code', () => {
    const key = orderKey(form(), null);
    expect(orderKey(form({ requesterEmail: 'other@order.test' }), null)).not.toBe(key);
    expect(orderKey(form({ roofLayers: '2 Layers over shake' }), null)).not.toBe(key);
    expect(orderKey(form({ roofAreaSqFt: 2400 }), null)).not.toBe(key);
    expect(orderKey(form(), 'SAVE10')).not.toBe(key);
    expect(orderKey(form(), 'save10')).toBe(orderKey(form(), 'SAVE10'));
    const insured = form({ insuranceInvolved: 'Yes', carrierName: 'Acme Mutual' });
    expect(orderKey(insured, null)).not.toBe(orderKey(form({ insuranceInvolved: 'Yes' }), null));
  });

  it('keeps the upload address exactly (it is case-sensitive) and sorts the fields', () => {
    const fields = canonicalOrder(form({ streetAddress: '  9  Pine  St ' }));
    expect(fields.map(([k]) => k)).toEqual([...fields.map(([k]) => k)].sort());
    expect(Object.fromEntries(fields).streetAddress).toBe('9 pine st');
    const withFile = {
      ...form(),
      measurementFileSource: 'Eagleview .xml',
      sketchFileUrl: '/api/uploads/sketch/AbCdEfGhIjKlMnOpQrStUv',
      roofAreaSqFt: 2400,
    } as QuoteData;
    const canonical = Object.fromEntries(canonicalOrder(withFile));
    expect(canonical.sketchFileUrl).toBe('/api/uploads/sketch/AbCdEfGhIjKlMnOpQrStUv');
    expect(canonical.roofAreaSqFt).toBeUndefined();
  });
});
