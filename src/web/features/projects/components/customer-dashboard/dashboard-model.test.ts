import type { RealtimeEvent } from '@domain/realtime';
import { describe, expect, it } from 'vitest';
import {
  activityEvents,
  activityTexts,
  activityTypeText,
  eventProjectId,
  homeownerStats,
  receivedText,
} from './dashboard-model';

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
  const updated = (projectId: string): RealtimeEvent => ({ type: 'project_updated', projectId });

  it('shows the type with every underscore as a space', () => {
    expect(activityTypeText('project_updated')).toBe('project updated');
    expect(activityTypeText('a_b_c')).toBe('a b c');
  });

  it('keeps the last 5 updates, newest first, leaving out the channel’s own hello and the bell’s events', () => {
    const events: RealtimeEvent[] = [
      updated('1'),
      { type: 'connected', userId: 'u' },
      { type: 'notification_created', notificationId: 'n', kind: 'step_completed', projectId: '1' },
      { type: 'notifications_read', all: true },
      updated('2'),
      updated('3'),
      { type: 'report_ready', quoteId: 'q', reference: 'RL-AAAAAAAA' },
      updated('4'),
      updated('5'),
    ];
    const shown = activityEvents(events);
    expect(shown).toHaveLength(5);
    expect(shown.map(eventProjectId)).toEqual(['1', '2', '3', null, '4']);
  });

  it('says when an event arrived: just now, then minutes and hours; earlier when not known', () => {
    const now = 10 * 3600_000;
    expect(receivedText(now - 5_000, now)).toBe(activityTexts.justNow);
    expect(receivedText(now - 60_000, now)).toBe('1 minute ago');
    expect(receivedText(now - 42 * 60_000, now)).toBe('42 minutes ago');
    expect(receivedText(now - 3 * 3600_000, now)).toBe('3 hours ago');
    expect(receivedText(undefined, now)).toBe(activityTexts.earlier);
  });
});
