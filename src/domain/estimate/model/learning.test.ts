import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREDIBILITY_K, learnZoneFactor } from './learning';

const obs = (ratio: number, n: number) =>
  Array.from({ length: n }, () => ({
    finalCostCents: Math.round(1_000_000 * ratio),
    modelExpectedCents: 1_000_000,
  }));

describe('learnZoneFactor (credibility weighting)', () => {
  it('keeps the prior when there are no completed jobs', () => {
    expect(learnZoneFactor(1.05, [])).toEqual({
      factor: 1.05,
      priorFactor: 1.05,
      observedFactor: null,
      credibility: 0,
      localJobs: 0,
    });
  });

  it('moves half-way (on the log scale) after k jobs', () => {
    const u = learnZoneFactor(1, obs(1.21, CREDIBILITY_K));
    expect(u.credibility).toBeCloseTo(0.5, 10);
    expect(u.factor).toBeCloseTo(1.1, 6);
    expect(u.localJobs).toBe(CREDIBILITY_K);
  });

  it('trusts local data more as it grows', () => {
    const f1 = learnZoneFactor(1, obs(1.2, 1)).factor;
    const f10 = learnZoneFactor(1, obs(1.2, 10)).factor;
    const f200 = learnZoneFactor(1, obs(1.2, 200)).factor;
    expect(f1).toBeGreaterThan(1);
    expect(f10).toBeGreaterThan(f1);
    expect(f200).toBeGreaterThan(f10);
    expect(f200).toBeGreaterThan(1.19);
    expect(f200).toBeLessThan(1.2);
  });

  it('clamps outlier ratios to 0.5..2 and ignores unusable jobs', () => {
    const u = learnZoneFactor(1, [
      { finalCostCents: 10_000_000, modelExpectedCents: 1_000_000 },
      { finalCostCents: 0, modelExpectedCents: 1_000_000 },
      { finalCostCents: 1_000_000, modelExpectedCents: 0 },
    ]);
    expect(u.localJobs).toBe(1);
    expect(u.observedFactor).toBeCloseTo(2, 10);
    expect(u.factor).toBeCloseTo(Math.exp((1 / 9) * Math.log(2)), 10);
  });

  it('refuses a non-positive prior', () => {
    expect(() => learnZoneFactor(0, [])).toThrow(RangeError);
  });

  it('always lands between the prior and what was paid (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.7, max: 1.4, noNaN: true }),
        fc.array(fc.double({ min: 0.5, max: 2, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (prior, ratios) => {
          const u = learnZoneFactor(
            prior,
            ratios.map((r) => ({ finalCostCents: Math.round(r * 1e6), modelExpectedCents: 1e6 })),
          );
          const observed = u.observedFactor as number;
          expect(u.factor).toBeGreaterThanOrEqual(Math.min(prior, observed) - 1e-9);
          expect(u.factor).toBeLessThanOrEqual(Math.max(prior, observed) + 1e-9);
          expect(u.credibility).toBeCloseTo(ratios.length / (ratios.length + CREDIBILITY_K), 12);
        },
      ),
    );
  });
});
