import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AS_OF, around, job, jobs } from '../../../../tests/helpers/market-jobs';
import {
  CREDIBILITY_K,
  learnZoneFactor,
  MARKET_SPREAD,
  MARKET_SPREAD_FLOOR,
  MAX_ZONE_SHIFT,
  RATIO_MAX,
  RATIO_MIN,
  VERSION_DISCOUNT,
} from './learning';
import { MODEL_VERSION, MODEL_VERSIONS } from './price-book';
import { HUBER_C, huberCentre } from './robust-stats';

const Z430 = { zoneId: 'Z430', state: 'OH', modelVersion: MODEL_VERSION, asOf: AS_OF };
const Z432 = { ...Z430, zoneId: 'Z432' };
const Z752 = { zoneId: 'Z752', state: 'TX', modelVersion: MODEL_VERSION, asOf: AS_OF };
/** Many agreeing contractors in many other zones of the state: its level is well known. */
const ohioAtModel = (n: number) =>
  Array.from({ length: n }, (_, i) => jobs(around(1, 0.08, 3), { zoneId: `OH-${i}` })).flat();

describe('learnZoneFactor: robust, pooled learning', () => {
  it('keeps the prior when there are no completed jobs', () => {
    const u = learnZoneFactor(1.05, [], Z430);
    expect(u.factor).toBe(1.05);
    expect(u.credibility).toBe(0);
    expect(u.localJobs).toBe(0);
    expect(u.observedFactor).toBeNull();
    expect(u.spread).toBe(MARKET_SPREAD);
    expect(u.levelSd).toBeCloseTo(u.priorLevelSd, 12);
  });

  it('moves a zone about half-way after k contractors once its state is well known', () => {
    expect(CREDIBILITY_K).toBe(8);
    const own = jobs(around(1.12, 0.25, CREDIBILITY_K));
    const u = learnZoneFactor(1, [...ohioAtModel(100), ...own], Z430);
    expect(u.localJobs).toBe(CREDIBILITY_K);
    expect(u.credibility).toBeGreaterThan(0.3);
    expect(u.credibility).toBeLessThan(0.6);
    expect(u.factor).toBeGreaterThan(1.03);
    expect(u.factor).toBeLessThan(1.08);
  });

  it('one outlier job moves a zone by less than 2 %; alone it moves an empty zone by at most c·σ/k', () => {
    const steady = jobs(around(1, 0.1, 10));
    const before = learnZoneFactor(1, steady, Z430).factor;
    const withOutlier = learnZoneFactor(1, [...steady, job(3)], Z430); // a full re-deck sold as a roof
    expect(Math.abs(Math.log(withOutlier.factor / before))).toBeLessThan(0.02);
    const single = learnZoneFactor(1, [job(RATIO_MAX)], Z430);
    expect(single.factor).toBeGreaterThan(1);
    expect(Math.log(single.factor)).toBeLessThanOrEqual(
      (HUBER_C * single.priorLevelSd ** 2) / single.spread + 1e-9,
    );
  });

  it('two zones of one state pull each other; a zone in another state does not move at all', () => {
    const a = jobs(around(1.25, 0.1, 6), { zoneId: 'Z430' });
    const b = jobs(around(1.25, 0.1, 6), { zoneId: 'Z432' });
    const bFromA = learnZoneFactor(1, a, Z432);
    expect(bFromA.localJobs).toBe(0);
    expect(bFromA.stateJobs).toBe(6);
    expect(bFromA.factor).toBeGreaterThan(1.02);
    const aAlone = learnZoneFactor(1, a, Z430).factor;
    const aPooled = learnZoneFactor(1, [...a, ...b], Z430).factor;
    expect(aPooled).toBeGreaterThan(aAlone);
    const dallas = learnZoneFactor(1, a, Z752);
    expect(dallas.factor).toBe(1);
    expect(dallas.stateJobs).toBe(0);
    expect(dallas.nationalJobs).toBe(6);
  });

  it('counts jobs priced by an older released model version less; refuses future and garbage versions', () => {
    expect(MODEL_VERSIONS.at(-1)).toBe(MODEL_VERSION);
    const older = MODEL_VERSIONS.at(-2) as string;
    const ratios = around(1.2, 0.1, 8);
    const current = learnZoneFactor(1, jobs(ratios), Z430).factor;
    const old = learnZoneFactor(1, jobs(ratios, { version: older }), Z430).factor;
    expect(VERSION_DISCOUNT).toBe(0.5);
    expect(old).toBeGreaterThan(1);
    expect(old).toBeLessThan(current);
    for (const version of ['fmv-2099.1', 'fmv-2025.9', 'fmv-2024.1', 'banana', '', 'FMV-2025.2 ']) {
      const u = learnZoneFactor(1, jobs(ratios, { version }), Z430);
      expect(u.factor, version).toBe(1);
      expect(u.nationalJobs, version).toBe(0);
    }
    // a job dated after asOf is refused too
    expect(learnZoneFactor(1, jobs(ratios, { daysAgo: -3 }), Z430).factor).toBe(1);
  });

  it('learns the spread from how far contractors scatter, never below its floor', () => {
    const agree = learnZoneFactor(1, jobs(around(1.1, 0.03, 16)), Z430);
    expect(agree.observedSpread).toBeLessThan(0.05);
    expect(agree.spread).toBe(MARKET_SPREAD_FLOOR);
    const scatter = learnZoneFactor(1, jobs(around(1.1, 0.6, 16)), Z430);
    expect(scatter.observedSpread).toBeGreaterThan(MARKET_SPREAD);
    expect(scatter.spread).toBeGreaterThan(MARKET_SPREAD);
    expect(scatter.levelSd).toBeGreaterThan(agree.levelSd);
  });

  it('clamps ratios to 0.5..2, ignores unusable jobs, and never moves a zone more than MAX_ZONE_SHIFT', () => {
    const u = learnZoneFactor(1, [
      ...jobs([10, 10, 10, 10]),
      { finalCostCents: 0, modelExpectedCents: 1000 },
      { finalCostCents: 1000, modelExpectedCents: 0 },
      { finalCostCents: Number.NaN, modelExpectedCents: 1000 },
    ]);
    expect(u.nationalJobs).toBe(4);
    expect(u.observedFactor).toBeNull(); // Z430's jobs are not the (unnamed) target zone's
    const own = learnZoneFactor(1, jobs([10, 10, 10, 10]), Z430);
    expect(own.observedFactor).toBeCloseTo(RATIO_MAX, 9);
    const many = learnZoneFactor(1.1, jobs(Array(300).fill(RATIO_MAX)), Z430);
    expect(Math.log(many.factor / 1.1)).toBeCloseTo(MAX_ZONE_SHIFT, 12);
    const low = learnZoneFactor(1.1, jobs(Array(300).fill(RATIO_MIN)), Z430);
    expect(Math.log(1.1 / low.factor)).toBeCloseTo(MAX_ZONE_SHIFT, 12);
  });

  it('refuses a non-positive prior', () => {
    expect(() => learnZoneFactor(0, [])).toThrow(RangeError);
  });

  it('always lands between the prior and what was paid (property)', () => {
    const zones = ['Z430', 'Z432', 'Z752'];
    fc.assert(
      fc.property(
        fc.double({ min: 0.7, max: 1.4, noNaN: true }),
        fc.array(
          fc.record({
            ratio: fc.double({ min: 0.2, max: 5, noNaN: true }),
            zone: fc.constantFrom(...zones),
            version: fc.constantFrom(...MODEL_VERSIONS, 'fmv-2024.1'),
            contractor: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
            daysAgo: fc.integer({ min: 0, max: 3000 }),
          }),
          { maxLength: 40 },
        ),
        fc.constantFrom(Z430, Z432, Z752),
        (prior, raw, target) => {
          const obs = raw.map((r) =>
            job(r.ratio, { ...r, zoneId: r.zone, state: r.zone === 'Z752' ? 'TX' : 'OH' }),
          );
          const u = learnZoneFactor(prior, obs, target);
          const clamped = raw.map((r) => Math.min(RATIO_MAX, Math.max(RATIO_MIN, r.ratio)));
          const lo = Math.min(prior, ...clamped);
          const hi = Math.max(prior, ...clamped);
          expect(u.factor).toBeGreaterThanOrEqual(lo * (1 - 1e-9));
          expect(u.factor).toBeLessThanOrEqual(hi * (1 + 1e-9));
          expect(Math.abs(Math.log(u.factor / prior))).toBeLessThanOrEqual(MAX_ZONE_SHIFT + 1e-12);
          expect(u.credibility).toBeGreaterThanOrEqual(0);
          expect(u.credibility).toBeLessThan(1);
          expect(u.levelSd).toBeLessThanOrEqual(u.priorLevelSd + 1e-12);
          expect(u.spread).toBeGreaterThanOrEqual(MARKET_SPREAD_FLOOR);
        },
      ),
    );
  });
});

describe('huberCentre', () => {
  it('is the mean for close data and ignores how far an outlier lies', () => {
    expect(huberCentre([1, 2, 3], [1, 1, 1], 10).centre).toBeCloseTo(2, 9);
    const far = huberCentre([0, 0.1, -0.1, 0.05, 5], [1, 1, 1, 1, 1], 0.2).centre;
    const farther = huberCentre([0, 0.1, -0.1, 0.05, 50], [1, 1, 1, 1, 1], 0.2).centre;
    expect(far).toBeCloseTo(farther, 9);
    expect(far).toBeLessThan(0.1);
  });

  it('shrinks toward the prior with weight k', () => {
    const { centre } = huberCentre([1, 1], [1, 1], 10, 0, 2);
    expect(centre).toBeCloseTo(0.5, 9);
  });
});
