import { describe, expect, it } from 'vitest';
import { arrivalWindowProblems, crewDateText, crewDay, timeText, tomorrowDay, windowText } from './crew-date';

const scheduled = (over: Partial<Parameters<typeof crewDateText>[0]> = {}) => ({
  crewScheduled: true,
  crewScheduledDate: '2026-12-03T00:00:00.000Z',
  crewArrivalStart: '08:00',
  crewArrivalEnd: '10:00',
  ...over,
});

describe('the crew date', () => {
  it('reads as people write it', () => {
    expect(crewDateText(scheduled())).toBe('Dec 3, 8-10 am');
    expect(crewDateText(scheduled(), true)).toBe('Thu, Dec 3, 2026, arrival 8-10 am');
    expect(crewDateText(scheduled({ crewArrivalStart: null, crewArrivalEnd: null }))).toBe('Dec 3');
    expect(crewDateText(scheduled({ crewScheduled: false }))).toBeNull();
    expect(crewDateText(scheduled({ crewScheduledDate: null }))).toBeNull();
  });

  it('writes times and windows in the 12-hour clock', () => {
    expect(['00:00', '08:00', '08:30', '12:00', '13:15', '23:59'].map(timeText)).toEqual([
      '12 am',
      '8 am',
      '8:30 am',
      '12 pm',
      '1:15 pm',
      '11:59 pm',
    ]);
    expect(windowText('11:00', '13:00')).toBe('11 am-1 pm');
    expect(windowText('08:30', '10:00')).toBe('8:30-10 am');
  });

  it('keeps the stored calendar day whatever the reader’s zone', () => {
    expect(crewDay('2026-12-03T00:00:00.000Z')).toBe('2026-12-03');
    expect(crewDay(new Date('2026-12-03T00:00:00Z'))).toBe('2026-12-03');
    expect(crewDay('nonsense')).toBeNull();
    expect(tomorrowDay(new Date('2026-12-02T23:30:00Z'))).toBe('2026-12-03');
  });

  it('checks an arrival window: both or neither, real times, end after start', () => {
    expect(arrivalWindowProblems('', '')).toEqual([]);
    expect(arrivalWindowProblems(null, undefined)).toEqual([]);
    expect(arrivalWindowProblems('08:00', '10:00')).toEqual([]);
    expect(arrivalWindowProblems('08:00', '')).toEqual([
      {
        field: 'crewArrivalEnd',
        message: 'Please give both the start and the end of the arrival window, or neither',
      },
    ]);
    expect(arrivalWindowProblems('10:00', '08:00')[0]?.field).toBe('crewArrivalEnd');
    expect(arrivalWindowProblems('25:00', '26:00').map((p) => p.field)).toEqual([
      'crewArrivalStart',
      'crewArrivalEnd',
    ]);
  });
});
