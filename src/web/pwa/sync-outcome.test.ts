import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client';
import { retryDelayMs, sendFailureOf } from './sync-outcome';

const answer = (status: number, message?: string) =>
  new ApiError(status, message ? JSON.stringify({ message }) : '');

describe('what a failed send of a queued change means', () => {
  it('no answer, or "later" (408, 429, 5xx): retried, the change kept', () => {
    expect(sendFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'retry' });
    for (const status of [408, 429, 500, 502, 503]) expect(sendFailureOf(answer(status)).kind).toBe('retry');
  });
  it('401: kept until the user signs in again', () => {
    expect(sendFailureOf(answer(401, 'Please sign in'))).toEqual({ kind: 'signedOut' });
  });
  it('any other answer: refused, with the server’s reason (or one naming the status)', () => {
    expect(sendFailureOf(answer(409, 'This project was cancelled.'))).toEqual({
      kind: 'refused',
      reason: 'This project was cancelled.',
    });
    for (const status of [400, 403, 404, 413, 415, 422])
      expect(sendFailureOf(answer(status)).kind).toBe('refused');
  });
  it('waits 2 s after a failure, doubling, never more than a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
