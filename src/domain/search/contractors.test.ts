import { describe, expect, it } from 'vitest';
import { availableContractorsQuerySchema, formatDistance, haversineMiles } from './contractors';

describe('haversineMiles', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineMiles(32.79, -96.8, 32.79, -96.8)).toBe(0);
    expect(haversineMiles(32.79, -96.8, 40.75, -73.99)).toBeCloseTo(
      haversineMiles(40.75, -73.99, 32.79, -96.8),
      9,
    );
  });

  it('matches known great-circle distances', () => {
    // one degree of latitude is about 69.1 miles
    expect(haversineMiles(0, 0, 1, 0)).toBeCloseTo(69.09, 1);
    // Dallas to New York City, about 1,370 miles as the crow flies
    expect(haversineMiles(32.7767, -96.797, 40.7128, -74.006)).toBeGreaterThan(1360);
    expect(haversineMiles(32.7767, -96.797, 40.7128, -74.006)).toBeLessThan(1380);
  });
});

describe('search query', () => {
  it('keeps five digits of a ZIP+4 and normalizes the specialty', () => {
    expect(availableContractorsQuerySchema.parse({ zip: ' 75201-1234 ', specialty: 'solar' })).toEqual({
      zip: '75201',
      specialty: 'Solar',
    });
    expect(
      availableContractorsQuerySchema.parse({ zip: '75201', specialty: 'all' }).specialty,
    ).toBeUndefined();
    expect(
      availableContractorsQuerySchema.parse({ zip: '75201', specialty: 'ALL' }).specialty,
    ).toBeUndefined();
    expect(availableContractorsQuerySchema.parse({ zip: '75201' }).specialty).toBeUndefined();
    expect(availableContractorsQuerySchema.safeParse({ zip: '75201', specialty: 'Gutters' }).success).toBe(
      false,
    );
    expect(availableContractorsQuerySchema.safeParse({ zip: '7520' }).success).toBe(false);
    expect(availableContractorsQuerySchema.safeParse({ zip: 'abcde' }).success).toBe(false);
  });

  it('formats distances with one decimal', () => {
    expect(formatDistance(12.44)).toBe('12.4 miles');
    expect(formatDistance(0)).toBe('0.0 miles');
  });
});
