import { describe, expect, it } from 'vitest';
import { activityTexts, homeownerStats, receivedText } from './dashboard-model';

describe('the homeowner dashboard stat cards (spec 1 §2)', () => {
  it('counts every project, the active ones (not completed, not cancelled), the completed ones, and sums estimatedCost', () => {
    const stats = homeownerStats([
      { status: 'pending', estimatedCost: 1_685_000 },
      { status: 'matched', estimatedCost: 1_240_000 },
      { status: 'in_progress', estimatedCost: 2_275_000 },
      { status: 'completed', estimatedCost: 2_480_000 },
      { status: 'cancelled', estimatedCost: 900_000 },
      { status: 'pending', estimatedCost: null },
    ]);
    expect(stats).toEqual({ total: 6, active: 4, completed: 1, totalValueCents: 8_580_000 });
  });

  it('is all zeros without projects', () => {
    expect(homeownerStats([])).toEqual({ total: 0, active: 0, completed: 0, totalValueCents: 0 });
  });
});

describe('Recent Activity (spec 1 §2)', () => {
  it('says when an event arrived: just now, then minutes and hours; earlier when not known', () => {
    const now = 100 * 3600_000;
    expect(receivedText(now - 5_000, now)).toBe(activityTexts.justNow);
    expect(receivedText(now - 60_000, now)).toBe('1 minute ago');
    expect(receivedText(now - 42 * 60_000, now)).toBe('42 minutes ago');
    expect(receivedText(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(receivedText(now - 50 * 3600_000, now)).toBe('2 days ago');
    expect(receivedText(undefined, now)).toBe(activityTexts.earlier);
  });
});
