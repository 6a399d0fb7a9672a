import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MarketObservation } from '../types';
import {
  CREDIBILITY_K,
  learnZoneFactor,
  MARKET_SPREAD,
  RATIO_MAX,
  RATIO_MIN,
  VERSION_DISCOUNT,
} from './learning';
import { MODEL_VERSION } from './price-book';
import { HUBER_C, huberCentre } from './robust-stats';

const job = (
  ratio: number,
  zoneId = 'Z430',
  state = 'OH',
  modelVersion = MODEL_VERSION,
): MarketObservation => ({
  finalCostCents: Math.round(1_000_000 * ratio),
  modelExpectedCents: 1_000_000,
  zoneId,
  state,
  modelVersion,
});
const jobs = (ratios: readonly number[], zoneId = 'Z430', state = 'OH', version = MODEL_VERSION) =>
  ratios.map((r) => job(r, zoneId, state, version));
/** n ratios spread evenly (on the log scale) by +-half around `centre`. */
const around = (centre: number, half: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => centre * Math.exp(-half + (2 * half * i) / (n - 1)));

const Z430 = { zoneId: 'Z430', state: 'OH', modelVersion: MODEL_VERSION };
const Z432 = { zoneId: 'Z432', state: 'OH', modelVersion: MODEL_VERSION };
const Z752 = { zoneId: 'Z752', state: 'TX', modelVersion: MODEL_VERSION };

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

  it('moves a zone half-way after k jobs once its state and the nation are well known', () => {
    expect(CREDIBILITY_K).toBe(8);
    // Many jobs at the model's price elsewhere pin the nation and the state; the zone's own
    // jobs (at 1.21, scattering like the prior spread) then carry credibility about k / (k + k).
    const elsewhere = [
      ...jobs(around(1, 0.25, 400), 'Z752', 'TX'),
      ...jobs(around(1, 0.25, 400), 'Z431', 'OH'),
    ];
    const own = jobs(around(1.21, 0.25, CREDIBILITY_K));
    const u = learnZoneFactor(1, [...elsewhere, ...own], Z430);
    expect(u.localJobs).toBe(CREDIBILITY_K);
    expect(u.credibility).toBeGreaterThan(0.4);
    expect(u.credibility).toBeLessThan(0.6);
    expect(u.factor).toBeGreaterThan(1.06);
    expect(u.factor).toBeLessThan(1.14);
  });

  it('one outlier job moves a zone by less than 2 %, where the mean of the log ratios would move it 4 %', () => {
    const steady = jobs(around(1, 0.1, 10));
    const before = learnZoneFactor(1, steady, Z430).factor;
    const withOutlier = learnZoneFactor(1, [...steady, job(3)], Z430); // a full re-deck sold as a roof
    expect(Math.abs(Math.log(withOutlier.factor / before))).toBeLessThan(0.02);
    // a credibility-weighted mean of the log ratios would move it by Z x ln(2) / 11
    expect((withOutlier.credibility * Math.log(RATIO_MAX)) / 11).toBeGreaterThan(0.04);
    // alone, in an empty zone, one extreme job moves it by at most c·σ / (1 + k)
    const single = learnZoneFactor(1, [job(RATIO_MAX)], Z430);
    expect(single.factor).toBeGreaterThan(1);
    expect(Math.log(single.factor)).toBeLessThan(HUBER_C * MARKET_SPREAD);
    expect(single.factor).toBeLessThan(1.1);
  });

  it('two zones of one state pull each other; a zone in another state moves less', () => {
    const a = jobs(around(1.25, 0.1, 6), 'Z430');
    const b = jobs(around(1.25, 0.1, 6), 'Z432');
    // Z432 has no job of its own but learns from Z430 through the state.
    const bFromA = learnZoneFactor(1, a, Z432);
    expect(bFromA.localJobs).toBe(0);
    expect(bFromA.stateJobs).toBe(6);
    expect(bFromA.factor).toBeGreaterThan(1.05);
    // Z430 with Z432's agreeing jobs moves further than on its own.
    const aAlone = learnZoneFactor(1, a, Z430).factor;
    const aPooled = learnZoneFactor(1, [...a, ...b], Z430).factor;
    expect(aPooled).toBeGreaterThan(aAlone);
    // Dallas hears of Ohio only through the nation: less than Z432 does.
    const dallas = learnZoneFactor(1, a, Z752);
    expect(dallas.factor).toBeGreaterThan(1);
    expect(dallas.factor).toBeLessThan(bFromA.factor);
    expect(dallas.stateJobs).toBe(0);
    expect(dallas.nationalJobs).toBe(6);
  });

  it('counts jobs priced by an older model version less', () => {
    const ratios = around(1.3, 0.1, 8);
    const current = learnZoneFactor(1, jobs(ratios), Z430).factor;
    const old = learnZoneFactor(1, jobs(ratios, 'Z430', 'OH', 'fmv-2024.1'), Z430).factor;
    const older = learnZoneFactor(1, jobs(ratios, 'Z430', 'OH', 'fmv-2023.1'), {
      ...Z430,
      modelVersion: MODEL_VERSION,
    }).factor;
    expect(old).toBeGreaterThan(1);
    expect(old).toBeLessThan(current);
    // one version behind weighs VERSION_DISCOUNT: like half as many current jobs
    const half = learnZoneFactor(1, jobs(around(1.3, 0.1, 4)), Z430).factor;
    expect(VERSION_DISCOUNT).toBe(0.5);
    expect(Math.abs(Math.log(old / half))).toBeLessThan(0.03);
    // two versions behind (both versions present) count less again
    const mixed = learnZoneFactor(
      1,
      [...jobs(ratios, 'Z430', 'OH', 'fmv-2023.1'), ...jobs([1, 1], 'Z999', 'WA', 'fmv-2024.1')],
      Z430,
    ).factor;
    expect(mixed).toBeLessThan(older);
  });

  it('learns the spread of fair prices from how far the jobs scatter', () => {
    const agree = learnZoneFactor(1, jobs(around(1.1, 0.03, 16)), Z430);
    expect(agree.observedSpread).toBeLessThan(0.05);
    expect(agree.spread).toBeLessThan(MARKET_SPREAD * 0.7);
    const scatter = learnZoneFactor(1, jobs(around(1.1, 0.6, 16)), Z430);
    expect(scatter.observedSpread).toBeGreaterThan(MARKET_SPREAD);
    expect(scatter.spread).toBeGreaterThan(MARKET_SPREAD);
    // scattered jobs teach the level less than agreeing ones
    expect(scatter.credibility).toBeLessThan(agree.credibility);
    expect(scatter.levelSd).toBeGreaterThan(agree.levelSd);
  });

  it('clamps ratios to 0.5..2 and ignores unusable jobs', () => {
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
    expect(own.factor).toBeLessThan(RATIO_MAX);
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
            version: fc.constantFrom(MODEL_VERSION, 'fmv-2024.1', 'fmv-2023.2'),
          }),
          { maxLength: 40 },
        ),
        fc.constantFrom(Z430, Z432, Z752),
        (prior, raw, target) => {
          const obs = raw.map((r) => job(r.ratio, r.zone, r.zone === 'Z752' ? 'TX' : 'OH', r.version));
          const u = learnZoneFactor(prior, obs, target);
          const clamped = raw.map((r) => Math.min(RATIO_MAX, Math.max(RATIO_MIN, r.ratio)));
          const lo = Math.min(prior, ...clamped);
          const hi = Math.max(prior, ...clamped);
          expect(u.factor).toBeGreaterThanOrEqual(lo * (1 - 1e-9));
          expect(u.factor).toBeLessThanOrEqual(hi * (1 + 1e-9));
          expect(u.credibility).toBeGreaterThanOrEqual(0);
          expect(u.credibility).toBeLessThan(1);
          expect(u.levelSd).toBeLessThanOrEqual(u.priorLevelSd + 1e-12);
        },
      ),
    );
  });

  it('one job added to a zone of consistent jobs never moves it more than c·σ/(n + k) (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (n, outlier) => {
          const steady = jobs(around(1.1, 0.15, n));
          const before = learnZoneFactor(1, steady, Z430);
          const after = learnZoneFactor(1, [...steady, job(outlier)], Z430);
          expect(Math.abs(Math.log(after.factor / before.factor))).toBeLessThan(
            (HUBER_C * Math.max(before.spread, after.spread)) / (n + 1) + 0.01,
          );
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
