import { describe, expect, it } from 'vitest';
import type { MeasurementSummary } from '../../../../domain/quotes/quote-calls';
import { fileAddressCheck, unconfirmedAddress } from './address-confirm';

const summary = (address: string | null): MeasurementSummary => ({
  source: 'Eagleview .xml',
  totalAreaSqFt: 3212,
  squares: 32.12,
  predominantPitch: 8,
  facetCount: 7,
  address,
  warnings: [],
});
const values = {
  measurementFileSource: 'Eagleview .xml',
  streetAddress: '1420 Maple Ridge Dr',
  zipCode: '75201',
} as const;

describe('the quote form asks about a file of another property (issue 24 #2)', () => {
  it('blocks the order while a mismatch is neither confirmed nor replaced', () => {
    const file = summary('200 Sample Rd, Fictiona, TX 75000');
    expect(unconfirmedAddress(values, file)).toMatch(/Confirm that the measurement file is of this property/);
    expect(unconfirmedAddress({ ...values, measurementAddressConfirmed: true }, file)).toBeNull();
    expect(unconfirmedAddress(values, summary('1420 Maple Ridge Drive, Dallas, TX 75201'))).toBeNull();
  });

  it('asks nothing without a file, a source that needs one, or a typed street', () => {
    const file = summary('200 Sample Rd, Fictiona, TX 75000');
    expect(unconfirmedAddress(values, null)).toBeNull();
    expect(
      unconfirmedAddress({ ...values, measurementFileSource: "I don't have a sketch file available" }, file),
    ).toBeNull();
    expect(unconfirmedAddress({ ...values, streetAddress: ' ' }, file)).toBeNull();
  });

  it('a file without an address is said, not blocked', () => {
    expect(fileAddressCheck(values, summary(null))?.kind).toBe('missing');
    expect(unconfirmedAddress(values, summary(null))).toBeNull();
  });
});
