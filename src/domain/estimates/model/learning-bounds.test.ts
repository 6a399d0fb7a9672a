/**
 * Issue 24 #4: no group of jobs can steer the learning. First the audit's attacks, then each
 * bound on its own, then the bound as properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AS_OF, around, job, jobs } from '../../../../tests/helpers/market-jobs';
import type { EstimateInput, MarketObservation } from '../types';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';
import { learnZoneFactor, MARKET_SPREAD_FLOOR, MAX_ZONE_SHIFT, ONE_CONTRACTOR_MAX_MOVE } from './learning';
import { DUPLICATE_WINDOW_DAYS, HALF_LIFE_DAYS, PERIOD_WEIGHT_CAP } from './learning-weights';
import { MODEL_VERSION, MODEL_VERSIONS } from './price-book';

const Z430 = { zoneId: 'Z430', state: 'OH', modelVersion: MODEL_VERSION, asOf: AS_OF };
const input = (zipCode: string, localObservations: MarketObservation[]): EstimateInput => ({
  measurement: { ...measurementFromArea(2000, 6, 'Manual entry'), source: 'Eagleview .xml' },
  zipCode,
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'Yes',
  localObservations,
});
const price = (zip: string, obs: MarketObservation[]) => computeEstimate(input(zip, obs), { asOf: AS_OF });
const width = (e: { range: { lowCents: number; highCents: number; expectedCents: number } }) =>
  (e.range.highCents - e.range.lowCents) / e.range.expectedCents;
/** The audit's jobs: the same price again and again, no contractor, no date. */
const identical = (n: number, ratio: number, zoneId: string, state: string): MarketObservation[] =>
  Array.from({ length: n }, () => ({
    finalCostCents: Math.round(1_000_000 * ratio),
    modelExpectedCents: 1_000_000,
    zoneId,
    state,
    modelVersion: MODEL_VERSION,
  }));

describe('issue 24 #4: the audit attacks no longer steer the price', () => {
  it('100 identical jobs (audit: +98 %, ranges in the state 54 % -> 17 % wide) count as one job', () => {
    const flood = identical(100, 1.98, 'Z432', 'OH');
    const columbus = [price('43215', []), price('43215', flood)] as const; // zone Z432
    const cleveland = [price('44101', []), price('44101', flood)] as const; // same state, zone Z441
    expect(columbus[1].totalCents / columbus[0].totalCents).toBeLessThan(1 + ONE_CONTRACTOR_MAX_MOVE);
    expect(width(columbus[1])).toBeGreaterThan(0.95 * width(columbus[0]));
    expect(width(cleveland[1])).toBeGreaterThan(0.95 * width(cleveland[0]));
    // the same flood from one contractor over months
    const oneFirm = jobs(Array(100).fill(1.98), { zoneId: 'Z432', contractor: 'firm-1' });
    expect(price('43215', oneFirm).totalCents / columbus[0].totalCents).toBeLessThan(
      1 + ONE_CONTRACTOR_MAX_MOVE,
    );
  });

  it('five colluding low bids (audit: -33.5 % here, -17 % in other states) move an empty market at most the cap, other states not at all', () => {
    const colluding = jobs(Array(5).fill(0.5), { zoneId: 'Z432', daysAgo: 10 });
    const here = [price('43215', []), price('43215', colluding)] as const;
    expect(Math.log(here[0].totalCents / here[1].totalCents)).toBeLessThanOrEqual(MAX_ZONE_SHIFT + 0.001);
    for (const zip of ['75201', '10001', '90012']) {
      const before = price(zip, []);
      const after = price(zip, colluding);
      expect(after.totalCents, zip).toBe(before.totalCents);
      expect(after.range, zip).toEqual(before.range);
      expect(after.lineItems.some((i) => i.code === 'MARKET')).toBe(false);
      expect(after.rangeReasons.join(' ')).toContain('jobs in other states never move its prices');
    }
  });

  it('future and garbage model versions are refused', () => {
    for (const modelVersion of ['fmv-2099.1', 'fmv-9999.99', 'x'.repeat(500), 'fmv-2025.2\u0000']) {
      const obs = identical(20, 2, 'Z432', 'OH').map((o, i) => ({
        ...o,
        modelVersion,
        finalCostCents: o.finalCostCents + i * 50_000,
      }));
      expect(price('43215', obs).totalCents).toBe(price('43215', []).totalCents);
    }
  });
});

describe('each bound', () => {
  it('near-duplicate jobs count once', () => {
    const at = (daysAgo: number, o: MarketObservation) => ({
      ...o,
      completedAt: new Date(Date.parse(AS_OF) - daysAgo * 86_400_000).toISOString(),
    });
    const first = job(1.5, { daysAgo: 40 });
    const copies = [40, 37, 31, 23].map((d) => at(d, first));
    const once = learnZoneFactor(1, copies, Z430);
    expect(once.localJobs).toBe(1);
    expect(once.factor).toBe(learnZoneFactor(1, [at(23, first)], Z430).factor); // the newest copy's weight
    // the same price again after the window is another job
    expect(learnZoneFactor(1, [first, at(40 - DUPLICATE_WINDOW_DAYS - 1, first)], Z430).localJobs).toBe(2);
  });

  it('one contractor weighs one job at most, however many jobs it completes', () => {
    const single = learnZoneFactor(1, [job(1.6)], Z430).factor;
    const many = learnZoneFactor(1, jobs(around(1.6, 0.01, 40), { contractor: 'firm-1' }), Z430).factor;
    expect(Math.abs(Math.log(many / single))).toBeLessThan(0.005);
  });

  it('the jobs of one zone in one quarter weigh PERIOD_WEIGHT_CAP at most', () => {
    const burst = (n: number) => learnZoneFactor(1, jobs(Array(n).fill(1.4), { daysAgo: 5 }), Z430);
    expect(PERIOD_WEIGHT_CAP).toBe(3);
    expect(burst(100).factor).toBeCloseTo(burst(12).factor, 12);
    const spread = learnZoneFactor(1, jobs(Array(12).fill(1.4)), Z430); // over three quarters
    expect(spread.factor).toBeGreaterThan(burst(12).factor);
  });

  it('older jobs weigh less: a job HALF_LIFE_DAYS older counts half', () => {
    const newer = learnZoneFactor(1, jobs([1.4, 1.4], { daysAgo: 0 }), Z430);
    const old = learnZoneFactor(1, [...jobs([1.4, 1.4], { daysAgo: 0 + 2 * HALF_LIFE_DAYS })], Z430);
    const half = learnZoneFactor(
      1,
      [job(1.4, { daysAgo: 0 }), job(1.4, { daysAgo: 2 * HALF_LIFE_DAYS })],
      Z430,
    );
    expect(old.factor).toBeLessThan(half.factor);
    expect(half.factor).toBeLessThan(newer.factor);
  });

  it('the learned spread never goes below its floor, whatever agrees', () => {
    const agree = learnZoneFactor(1, jobs(Array(200).fill(1.1)), Z430);
    expect(agree.spread).toBe(MARKET_SPREAD_FLOOR);
  });
});

const ZONES = [
  ['Z430', 'OH'],
  ['Z432', 'OH'],
  ['Z441', 'OH'],
  ['Z752', 'TX'],
  ['Z100', 'NY'],
] as const;
const jobArb = (contractor: fc.Arbitrary<string>) =>
  fc
    .record({
      ratio: fc.double({ min: 0.2, max: 5, noNaN: true }),
      zone: fc.integer({ min: 0, max: ZONES.length - 1 }),
      contractor,
      daysAgo: fc.integer({ min: 0, max: 2500 }),
      version: fc.constantFrom(...MODEL_VERSIONS),
    })
    .map((r) => {
      const [zoneId, state] = ZONES[r.zone] as readonly [string, string];
      return job(r.ratio, {
        zoneId,
        state,
        contractor: r.contractor,
        daysAgo: r.daysAgo,
        version: r.version,
      });
    });
const others = fc.array(jobArb(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')), { maxLength: 50 });
const target = fc
  .constantFrom(...ZONES)
  .map(([zoneId, state]) => ({ zoneId, state, modelVersion: MODEL_VERSION, asOf: AS_OF }));
const prior = fc.double({ min: 0.8, max: 1.25, noNaN: true });

describe('the bound (properties)', () => {
  it(`no set of jobs from one contractor moves any zone by more than ${ONE_CONTRACTOR_MAX_MOVE * 100} %`, () => {
    fc.assert(
      fc.property(
        prior,
        others,
        fc.array(jobArb(fc.constant('X')), { minLength: 1, maxLength: 60 }),
        target,
        (p, bg, attack, t) => {
          const before = learnZoneFactor(p, bg, t).factor;
          const after = learnZoneFactor(p, [...bg, ...attack], t).factor;
          expect(Math.abs(after / before - 1)).toBeLessThanOrEqual(ONE_CONTRACTOR_MAX_MOVE);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('jobs in one state never move another state', () => {
    fc.assert(
      fc.property(prior, others, others, target, (p, bg, elsewhere, t) => {
        const mine = bg.filter((o) => o.state === t.state);
        const foreign = elsewhere.filter((o) => o.state !== t.state);
        const a = learnZoneFactor(p, mine, t);
        const b = learnZoneFactor(p, [...mine, ...foreign], t);
        expect({ ...b, nationalJobs: 0 }).toEqual({ ...a, nationalJobs: 0 });
      }),
      { numRuns: 200 },
    );
  });
});
