import type { RealtimeEvent } from '@domain/realtime';
import { describe, expect, it } from 'vitest';
import {
  activityEvents,
  activityTexts,
  activityTypeText,
  eventProjectId,
  homeownerStats,
  homeownerTimeline,
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

describe('the four-step timeline of the Project Progress card (spec 2 §2)', () => {
  const base = {
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-03T10:00:00.000Z',
    startDate: null,
    completionDate: null,
  };
  const done = (steps: ReturnType<typeof homeownerTimeline>) => steps.map((s) => [s.label, s.done, s.date]);

  it('a pending project without a contractor: only created', () => {
    expect(done(homeownerTimeline({ ...base, status: 'pending', contractorId: null }))).toEqual([
      ['Project Created', true, base.createdAt],
      ['Contractor Assigned', false, null],
      ['Work Started', false, null],
      ['Work Completed', false, null],
    ]);
  });

  it('matched: the contractor is assigned, dated by updatedAt', () => {
    expect(done(homeownerTimeline({ ...base, status: 'matched', contractorId: 'c' }))[1]).toEqual([
      'Contractor Assigned',
      true,
      base.updatedAt,
    ]);
  });

  it('in progress: work started on startDate; completed: work completed on completionDate', () => {
    const started = homeownerTimeline({
      ...base,
      status: 'in_progress',
      contractorId: 'c',
      startDate: '2026-05-05T00:00:00.000Z',
    });
    expect(done(started).slice(2)).toEqual([
      ['Work Started', true, '2026-05-05T00:00:00.000Z'],
      ['Work Completed', false, null],
    ]);
    const completed = homeownerTimeline({
      ...base,
      status: 'completed',
      contractorId: 'c',
      startDate: '2026-05-05T00:00:00.000Z',
      completionDate: '2026-05-20T00:00:00.000Z',
    });
    expect(completed.every((s) => s.done)).toBe(true);
    expect(completed[3]?.date).toBe('2026-05-20T00:00:00.000Z');
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
