import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDay, formatNumber, formatUsd, onFirstUse } from './en-us-format';

/** Every formatter here must write what Intl's en-US writes: compared over generated values. */
const numbers = fc.oneof(
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ min: -1e12, max: 1e12, noNaN: true }),
  // halves and near-halves at the rounding digit, where a hand-written rounding goes wrong first
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 1000 + 0.0005),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 200),
  fc.constantFrom(0, -0, 0.5, 1.5, 2.5, -0.5, 1.005, 1.0049999, 999.9995, 1e20, -1e20, 123456789.125),
);

describe('en-US numbers without Intl', () => {
  it('formatNumber matches Intl for the default and the fraction digits the app uses', () => {
    const options = [
      {},
      { maximumFractionDigits: 0 },
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    ];
    fc.assert(
      fc.property(numbers, fc.constantFrom(...options), (value, opts) => {
        expect(formatNumber(value, opts)).toBe(new Intl.NumberFormat('en-US', opts).format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it('formatNumber is what toLocaleString("en-US") writes', () => {
    fc.assert(
      fc.property(numbers, (value) => {
        expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
      }),
      { numRuns: 1000 },
    );
  });

  it('formatUsd matches the en-US currency format, with cents and in whole dollars', () => {
    fc.assert(
      fc.property(numbers, fc.constantFrom(0 as const, 2 as const), (value, digits) => {
        const intl = new Intl.NumberFormat('en-US', {
          style: 'currency',
          currency: 'USD',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        expect(formatUsd(value, digits)).toBe(intl.format(value));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [1234.5, '1,234.5'],
    [-0, '-0'],
    [1e21, '1,000,000,000,000,000,000,000'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, '∞'],
  ])('formatNumber(%d) is %s (large and non-finite values go to Intl)', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it.each([
    [1405, 2, '$1,405.00'],
    [-12.5, 2, '-$12.50'],
    [1405.5, 0, '$1,406'],
    [0.004, 2, '$0.00'],
  ] as const)('formatUsd(%d, %i) is %s', (value, digits, text) => {
    expect(formatUsd(value, digits)).toBe(text);
  });
});

describe('en-US days without Intl', () => {
  const dates = fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2200-12-31T23:59:59Z'),
    noInvalidDate: true,
  });

  it('formatDay matches toLocaleDateString for every combination the app uses, local and UTC', () => {
    fc.assert(
      fc.property(dates, fc.boolean(), fc.boolean(), fc.boolean(), (date, utc, year, weekday) => {
        const intl = date.toLocaleDateString('en-US', {
          month: 'short',
          day: 'numeric',
          ...(year ? { year: 'numeric' } : {}),
          ...(weekday ? { weekday: 'short' } : {}),
          ...(utc ? { timeZone: 'UTC' } : {}),
        });
        expect(formatDay(date, { utc, year, weekday })).toBe(intl);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [{}, 'May 14, 2026'],
    [{ year: false }, 'May 14'],
    [{ weekday: true }, 'Thu, May 14, 2026'],
  ])('formatDay(2026-05-14, %o) is %s', (opts, text) => {
    expect(formatDay(new Date('2026-05-14T12:00:00Z'), { utc: true, ...opts })).toBe(text);
  });

  it('writes a far year as Intl does, and says when the date is invalid', () => {
    const far = new Date('+012345-06-01T12:00:00Z');
    expect(formatDay(far, { utc: true })).toBe(
      far.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    );
    expect(formatDay(new Date('not a date'))).toBe('Invalid Date');
  });
});

describe('onFirstUse', () => {
  it('makes its value on the first call only, and not before', () => {
    let made = 0;
    const get = onFirstUse(() => ({ n: ++made }));
    expect(made).toBe(0);
    const first = get();
    expect(get()).toBe(first);
    expect(made).toBe(1);
  });
});
