import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_LOCK_FAILURES,
  CLIENT_LOCK_FAILURES,
  clientDelayMs,
  LOGIN_WINDOW_MS,
  loginRetryAfterMs,
} from './login-throttle';

const now = new Date('2025-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('login throttle', () => {
  it('lets a client with no failures try, whatever the account has seen', () => {
    expect(loginRetryAfterMs({ client: 0, clientLastAt: null, account: 0 }, now)).toBe(0);
    expect(
      loginRetryAfterMs({ client: 0, clientLastAt: null, account: ACCOUNT_LOCK_FAILURES * 10 }, now),
    ).toBe(0);
  });

  it('forgives a couple of typos, then makes the client wait longer after each failure', () => {
    expect(clientDelayMs(1)).toBe(0);
    expect(clientDelayMs(2)).toBe(0);
    const delays = [3, 4, 5, 6, 7].map(clientDelayMs);
    expect(delays[0]).toBeGreaterThan(0);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1] as number);
    expect(clientDelayMs(CLIENT_LOCK_FAILURES)).toBe(LOGIN_WINDOW_MS);
  });

  it('counts the wait from the latest failure, on the injected clock', () => {
    const counts = { client: 4, clientLastAt: ago(1000), account: 4 };
    expect(loginRetryAfterMs(counts, now)).toBe(clientDelayMs(4) - 1000);
    expect(loginRetryAfterMs({ ...counts, clientLastAt: ago(clientDelayMs(4)) }, now)).toBe(0);
  });

  it('locks a client that keeps guessing out of the account for the window', () => {
    const counts = { client: CLIENT_LOCK_FAILURES, clientLastAt: ago(60_000), account: CLIENT_LOCK_FAILURES };
    expect(loginRetryAfterMs(counts, now)).toBe(LOGIN_WINDOW_MS - 60_000);
  });

  it('under a distributed attack, leaves every client one try', () => {
    const counts = { client: 1, clientLastAt: ago(60_000), account: ACCOUNT_LOCK_FAILURES };
    expect(loginRetryAfterMs(counts, now)).toBe(LOGIN_WINDOW_MS - 60_000);
    expect(loginRetryAfterMs({ client: 1, clientLastAt: ago(60_000), account: 50 }, now)).toBe(0);
  });
});
