import { describe, expect, it } from 'vitest';
import {
  addYears,
  ageInDays,
  claimStatuses,
  claimTransitionAllowed,
  claimWindowOpen,
  warrantyEndsAt,
  warrantyPeriods,
  warrantyStart,
} from './rules';
import { claimStatusChangeSchema, openClaimSchema } from './schemas';

const d = (s: string) => new Date(s);

describe('warranty periods', () => {
  it('start at the completion date, else the acceptance, else the final payment', () => {
    const receivedAt = d('2026-10-09T15:00:00Z');
    expect(
      warrantyStart({
        completionDate: d('2026-10-02T00:00:00Z'),
        workAcceptedAt: d('2026-10-05T00:00:00Z'),
        receivedAt,
      }),
    ).toEqual(d('2026-10-02T00:00:00Z'));
    expect(
      warrantyStart({ completionDate: null, workAcceptedAt: d('2026-10-05T00:00:00Z'), receivedAt }),
    ).toEqual(d('2026-10-05T00:00:00Z'));
    expect(warrantyStart({ completionDate: null, workAcceptedAt: null, receivedAt })).toEqual(receivedAt);
  });

  it('run 10 years of workmanship and the material’s years', () => {
    const p = warrantyPeriods(d('2026-10-02T00:00:00Z'), 50);
    expect(p.workmanshipEndsAt).toEqual(d('2036-10-02T00:00:00Z'));
    expect(p.materialEndsAt).toEqual(d('2076-10-02T00:00:00Z'));
    expect(warrantyEndsAt(p)).toEqual(d('2076-10-02T00:00:00Z'));
    const unknown = warrantyPeriods(d('2026-10-02T00:00:00Z'), null);
    expect(unknown.materialEndsAt).toBeNull();
    expect(warrantyEndsAt(unknown)).toEqual(d('2036-10-02T00:00:00Z'));
  });

  it('move Feb 29 to Mar 1 in a year without one', () => {
    expect(addYears(d('2028-02-29T12:00:00Z'), 10)).toEqual(d('2038-03-01T12:00:00Z'));
  });

  it('let claims in until the last running warranty ends, not after', () => {
    const w = { workmanshipEndsAt: d('2036-10-02T00:00:00Z'), materialEndsAt: d('2046-10-02T00:00:00Z') };
    expect(claimWindowOpen(w, d('2040-01-01T00:00:00Z'))).toBe(true);
    expect(claimWindowOpen(w, d('2046-10-02T00:00:00Z'))).toBe(false);
    expect(claimWindowOpen({ ...w, materialEndsAt: null }, d('2036-10-01T23:59:59Z'))).toBe(true);
    expect(claimWindowOpen({ ...w, materialEndsAt: null }, d('2036-10-02T00:00:00Z'))).toBe(false);
  });
});

describe('claim status rules', () => {
  it('allow any change but to the same status, except a new visit date', () => {
    for (const from of claimStatuses)
      for (const to of claimStatuses)
        expect(claimTransitionAllowed(from, to)).toBe(from !== to || from === 'scheduled');
  });

  it('need a date to schedule and a note to resolve', () => {
    expect(claimStatusChangeSchema.safeParse({ status: 'scheduled' }).success).toBe(false);
    expect(
      claimStatusChangeSchema.safeParse({ status: 'scheduled', scheduledFor: '2026-13-01' }).success,
    ).toBe(false);
    expect(
      claimStatusChangeSchema.safeParse({ status: 'scheduled', scheduledFor: '2026-12-03' }).success,
    ).toBe(true);
    expect(claimStatusChangeSchema.safeParse({ status: 'resolved', resolutionNote: '  ' }).success).toBe(
      false,
    );
    expect(
      claimStatusChangeSchema.safeParse({ status: 'resolved', resolutionNote: 'Resealed' }).success,
    ).toBe(true);
    expect(claimStatusChangeSchema.safeParse({ status: 'closed' }).success).toBe(false);
  });

  it('refuse an empty or hostile claim', () => {
    expect(openClaimSchema.safeParse({ description: '' }).success).toBe(false);
    expect(openClaimSchema.safeParse({ description: 'Leak \u202Egnirts' }).success).toBe(false);
    expect(openClaimSchema.safeParse({ description: 'Leak', photoIds: ['x'] }).success).toBe(false);
    expect(openClaimSchema.parse({ description: ' Leak by the chimney ' })).toEqual({
      description: 'Leak by the chimney',
      photoIds: [],
    });
  });

  it('age claims in whole days', () => {
    expect(ageInDays(d('2026-11-01T10:00:00Z'), d('2026-11-03T09:00:00Z'))).toBe(1);
    expect(ageInDays(d('2026-11-03T10:00:00Z'), d('2026-11-01T09:00:00Z'))).toBe(0);
  });
});
