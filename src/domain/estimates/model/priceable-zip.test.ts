import { describe, expect, it } from 'vitest';
import { lookupZone } from '../regional/zones';
import {
  assertPriceableZip,
  MILITARY_ZIP_MESSAGE,
  UNASSIGNED_ZIP_MESSAGE,
  unpriceableZipReason,
} from './priceable-zip';

describe('priceable ZIP codes', () => {
  it('refuses exactly the prefixes whose zone is military mail or the national fallback', () => {
    for (let i = 0; i < 1000; i++) {
      const prefix = String(i).padStart(3, '0');
      const zone = lookupZone(`${prefix}01`);
      const expected =
        zone.state === 'MIL' ? MILITARY_ZIP_MESSAGE : zone.state === 'US' ? UNASSIGNED_ZIP_MESSAGE : null;
      expect({ prefix, reason: unpriceableZipReason(`${prefix}01`) }).toEqual({ prefix, reason: expected });
    }
  });

  it('names the problem in the RangeError', () => {
    expect(() => assertPriceableZip('09012')).toThrow(/Military \(APO\/FPO\/DPO\)/);
    expect(() => assertPriceableZip('96201-1234')).toThrow(RangeError);
    expect(() => assertPriceableZip('00012')).toThrow('This ZIP code is not a US postal area');
    expect(() => assertPriceableZip('10001')).not.toThrow();
    expect(() => assertPriceableZip('00501')).not.toThrow(); // 005: Holtsville NY (IRS)
  });
});
