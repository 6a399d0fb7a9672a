import { describe, expect, it } from 'vitest';
import { durationText, isMatchOverdue, matchWait } from './match-response';

const assigned = new Date('2026-11-27T08:00:00Z');
const at = (iso: string) => new Date(iso);

describe('a match waiting for the contractor', () => {
  it('says how long it has waited and how long is left, to the minute', () => {
    expect(matchWait(assigned, at('2026-11-27T11:10:00Z'), 24)).toMatchObject({
      waitedMinutes: 190,
      overdue: false,
      waitedText: 'Waiting 3 h 10 min',
      dueText: 'Please respond within 20 h 50 min',
      dueAt: at('2026-11-28T08:00:00Z'),
    });
    expect(matchWait(assigned.toISOString(), at('2026-11-27T08:00:30Z'), 24)?.waitedText).toBe(
      'Waiting 0 min',
    );
  });

  it('is overdue from the target on, and says by how much', () => {
    expect(matchWait(assigned, at('2026-11-28T07:59:00Z'), 24)?.overdue).toBe(false);
    expect(matchWait(assigned, at('2026-11-28T08:00:00Z'), 24)?.overdue).toBe(true);
    expect(matchWait(assigned, at('2026-11-28T10:00:00Z'), 24)?.dueText).toBe('Response overdue by 2 h');
    expect(matchWait(assigned, at('2026-11-27T10:00:00Z'), 1)?.overdue).toBe(true);
  });

  it('has nothing to say without an assignment time', () => {
    expect(matchWait(null, assigned)).toBeNull();
    expect(matchWait('garbage', assigned)).toBeNull();
  });

  it('only a matched project can be overdue', () => {
    const late = at('2026-11-29T08:00:00Z');
    expect(isMatchOverdue({ status: 'matched', assignedAt: assigned }, late)).toBe(true);
    expect(isMatchOverdue({ status: 'in_progress', assignedAt: assigned }, late)).toBe(false);
    expect(isMatchOverdue({ status: 'matched', assignedAt: null }, late)).toBe(false);
  });

  it('writes durations people read', () => {
    expect([0, 59, 60, 61, 47 * 60 + 59, 48 * 60, 50 * 60, -5].map(durationText)).toEqual([
      '0 min',
      '59 min',
      '1 h',
      '1 h 1 min',
      '47 h 59 min',
      '2 days',
      '2 days 2 h',
      '0 min',
    ]);
  });
});
