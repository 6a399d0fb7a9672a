import { onFirstUse } from '@domain/en-us-format';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

// made on first use: the bell loads with the dashboard's first render, which makes no Intl object
// (@domain/en-us-format)
const format = onFirstUse(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": when something happened, from `now`. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((Date.parse(iso) - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') {
      return format().format(Math.round(seconds / size), unit);
    }
  }
  return 'just now';
}
