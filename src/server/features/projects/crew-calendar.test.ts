import { describe, expect, it } from 'vitest';
import { crewCalendarFile } from './crew-calendar';

const base = {
  projectId: '5b1d3f0e-8a4c-4c39-9d7e-2f6a1b0c9e11',
  title: 'SWRX-2026-AB12',
  place: '1420 Maple Ridge Dr, Dallas, TX 75201',
  companyName: 'Summit Roofing',
  sequence: 0,
  brandName: 'Ridgeline',
  link: 'https://rl.example/customer-dashboard?project=5b1d',
  crewScheduled: true,
  crewScheduledDate: '2026-12-03T00:00:00.000Z',
  crewArrivalStart: '08:00',
  crewArrivalEnd: '10:00',
};

/** The calendar file's lines, unfolded (RFC 5545 folds long lines with CRLF + space). */
const lines = (ics: string | null) => (ics ?? '').replace(/\r\n[ \t]/g, '').split('\r\n');

describe('the crew date as a calendar file', () => {
  it('holds the arrival window in local time, with a stable UID and the sequence', () => {
    const ics = lines(crewCalendarFile({ ...base, sequence: 2 }));
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('DTSTART:20261203T080000');
    expect(ics).toContain('DTEND:20261203T100000');
    expect(ics).toContain('UID:crew-5b1d3f0e-8a4c-4c39-9d7e-2f6a1b0c9e11@ridgeline');
    expect(ics).toContain('SEQUENCE:2');
    expect(ics).toContain('SUMMARY:Roofing crew: SWRX-2026-AB12');
    expect(ics.some((l) => l.startsWith('LOCATION:1420 Maple Ridge Dr\\, Dallas\\, TX 75201'))).toBe(true);
  });

  it('is an all-day event without a window', () => {
    const ics = lines(crewCalendarFile({ ...base, crewArrivalStart: null, crewArrivalEnd: null }));
    expect(ics).toContain('DTSTART;VALUE=DATE:20261203');
    expect(ics).toContain('DTEND;VALUE=DATE:20261204');
  });

  it('is nothing when no crew is scheduled', () => {
    expect(crewCalendarFile({ ...base, crewScheduled: false })).toBeNull();
    expect(crewCalendarFile({ ...base, crewScheduledDate: null })).toBeNull();
  });
});
