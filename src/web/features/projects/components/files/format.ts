import { formatDay, onFirstUse } from '@domain/en-us-format';

/** 2.4 MB, 310 KB, 900 B. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** May 14, 2026 (from an ISO string). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDay(date);
}

const takenTime = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }));
const takenDay = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' }));

/** 'Taken 10:42, 12 May' (a photo's capture time, in the viewer's time zone); '' when unknown. */
export function formatTaken(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `Taken ${takenTime().format(date)}, ${takenDay().format(date)}`;
}
