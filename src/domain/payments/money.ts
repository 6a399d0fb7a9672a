/**
 * Money is integer cents everywhere; these turn it into what people read (US English), in the
 * browser, the mails and the report alike. Each formatter of an amount that may be missing takes
 * the text to show instead ("Not calculated", "N/A"). The texts are Intl's en-US currency format,
 * written without Intl (../en-us-format.ts: a page's first render makes no Intl object).
 */
import { formatUsd } from '../en-us-format';

/** "$1,405.00" from cents; the fallback when there is no amount. */
export function formatCents(cents: number): string;
export function formatCents(cents: number | null | undefined, fallback: string): string;
export function formatCents(cents: number | null | undefined, fallback = ''): string {
  return cents == null ? fallback : formatUsd(cents / 100);
}

/** "$1,405" from cents, rounded to whole dollars (headline figures, budgets, the sample quote). */
export function formatCentsWhole(cents: number): string;
export function formatCentsWhole(cents: number | null | undefined, fallback: string): string;
export function formatCentsWhole(cents: number | null | undefined, fallback = ''): string {
  return cents == null ? fallback : formatUsd(Math.round(cents / 100), 0);
}

/** "$21,890" when the cents make whole dollars, else "$21,890.50" (a contractor's payouts). */
export function formatCentsShort(cents: number): string {
  return cents % 100 === 0 ? formatUsd(cents / 100, 0) : formatUsd(cents / 100);
}

/** "$2,000,000" from an amount already in whole dollars (insurance coverage, bonds, shares). */
export function formatWholeDollars(dollars: number): string {
  return formatUsd(dollars, 0);
}

/** "405.00": dollars with two decimals, no sign (the /thank-you `amount` parameter, CSV files). */
export function centsToDollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "$405.00" from the dollars text of a URL ("405", "405.00"); null when it is not an amount. */
export function formatDollarsText(text: string | null | undefined): string | null {
  if (!text) return null;
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  return formatCents(Math.round(Number(trimmed) * 100));
}
