/** Number formats of the report (US English): money from integer cents, lengths, areas, pitches. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** $1,234.56 */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** $1,235 (rounded to whole dollars, for headline figures). */
export function formatCentsWhole(cents: number): string {
  return usdWhole.format(Math.round(cents / 100));
}

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
