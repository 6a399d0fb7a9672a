import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COST_DATA_DIR, MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { parseMeasurementFile } from '../parsers';
import { formatPitch } from '../parsers/common';
import { ZIP3_ZONES } from '../regional/zones.generated';
import {
  BUILDING_HEIGHTS,
  type EstimateInput,
  type MeasurementSource,
  PLYWOOD_NEEDED,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofMeasurement,
  type RoofSurfaceMaterial,
} from '../types';
import { measurementFromArea } from './ballpark';
import { computeEstimate, computeEstimateInZone } from './estimate';
import { learnZoneFactor } from './learning';
import { OVERHEAD_AND_PROFIT } from './price-book';
import { NATIONAL_ZONE, PUBLISHED_RANGES, targetRange } from './published-ranges';

const FIXTURES = MEASUREMENT_FIXTURES_DIR;
const DATA = COST_DATA_DIR;
const GOLDEN = path.resolve(process.cwd(), 'src/domain/estimates/__golden__');

const FILES: Record<string, Array<[MeasurementSource, string]>> = Object.fromEntries(
  ['gable', 'hip', 'complex'].map((roof) => [
    roof,
    [
      ['Eagleview .xml', `eagleview-${roof}.xml`],
      ['HOVER .json', `hover-${roof}.json`],
      ['Roofr .csv', `roofr-${roof}.csv`],
      ['GAF QuickSquare .xml', `gaf-quicksquare-${roof}.xml`],
    ],
  ]),
);

function load(source: MeasurementSource, name: string): RoofMeasurement {
  return parseMeasurementFile(source, name, fs.readFileSync(path.join(FIXTURES, name), 'utf8'));
}

/** Golden inputs: the fixture's own ZIP and a spread of order options. */
const GOLDEN_INPUTS: Record<string, Omit<EstimateInput, 'measurement'>> = {
  gable: {
    zipCode: '66000',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
  },
  hip: {
    zipCode: '75000',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer over shake',
    buildingHeight: '1-Story',
    plywoodNeeded: 'Yes',
  },
  complex: {
    zipCode: '43000',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '2 Layers over shake',
    buildingHeight: 'Mix of 1 and 2',
    plywoodNeeded: 'No',
  },
};

describe('golden line items per fixture roof', () => {
  for (const roof of Object.keys(GOLDEN_INPUTS)) {
    it(`${roof} roof`, () => {
      const inputs = GOLDEN_INPUTS[roof] as Omit<EstimateInput, 'measurement'>;
      const [first, ...others] = FILES[roof] as Array<[MeasurementSource, string]>;
      const e = computeEstimate({ ...inputs, measurement: load(...(first as [MeasurementSource, string])) });
      const snapshot = {
        input: inputs,
        file: first?.[1],
        zone: e.zone,
        wastePercent: e.wastePercent,
        lineItems: e.lineItems,
        subtotalCents: e.subtotalCents,
        overheadAndProfitCents: e.overheadAndProfitCents,
        totalCents: e.totalCents,
        range: e.range,
        salesTax: e.salesTax,
        warnings: e.warnings,
        reconciliations: e.reconciliations,
      };
      const file = path.join(GOLDEN, `${roof}.json`);
      if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
      expect(snapshot).toEqual(JSON.parse(fs.readFileSync(file, 'utf8')));
      // The other three formats of the same roof price within 0.1%.
      for (const [source, name] of others) {
        const o = computeEstimate({ ...inputs, measurement: load(source, name) });
        expect(Math.abs(o.totalCents - e.totalCents) / e.totalCents).toBeLessThan(0.001);
        expect(o.wastePercent).toBe(e.wastePercent);
        expect(o.lineItems.map((i) => i.code)).toEqual(e.lineItems.map((i) => i.code));
      }
    });
  }

  it('architectural asphalt, one layer, no decking: $4.50-$8.50 per sq ft installed for every fixture roof', () => {
    for (const roof of Object.keys(GOLDEN_INPUTS)) {
      const inputs = {
        ...(GOLDEN_INPUTS[roof] as Omit<EstimateInput, 'measurement'>),
        roofLayers: '1 Layer',
        plywoodNeeded: 'No',
      } as const;
      const [source, name] = (FILES[roof] as Array<[MeasurementSource, string]>)[0] as [
        MeasurementSource,
        string,
      ];
      const m = load(source, name);
      const perSqFt = computeEstimate({ ...inputs, measurement: m }).totalCents / 100 / m.totalAreaSqFt;
      expect(perSqFt).toBeGreaterThanOrEqual(4.5);
      expect(perSqFt).toBeLessThanOrEqual(8.5);
    }
  });
});

describe('calibration against the published installed-cost ranges', () => {
  it('the TS table of ranges is the one in scripts/data/material-cost-ranges.csv', () => {
    const rows = fs
      .readFileSync(path.join(DATA, 'material-cost-ranges.csv'), 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => {
        const cells =
          line.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, '').replace(/^"|"$/g, '')) ?? [];
        return { variant: cells[1], low: Number(cells[2]), high: Number(cells[3]), url: cells[9] };
      });
    for (const ranges of Object.values(PUBLISHED_RANGES)) {
      for (const r of ranges) {
        const row = rows.find((x) => x.variant === r.variant && x.url === r.url);
        expect(row, `${r.variant} ${r.url}`).toBeDefined();
        expect([row?.low, row?.high]).toEqual([r.low, r.high]);
      }
    }
  });

  it('each material on the plain gable at national prices (incl. O&P) falls inside its published range', () => {
    const m = load('Eagleview .xml', 'eagleview-gable.xml');
    const inside: Record<string, boolean> = {};
    for (const material of ROOF_SURFACE_MATERIALS) {
      const [low, high] = targetRange(material);
      const e = computeEstimateInZone(
        {
          measurement: m,
          zipCode: '66002',
          roofSurfaceMaterial: material,
          roofLayers: '1 Layer',
          buildingHeight: '1-Story',
          plywoodNeeded: 'No',
        },
        NATIONAL_ZONE,
      );
      const perSqFt = e.totalCents / 100 / m.totalAreaSqFt;
      inside[`${material} $${perSqFt.toFixed(2)} in ${low}-${high}`] = perSqFt >= low && perSqFt <= high;
    }
    expect(Object.values(inside).every(Boolean), JSON.stringify(inside, null, 1)).toBe(true);
  });

  it('the materials rank as their ranges do: 3-tab < laminates < Presidential < shake < slate', () => {
    const m = load('Eagleview .xml', 'eagleview-gable.xml');
    const price = (material: RoofSurfaceMaterial) =>
      computeEstimateInZone(
        {
          measurement: m,
          zipCode: '66002',
          roofSurfaceMaterial: material,
          roofLayers: '1 Layer',
          buildingHeight: '1-Story',
          plywoodNeeded: 'No',
        },
        NATIONAL_ZONE,
      ).totalCents;
    const order: RoofSurfaceMaterial[] = [
      '25 YEAR 3-TAB SHINGLE',
      '30 YEAR LAMINATE SHINGLE',
      '40 YEAR LAMINATE SHINGLE',
      '50 YEAR LAMINATE SHINGLE',
      'PRESIDENTIAL SHAKE SHINGLE',
      'WOOD SHAKE',
      'SLATE',
    ];
    const totals = order.map(price);
    expect([...totals].sort((a, b) => a - b)).toEqual(totals);
  });
});

describe('estimate structure', () => {
  it('adds up: lines -> subtotal -> overhead and profit -> expected', () => {
    const e = computeEstimate({
      ...(GOLDEN_INPUTS.complex as Omit<EstimateInput, 'measurement'>),
      measurement: load('HOVER .json', 'hover-complex.json'),
    });
    for (const i of e.lineItems) {
      expect(Number.isInteger(i.unitPriceCents)).toBe(true);
      expect(i.totalCents).toBe(Math.round(i.quantity * i.unitPriceCents));
    }
    expect(e.subtotalCents).toBe(e.lineItems.reduce((s, i) => s + i.totalCents, 0));
    // Overhead and profit on the work lines only: not on the sales tax (nor a market adjustment).
    const work = e.lineItems.filter((i) => i.code !== 'SALES-TAX').reduce((s, i) => s + i.totalCents, 0);
    expect(e.lineItems.some((i) => i.code === 'SALES-TAX')).toBe(true);
    expect(e.overheadAndProfitBaseCents).toBe(work);
    expect(e.overheadAndProfitCents).toBe(Math.round(work * OVERHEAD_AND_PROFIT));
    expect(e.totalCents).toBe(e.subtotalCents + e.overheadAndProfitCents);
    expect(e.range.expectedCents).toBe(e.totalCents);
    expect(e.modelExpectedCents).toBe(e.totalCents);
    expect(e.marketFactor).toBe(1);
    expect(e.zone.localJobs).toBe(0);
    expect(e.rangeReasons.join(' ')).toContain('no completed Ridgeline jobs');
  });

  it('prices ice barrier at the eaves in a cold state but not in a warm one', () => {
    const m = load('Eagleview .xml', 'eagleview-gable.xml');
    const base = {
      measurement: m,
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '1 Layer',
      buildingHeight: '1-Story',
      plywoodNeeded: 'No',
    } as const;
    const mn = computeEstimate({ ...base, zipCode: '55401' });
    const fl = computeEstimate({ ...base, zipCode: '33101' });
    expect(mn.lineItems.find((i) => i.code === 'ICE-WATER')?.quantity).toBeCloseTo((92 * 6 * 1.1) / 100, 2);
    expect(fl.lineItems.find((i) => i.code === 'ICE-WATER')).toBeUndefined();
  });

  it('prices plywood sheets from the area when plywoodNeeded is Yes', () => {
    const e = computeEstimate({
      ...(GOLDEN_INPUTS.hip as Omit<EstimateInput, 'measurement'>),
      measurement: load('Roofr .csv', 'roofr-hip.csv'),
    });
    // A partial re-deck allowance (20 % of the deck), not a full re-deck of 101 sheets.
    expect(e.lineItems.find((i) => i.code === 'DECK')?.quantity).toBe(Math.ceil((3212 * 0.2) / 32));
    const deck = e.lineItems.find((i) => i.code === 'DECK');
    const deckLabor = e.lineItems.find((i) => i.code === 'DECK-LAB');
    expect(deckLabor?.unit).toBe('SHEET');
    // The allowance in sheets and the installed price of each further sheet, on the line itself.
    const perSheet = ((deck?.unitPriceCents ?? 0) + (deckLabor?.unitPriceCents ?? 0)) / 100;
    expect(deck?.description).toContain(
      `21 sheets allowed; more at $${perSheet.toFixed(2)} per sheet installed`,
    );
    expect(deck?.description).not.toContain('%');
    expect(e.assumptions.join(' ')).toContain('21 sheets of decking allowed');
    expect(e.lineItems.find((i) => i.code === 'TEAR-SHAKE')?.quantity).toBe(32.12);
  });

  it('prices flatter-than-allowed area as the product over low-slope underlayment, and warns (slate on the 2/12 porch)', () => {
    const e = computeEstimate({
      measurement: load('Eagleview .xml', 'eagleview-complex.xml'),
      zipCode: '43215',
      roofSurfaceMaterial: 'SLATE',
      roofLayers: '1 Layer',
      buildingHeight: '2-Story',
      plywoodNeeded: 'No',
    });
    // issue 24 #5: no membrane roof swapped in; the whole roof is slate, the porch on ice-and-water shield
    expect(e.lineItems.find((i) => i.code === 'LOWSLOPE')).toBeUndefined();
    expect(e.lineItems.find((i) => i.code === 'INSTALL')?.quantity).toBe(55.18);
    expect(e.lineItems.find((i) => i.code === 'ICE-WATER')?.quantity).toBeGreaterThan(4.38 * 1.1);
    const warning = e.warnings.find((w) => w.code === 'pitch-below-product-minimum');
    expect(warning?.message).toContain('438 sq ft of the roof is flatter than 4/12');
    expect(warning?.message).toContain('IRC R905.6.2');
    expect(e.assumptions.join(' ')).toContain(
      '438 sq ft under 4/12 is priced as slate over self-adhered underlayment',
    );
    expect(e.lineItems.find((i) => i.code === 'HIGH-ROOF')?.quantity).toBe(55.18);
  });

  it('applies the learned local factor and reports the local job count', () => {
    const input = {
      ...(GOLDEN_INPUTS.gable as Omit<EstimateInput, 'measurement'>),
      measurement: load('Eagleview .xml', 'eagleview-gable.xml'),
    };
    const base = computeEstimate(input);
    const obs = Array.from({ length: 8 }, (_, i) => ({
      finalCostCents: Math.round((base.modelExpectedCents + i * 30_000) * 1.21),
      modelExpectedCents: base.modelExpectedCents + i * 30_000,
      contractorId: `contractor-${i}`,
    }));
    const e = computeEstimate({ ...input, localObservations: obs });
    expect(e.zone.localJobs).toBe(8);
    const learned = learnZoneFactor(1, obs, { zoneId: e.zone.id, state: e.zone.state });
    expect(e.marketFactor).toBeCloseTo(learned.factor, 9);
    expect(e.marketFactor).toBeGreaterThan(1.1);
    expect(e.marketFactor).toBeLessThan(1.21);
    expect(e.modelExpectedCents).toBe(base.totalCents);
    expect(e.lineItems.at(-1)?.code).toBe('MARKET');
    expect(Math.abs(e.totalCents / base.totalCents - e.marketFactor)).toBeLessThan(0.001);
    expect(e.rangeReasons.join(' ')).toContain('8 completed jobs in this zone');
    expect(e.range.highCents - e.range.lowCents).toBeLessThan(
      (base.range.highCents - base.range.lowCents) * 1.1,
    );
  });

  it('refuses an invalid ZIP and an unknown material', () => {
    const m = measurementFromArea(2000, 6, 'Ballpark');
    const base = {
      measurement: m,
      roofSurfaceMaterial: 'METAL',
      roofLayers: '1 Layer',
      buildingHeight: '1-Story',
      plywoodNeeded: 'No',
    } as const;
    expect(() => computeEstimate({ ...base, zipCode: '123' })).toThrow('Enter a 5-digit US ZIP code.');
    expect(() => computeEstimate({ ...base, zipCode: '09021' })).toThrow(/Military \(APO\/FPO\/DPO\)/);
    expect(() => computeEstimate({ ...base, zipCode: '96601' })).toThrow(/Military/);
    expect(() => computeEstimate({ ...base, zipCode: '00012' })).toThrow(
      'This ZIP code is not a US postal area',
    );
    expect(() =>
      computeEstimate({ ...base, zipCode: '12345', roofSurfaceMaterial: 'GOLD' as RoofSurfaceMaterial }),
    ).toThrow(RangeError);
  });
});

// ---------- property tests ----------
const zip3s = Object.keys(ZIP3_ZONES);
const arbZip = fc.constantFrom(...zip3s).map((p) => `${p}01`);
const arbOptions = fc.record({
  zipCode: arbZip,
  roofSurfaceMaterial: fc.constantFrom(...ROOF_SURFACE_MATERIALS),
  roofLayers: fc.constantFrom(...ROOF_LAYERS),
  buildingHeight: fc.constantFrom(...BUILDING_HEIGHTS),
  plywoodNeeded: fc.constantFrom(...PLYWOOD_NEEDED),
});
const arbSource = fc.constantFrom(
  'Eagleview .xml',
  'HOVER .json',
  'Roofr .csv',
  'GAF QuickSquare .xml',
  'Manual entry',
  'Ballpark',
) as fc.Arbitrary<RoofMeasurement['source']>;

function roof(area: number, pitch: number, source: RoofMeasurement['source']): RoofMeasurement {
  const m = measurementFromArea(area, pitch, source === 'Ballpark' ? 'Ballpark' : 'Manual entry');
  return { ...m, source };
}

describe('pricing properties', () => {
  it('the price grows with roof area', () => {
    fc.assert(
      fc.property(
        arbOptions,
        arbSource,
        fc.integer({ min: 300, max: 12_000 }),
        fc.integer({ min: 1, max: 6000 }),
        fc.integer({ min: 0, max: 18 }),
        (opts, source, area, extra, pitch) => {
          const a = computeEstimate({ ...opts, measurement: roof(area, pitch, source) });
          const b = computeEstimate({ ...opts, measurement: roof(area + extra, pitch, source) });
          expect(b.totalCents).toBeGreaterThan(a.totalCents);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the price grows with pitch on conventional slopes (4/12 and steeper), strictly across steep bands', () => {
    fc.assert(
      fc.property(
        arbOptions,
        fc.integer({ min: 300, max: 12_000 }),
        fc.double({ min: 4, max: 24, noNaN: true }),
        fc.double({ min: 0, max: 20, noNaN: true }),
        (opts, area, p1, dp) => {
          const p2 = Math.min(24, p1 + dp);
          const m1 = roof(area, p1, 'Manual entry');
          // Same sloped area and lines: only the pitch differs. Both are labelled as the model
          // labels pitches (to 0.01/12), so 9.995/12 is priced as 10/12 on both sides.
          const m2: RoofMeasurement = {
            ...m1,
            predominantPitch: p2,
            areaByPitch: { [formatPitch(p2)]: area },
            facets: [{ areaSqFt: area, pitch: p2 }],
          };
          const a = computeEstimate({ ...opts, measurement: m1 });
          const b = computeEstimate({ ...opts, measurement: m2 });
          expect(b.totalCents).toBeGreaterThanOrEqual(a.totalCents);
          const priced = (p: number) => Number.parseFloat(formatPitch(p));
          const band = (p: number) => (p < 7 ? 0 : p < 10 ? 1 : p < 13 ? 2 : 3);
          if (band(priced(p2)) > band(priced(p1))) expect(b.totalCents).toBeGreaterThan(a.totalCents);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the price grows with roof layers', () => {
    fc.assert(
      fc.property(
        arbOptions,
        arbSource,
        fc.integer({ min: 300, max: 12_000 }),
        fc.integer({ min: 0, max: 18 }),
        (opts, source, area, pitch) => {
          const m = roof(area, pitch, source);
          const [one, overShake, twoOverShake] = ROOF_LAYERS.map(
            (roofLayers) => computeEstimate({ ...opts, roofLayers, measurement: m }).totalCents,
          ) as [number, number, number];
          expect(overShake).toBeGreaterThan(one);
          expect(twoOverShake).toBeGreaterThan(overShake);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the range always contains the expected value, with a reason for each part of its width', () => {
    fc.assert(
      fc.property(
        arbOptions,
        arbSource,
        fc.integer({ min: 100, max: 40_000 }),
        fc.double({ min: 0, max: 30, noNaN: true }),
        fc.array(
          fc.record({
            finalCostCents: fc.integer({ min: 0, max: 20_000_000 }),
            modelExpectedCents: fc.integer({ min: 0, max: 20_000_000 }),
          }),
          {
            maxLength: 40,
          },
        ),
        (opts, source, area, pitch, localObservations) => {
          const e = computeEstimate({ ...opts, measurement: roof(area, pitch, source), localObservations });
          expect(e.range.lowCents).toBeGreaterThan(0);
          expect(e.range.lowCents).toBeLessThan(e.range.expectedCents);
          expect(e.range.highCents).toBeGreaterThan(e.range.expectedCents);
          expect(e.range.expectedCents).toBe(e.totalCents);
          expect(e.rangeReasons.length).toBeGreaterThanOrEqual(5);
          expect(e.lineItems.every((i) => Number.isInteger(i.totalCents))).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
