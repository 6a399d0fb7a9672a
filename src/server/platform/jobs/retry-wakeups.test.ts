import { describe, expect, it } from 'vitest';
import { retryWakeups } from './create-job-queue';

describe('retryWakeups: when a failed job is due again (pg-boss 10 failJobs)', () => {
  it('without backoff: after the retry delay', () => {
    expect(retryWakeups(0, 5, false)).toEqual([5]);
    expect(retryWakeups(3, 5, false)).toEqual([5]);
  });

  it('with backoff: the start, middle and end of delay * 2^retryCount to twice that', () => {
    expect(retryWakeups(0, 2, true)).toEqual([2, 3, 4]);
    expect(retryWakeups(1, 2, true)).toEqual([4, 6, 8]);
    expect(retryWakeups(3, 1, true)).toEqual([8, 12, 16]);
  });

  it('stops doubling where pg-boss does (2^16)', () => {
    expect(retryWakeups(20, 1, true)).toEqual(retryWakeups(16, 1, true));
  });
});
