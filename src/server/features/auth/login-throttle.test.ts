import { describe, expect, it } from 'vitest';
import {
  CLIENT_LOCK_FAILURES,
  clientDelayMs,
  LOGIN_WINDOW_MS,
  type LoginFailureCounts,
  loginRefusal,
} from './login-throttle';

const now = new Date('2025-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const cap = { failureLimit: 20, windowMs: 60 * 60 * 1000 };
const clean: LoginFailureCounts = { client: 0, clientLastAt: null, accountCapFrom: null };

describe('login throttle', () => {
  it('lets a client with no failures try while the account is below its cap', () => {
    expect(loginRefusal(clean, now, cap)).toBeNull();
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
    const counts = { ...clean, client: 4, clientLastAt: ago(1000) };
    expect(loginRefusal(counts, now, cap)).toEqual({
      reason: 'client',
      retryAfterMs: clientDelayMs(4) - 1000,
    });
    expect(loginRefusal({ ...counts, clientLastAt: ago(clientDelayMs(4)) }, now, cap)).toBeNull();
  });

  it('locks a client that keeps guessing out of the account for the window', () => {
    const counts = { ...clean, client: CLIENT_LOCK_FAILURES, clientLastAt: ago(60_000) };
    expect(loginRefusal(counts, now, cap)).toEqual({
      reason: 'client',
      retryAfterMs: LOGIN_WINDOW_MS - 60_000,
    });
  });

  it('at the account cap, refuses every client, a clean one too, until the oldest counted failure leaves the window', () => {
    const counts = { ...clean, accountCapFrom: ago(10 * 60_000) };
    expect(loginRefusal(counts, now, cap)).toEqual({ reason: 'account', retryAfterMs: 50 * 60_000 });
    // the account lock wins over a client's own shorter wait: its message names the way back
    expect(loginRefusal({ ...counts, client: 3, clientLastAt: ago(0) }, now, cap)?.reason).toBe('account');
    expect(loginRefusal({ ...clean, accountCapFrom: ago(cap.windowMs) }, now, cap)).toBeNull();
  });
});
