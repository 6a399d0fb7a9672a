/**
 * When a sign-in attempt may be tried, decided BEFORE any password is hashed. Failures are counted
 * per account (the e-mail typed) in two ways:
 * - per client (IP): a client that keeps guessing waits longer after each failure and is locked
 *   out of that account after a handful (typos are forgiven);
 * - for the whole account, from every client: once `accountFailureLimit` failures fall in the
 *   account window, every sign-in attempt on that account is refused (429) without checking the
 *   password, whichever client it comes from, until the oldest of those failures leaves the
 *   window. Many clients (a botnet, a proxy pool) thus get no more guesses than one account's cap,
 *   and a flood costs no hashing. The price: an attacker can pause the owner's password sign-in;
 *   the owner's way back is a mailed link (reset the password by e-mail), which clears the count.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures from one client allowed without any wait (typos happen). */
export const FREE_FAILURES_PER_CLIENT = 2;
/** Failures from one client after which it is locked out of the account for the window. */
export const CLIENT_LOCK_FAILURES = 8;

/**
 * The account-wide cap, from the configuration (LOGIN_ACCOUNT_FAILURE_LIMIT per
 * LOGIN_ACCOUNT_WINDOW_MINUTES; 20 per hour by default: more than one client's own lock, so a
 * forgetful owner on one device never reaches it, and at most 480 guesses a day on an account
 * whatever the number of clients).
 */
export interface AccountCap {
  /** Failed checks on one account, from all clients, after which every attempt is refused. */
  failureLimit: number;
  /** The window those failures are counted in. */
  windowMs: number;
}

export interface LoginFailureCounts {
  /** Failures for this e-mail from this client in LOGIN_WINDOW_MS, and when the latest one was. */
  client: number;
  clientLastAt: Date | null;
  /**
   * When the account's cap is reached: the oldest of its newest `failureLimit` failures in the
   * account window (null while fewer). The account is locked until it leaves the window.
   */
  accountCapFrom: Date | null;
}

export type LoginRefusal = { reason: 'client' | 'account'; retryAfterMs: number };

/** How long a client must wait after its n-th failure: nothing, then 2 s, 4 s, 8 s... doubling. */
export function clientDelayMs(failures: number): number {
  if (failures <= FREE_FAILURES_PER_CLIENT) return 0;
  if (failures >= CLIENT_LOCK_FAILURES) return LOGIN_WINDOW_MS;
  return 1000 * 2 ** (failures - FREE_FAILURES_PER_CLIENT);
}

/** Milliseconds before this client may try this account again; 0 when it may try now. */
export function clientRetryAfterMs(counts: LoginFailureCounts, now: Date): number {
  if (counts.client === 0 || !counts.clientLastAt) return 0;
  const since = now.getTime() - counts.clientLastAt.getTime();
  return Math.max(0, clientDelayMs(counts.client) - since);
}

/** Milliseconds before any client may try this account again; 0 below the cap. */
export function accountRetryAfterMs(counts: LoginFailureCounts, now: Date, cap: AccountCap): number {
  if (!counts.accountCapFrom) return 0;
  return Math.max(0, counts.accountCapFrom.getTime() + cap.windowMs - now.getTime());
}

/**
 * Why and for how long an attempt is refused, or null when it may be checked. The account lock
 * wins when both apply: its message tells the owner the way back (a reset by e-mail).
 */
export function loginRefusal(counts: LoginFailureCounts, now: Date, cap: AccountCap): LoginRefusal | null {
  const account = accountRetryAfterMs(counts, now, cap);
  if (account > 0) return { reason: 'account', retryAfterMs: account };
  const client = clientRetryAfterMs(counts, now);
  if (client > 0) return { reason: 'client', retryAfterMs: client };
  return null;
}
