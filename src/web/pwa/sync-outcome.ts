import { parseApiError } from '@web/lib/error-message';

/**
 * What a failed send of a queued change means (docs/pwa.md):
 * - `retry`: no answer (the network), or an answer that says "later" (408, 429, 5xx): the change
 *   stays queued and the queue stops, so changes still arrive in the order they were made;
 * - `signedOut`: 401, the session ended: kept until this user signs in again;
 * - `refused`: any other answer (400, 403, 404, 409, 413, 415, 422): the project no longer takes
 *   it (reassigned, cancelled, the step closed). Shown with the server's reason until dismissed.
 */
export type SendFailure = { kind: 'retry' } | { kind: 'signedOut' } | { kind: 'refused'; reason: string };

export function sendFailureOf(error: unknown): SendFailure {
  const { status, message } = parseApiError(error);
  if (status === undefined) return { kind: 'retry' };
  if (status === 401) return { kind: 'signedOut' };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry' };
  return { kind: 'refused', reason: message ?? `The server refused it (${status}).` };
}

/** The wait before the next try after `failures` failed ones in a row: 2 s doubling, at most a minute. */
export function retryDelayMs(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

/** Whether a failed call never reached the server (the change can be queued and sent later). */
export function unreachable(error: unknown): boolean {
  return (
    !navigator.onLine || (error instanceof TypeError && /fetch|network|load failed/i.test(error.message))
  );
}
