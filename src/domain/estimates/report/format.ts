/**
 * Number formats of the report (US English): lengths, areas, pitches and dates. Money is
 * domain/payments/money.ts's, the product's one set of formatters (re-exported here for the
 * report's pages).
 */

export { formatCents, formatCentsWhole } from '../../payments/money';

/** 1,234.5 with at most `digits` decimals and at least `minDigits`. */
export function formatNumber(value: number, digits = 2, minDigits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: minDigits });
}

/** "46.0 ft" */
export function formatFeet(value: number): string {
  return `${formatNumber(value, 1, 1)} ft`;
}

/** "1,800 sq ft" */
export function formatSqFt(value: number): string {
  return `${formatNumber(Math.round(value), 0)} sq ft`;
}

/** "6/12", "6.5/12" */
export function formatPitchRise(rise: number): string {
  return `${formatNumber(rise, 1)}/12`;
}

/** "March 4, 2025" */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
