/**
 * When a sign-in attempt may be tried. Failures are counted per account (the e-mail typed) AND per
 * client (IP): a client that keeps guessing waits longer after each failure and is locked out of
 * that account after a handful, while the account's owner, signing in from a client with no
 * failures, is never locked out by someone else's guesses. The account-wide count only matters in
 * a distributed attack (many clients): it then leaves every client a single try.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures from one client allowed without any wait (typos happen). */
export const FREE_FAILURES_PER_CLIENT = 2;
/** Failures from one client after which it is locked out of the account for the window. */
export const CLIENT_LOCK_FAILURES = 8;
/** Failures on one account, from all clients, after which a client with any failure is locked out. */
export const ACCOUNT_LOCK_FAILURES = 100;

export interface LoginFailureCounts {
  /** Failures for this e-mail from this client in the window, and when the latest one was. */
  client: number;
  clientLastAt: Date | null;
  /** Failures for this e-mail from every client in the window. */
  account: number;
}

/** How long a client must wait after its n-th failure: nothing, then 2 s, 4 s, 8 s... doubling. */
export function clientDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES_PER_CLIENT) return 0;
  if (failures >= CLIENT_LOCK_FAILURES) return LOGIN_WINDOW_MS;
  return 1000 * 2 ** (failures - FREE_FAILURES_PER_CLIENT);
}

/** Milliseconds before this client may try this account again; 0 when it may try now. */
export function loginRetryAfterMs(counts: LoginFailureCounts, now: Date): number {
  if (counts.client === 0 || !counts.clientLastAt) return 0;
  const since = now.getTime() - counts.clientLastAt.getTime();
  const delay = counts.account >= ACCOUNT_LOCK_FAILURES ? LOGIN_WINDOW_MS : clientDelayMs(counts.client);
  return Math.max(0, delay - since);
}
