/**
 * US English numbers and dates without `Intl`, for what a page shows on its first render.
 *
 * The first Intl object a browser tab makes (also `Number#toLocaleString`,
 * `Date#toLocaleDateString`, `String#localeCompare`) loads ICU's locale data: 25-100 ms of the main
 * thread in Debian's Chromium here, once per tab, in the middle of the first render, and four
 * times that on Lighthouse's phone (docs/decisions/011-first-render-without-intl.md). These give
 * the same text as Intl's en-US for the options they take: en-us-format.test.ts compares them with
 * Intl over generated values (100,000 per formatter once, in four time zones). What they do not
 * write themselves (a value String() writes with an exponent, NaN, Infinity, a year past 9999)
 * goes to Intl.
 */

/** Intl's own formatter, made on first use only. */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** '1234567' -> '1,234,567' */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/**
 * Sign and digits of |value| rounded as ICU rounds: the shortest decimal that reads back as the
 * value (what `String(value)` writes: 46947.575, not the binary 46947.57499...), rounded half away
 * from zero.
 */
function fixedParts(value: number, minimumFractionDigits: number, maximumFractionDigits: number) {
  const negative = value < 0 || Object.is(value, -0);
  const [whole = '0', fraction = ''] = String(Math.abs(value)).split('.');
  let digits = whole + fraction.slice(0, maximumFractionDigits).padEnd(maximumFractionDigits, '0');
  if ((fraction[maximumFractionDigits] ?? '0') >= '5') {
    digits = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
  }
  const wholeDigits = digits.slice(0, digits.length - maximumFractionDigits) || '0';
  let kept = digits.slice(digits.length - maximumFractionDigits);
  while (kept.length > minimumFractionDigits && kept.endsWith('0')) kept = kept.slice(0, -1);
  return { sign: negative ? '-' : '', text: groupThousands(wholeDigits) + (kept ? `.${kept}` : '') };
}

/** Values String() writes with an exponent (from 1e21 on, under 1e-6) and NaN, Infinity go to Intl. */
const plain = (value: number) => Number.isFinite(value) && !String(value).includes('e');

/**
 * `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value)`:
 * '1,234.5', '2,400' (`maximumFractionDigits: 0`), '12.0' (both 1). Defaults as Intl's: 0 and 3.
 */
export function formatNumber(
  value: number,
  { minimumFractionDigits = 0, maximumFractionDigits = Math.max(3, minimumFractionDigits) } = {},
): string {
  if (!plain(value)) {
    return new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits }).format(value);
  }
  const { sign, text } = fixedParts(value, minimumFractionDigits, maximumFractionDigits);
  return sign + text;
}

/**
 * US dollars as Intl's en-US currency format writes them: '$1,405.00', '-$12.50'; with
 * `fractionDigits: 0`, rounded to whole dollars: '$1,405'.
 */
export function formatUsd(dollars: number, fractionDigits: 0 | 2 = 2): string {
  if (!plain(dollars)) {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(dollars);
  }
  const { sign, text } = fixedParts(dollars, fractionDigits, fractionDigits);
  return `${sign}$${text}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * A day as `toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })`
 * writes it: 'May 14, 2026'; `year: false` 'May 14'; `weekday: true` 'Thu, May 14, 2026'.
 * In the reader's time zone, or in UTC with `utc: true` (a day stored as its UTC midnight).
 * An invalid date gives 'Invalid Date', as Intl's would throw: callers check first.
 */
export function formatDay(
  date: Date,
  { utc = false, year = true, weekday = false }: { utc?: boolean; year?: boolean; weekday?: boolean } = {},
): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const month = utc ? date.getUTCMonth() : date.getMonth();
  const day = utc ? date.getUTCDate() : date.getDate();
  const fullYear = utc ? date.getUTCFullYear() : date.getFullYear();
  // Intl writes years before 1 and after 9999 its own way (eras, padding): not ours to show
  if (fullYear < 1 || fullYear > 9999) {
    return date.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      ...(year ? { year: 'numeric' } : {}),
      ...(weekday ? { weekday: 'short' } : {}),
      ...(utc ? { timeZone: 'UTC' } : {}),
    });
  }
  const monthDay = `${MONTHS[month]} ${day}`;
  const text = year ? `${monthDay}, ${fullYear}` : monthDay;
  if (!weekday) return text;
  return `${WEEKDAYS[utc ? date.getUTCDay() : date.getDay()]}, ${text}`;
}
