import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lookupZone } from '../regional/zones';
import { type EstimateInput, type MarketObservation, ROOF_LAYERS, ROOF_SURFACE_MATERIALS } from '../types';
import { measurementFromArea } from './ballpark';
import { climateClass } from './climate';
import { computeEstimate } from './estimate';
import { learnZoneFactor, MARKET_SPREAD } from './learning';
import { MATERIALS } from './material-specs';
import { preliminaryMeasurement } from './preliminary';
import { priceRange, SIZE_SPREAD, Z80 } from './range';
import { complexityWaste } from './waste';

const base: Omit<EstimateInput, 'measurement'> = {
  zipCode: '43215',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
};
const roof = (area = 2000, source: 'Manual entry' | 'Preliminary' = 'Manual entry') =>
  measurementFromArea(area, 6, source);
const widthOf = (e: { range: { lowCents: number; highCents: number; expectedCents: number } }) =>
  Math.log(e.range.highCents / e.range.lowCents);
/** Jobs of distinct contractors and roof sizes (never near-duplicates of each other). */
const jobsAt = (ratios: number[], zoneId: string, state: string): MarketObservation[] =>
  ratios.map((r, i) => ({
    finalCostCents: Math.round((2_000_000 + i * 50_000) * r),
    modelExpectedCents: 2_000_000 + i * 50_000,
    zoneId,
    state,
    modelVersion: 'fmv-2025.1',
    contractorId: `contractor-${i}`,
  }));

describe('priceRange: width from evidence', () => {
  it('reflects how far real bids scatter (well beyond +-10 %) and says what it covers', () => {
    const e = computeEstimate({ ...base, measurement: roof() });
    const { lowCents, expectedCents, highCents } = e.range;
    expect(expectedCents / lowCents - 1).toBeGreaterThan(0.2);
    expect(highCents / expectedCents - 1).toBeGreaterThan(0.25);
    expect(e.rangeCoverage).toBe('About 8 of 10 fair bids for this roof fall inside this range.');
    expect(e.rangeReasons.join(' ')).toContain(`±${Math.round(Z80 * MARKET_SPREAD * 1000) / 10}%`);
    // names the metro price level it used
    expect(e.rangeReasons.join(' ')).toContain(
      'moved to the price level of its metropolitan area (BEA 2023: 94.5',
    );
    const montana = computeEstimate({ ...base, zipCode: '59801', measurement: roof() });
    expect(montana.rangeReasons.join(' ')).toContain('the Missoula, MT metropolitan area (BEA 2023: 93.1');
    const rural = computeEstimate({ ...base, zipCode: '96101', measurement: roof() });
    expect(rural.zone.metro).toMatchObject({ name: 'California nonmetropolitan', nonmetropolitan: true });
    expect(rural.rangeReasons.join(' ')).toContain(
      "moved to the state's nonmetropolitan price level: the ZIP lies outside the metropolitan areas BEA prices (BEA 2023: 98.4",
    );
    expect(e.zone.metro?.name).toBe('Columbus, OH');
  });

  it('covers about 8 of 10 fair bids for any roof (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 300, max: 12_000, noNaN: true }),
        fc.constantFrom(...ROOF_SURFACE_MATERIALS),
        fc.constantFrom(...ROOF_LAYERS),
        fc.constantFrom('43215', '10001', '96101', '59801', '00601'),
        (area, material, layers, zipCode) => {
          const e = computeEstimate({
            ...base,
            zipCode,
            roofSurfaceMaterial: material,
            roofLayers: layers,
            measurement: roof(area),
          });
          expect(e.rangeCoverage).toMatch(/^About 8 of 10 fair bids/);
          expect(e.range.lowCents).toBeLessThanOrEqual(e.range.expectedCents);
          expect(e.range.highCents).toBeGreaterThanOrEqual(e.range.expectedCents);
        },
      ),
    );
  });

  it('gives a preliminary estimate the width of its size uncertainty', () => {
    const zone = lookupZone(base.zipCode);
    const spec = MATERIALS[base.roofSurfaceMaterial];
    const widths = (['typical', 'living-area', 'roof-area'] as const).map((sizeFrom) => {
      const m = roof(2000, 'Preliminary');
      const r = priceRange({
        input: { ...base, measurement: m },
        measurement: m,
        zone,
        learned: learnZoneFactor(1, []),
        spec,
        waste: complexityWaste(m, spec.wasteAdd),
        climate: climateClass(zone.state),
        lowSlopeArea: 0,
        lowUnderlayArea: 0,
        expectedCents: 2_000_000,
        factor: 1,
        sizeFrom,
      });
      expect(r.coverage).toMatch(/^About 8 of 10 fair bids for a roof like the one assumed/);
      return Math.log(r.range.highCents / r.range.lowCents);
    });
    const [typical, living, given] = widths as [number, number, number];
    expect(typical).toBeGreaterThan(living);
    expect(living).toBeGreaterThan(given);
    // typical: the spread of US roof sizes dominates (80 % interval of about x0.55 .. x1.8)
    expect(typical).toBeGreaterThan(2 * Z80 * SIZE_SPREAD.typical);
    // computeEstimate passes the size origin of the preliminary measurement: a typical size is the widest
    const prelim = computeEstimate({
      ...base,
      measurement: preliminaryMeasurement({
        roofAreaSqFt: null,
        livingAreaSqFt: null,
        stories: null,
        buildingHeight: base.buildingHeight,
      }),
    });
    expect(prelim.preliminary?.sizeFrom).toBe('typical');
    expect(widthOf(prelim)).toBeCloseTo(typical, 1);
    expect(widthOf(prelim)).toBeGreaterThan(1.4 * widthOf(computeEstimate({ ...base, measurement: roof() })));
  });

  it('narrows with local jobs only as far as they agree with each other', () => {
    const zone = lookupZone(base.zipCode);
    const noJobs = computeEstimate({ ...base, measurement: roof() });
    const agree = computeEstimate({
      ...base,
      measurement: roof(),
      localObservations: jobsAt(
        Array.from({ length: 20 }, (_, i) => 1.05 + (i % 5) * 0.01),
        zone.id,
        zone.state,
      ),
    });
    const disagree = computeEstimate({
      ...base,
      measurement: roof(),
      localObservations: jobsAt(
        Array.from({ length: 20 }, (_, i) => [0.7, 0.85, 1.05, 1.3, 1.6][i % 5] as number),
        zone.id,
        zone.state,
      ),
    });
    // the market part narrows from 0.20 to its floor 0.15 at most (issue 24 #4), the regional part with the level
    expect(widthOf(agree)).toBeLessThan(0.9 * widthOf(noJobs));
    expect(widthOf(agree)).toBeGreaterThan(0.75 * widthOf(noJobs));
    expect(widthOf(disagree)).toBeGreaterThanOrEqual(widthOf(noJobs) * 0.98);
    expect(agree.rangeReasons.join(' ')).toContain('20 completed jobs in this zone');
    expect(agree.rangeReasons.join(' ')).toContain('narrowed from');
  });
});
