import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

describe('relativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(60), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 3600), now)).toBe('2 hours ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 24 * 3600), now)).toBe('3 days ago');
    expect(relativeTime(ago(14 * 24 * 3600), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 24 * 3600), now)).toBe('last year');
  });

  it('gives nothing for a date it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
