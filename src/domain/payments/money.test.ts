import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  formatCents,
  formatCentsShort,
  formatCentsWhole,
  formatDollarsText,
  formatWholeDollars,
} from './money';

/**
 * The expected texts are what the copies this module replaced printed (the report's and the
 * payments' formatCents, the admin dashboard's and the sample quote's formatDollars, the
 * contractor dashboard's formatMoney, the credentials' formatWholeDollars), so no screen changed.
 */
describe('money formatters', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [45_000, '$450.00'],
    [1_450_050, '$14,500.50'],
    [123_456_789, '$1,234,567.89'],
    [-2_500, '-$25.00'],
  ])('formatCents(%i) is %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [0, '$0'],
    [49, '$0'],
    [50, '$1'],
    [150, '$2'],
    [45_000, '$450'],
    [1_450_050, '$14,501'],
    [2_189_000, '$21,890'],
    [123_456_789, '$1,234,568'],
    [-2_500, '-$25'],
  ])('formatCentsWhole(%i) rounds to %s', (cents, text) => {
    expect(formatCentsWhole(cents)).toBe(text);
  });

  it.each([
    [0, '$0'],
    [1, '$0.01'],
    [45_000, '$450'],
    [2_189_000, '$21,890'],
    [2_189_050, '$21,890.50'],
    [-2_500, '-$25'],
    [-50, '-$0.50'],
  ])('formatCentsShort(%i) is %s', (cents, text) => {
    expect(formatCentsShort(cents)).toBe(text);
  });

  it.each([
    [0, '$0'],
    [25_000, '$25,000'],
    [2_000_000, '$2,000,000'],
    [16_236, '$16,236'],
  ])('formatWholeDollars(%i) is %s', (dollars, text) => {
    expect(formatWholeDollars(dollars)).toBe(text);
  });

  it('shows the fallback when there is no amount, and zero as an amount', () => {
    expect(formatCents(null, 'Not calculated')).toBe('Not calculated');
    expect(formatCents(undefined, 'Not finalized')).toBe('Not finalized');
    expect(formatCents(0, 'Not calculated')).toBe('$0.00');
    expect(formatCents(1_240_000, 'Not calculated')).toBe('$12,400.00');
    expect(formatCentsWhole(null, 'N/A')).toBe('N/A');
    expect(formatCentsWhole(1_450_000, 'N/A')).toBe('$14,500');
  });

  it('writes plain dollars for URLs and CSV, and reads them back from a URL', () => {
    expect(centsToDollars(40_500)).toBe('405.00');
    expect(centsToDollars(5)).toBe('0.05');
    expect(formatDollarsText('405')).toBe('$405.00');
    expect(formatDollarsText('$1405.5')).toBe('$1,405.50');
    expect(formatDollarsText('')).toBeNull();
    expect(formatDollarsText('12345678')).toBeNull();
  });
});
