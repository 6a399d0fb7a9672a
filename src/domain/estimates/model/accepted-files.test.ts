/**
 * Issue 24 #1, the property: every measurement file the upload accepts can be priced. Vendor
 * fixtures are mutated (a number changed, a line dropped or repeated); whatever parseMeasurementFile
 * (the upload's check) accepts must price without an error, to a finite positive total, for any
 * order. Seeded; FUZZ_SEED and FUZZ_RUNS explore further.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { parseMeasurementFile } from '../parsers/index';
import {
  BUILDING_HEIGHTS,
  MeasurementParseError,
  type MeasurementSource,
  PLYWOOD_NEEDED,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofMeasurement,
} from '../types';
import { computeEstimate } from './estimate';

const SOURCES: Record<string, MeasurementSource> = {
  hover: 'HOVER .json',
  eagleview: 'Eagleview .xml',
  roofr: 'Roofr .csv',
  'gaf-quicksquare': 'GAF QuickSquare .xml',
};
const FILES = fs
  .readdirSync(MEASUREMENT_FIXTURES_DIR)
  .filter((f) => /\.(json|xml|csv)$/.test(f) && f !== 'expected.json')
  .map((name) => ({
    name,
    source: SOURCES[name.replace(/-(gable|hip|complex)\.\w+$/, '')] as MeasurementSource,
    text: fs.readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name), 'utf8'),
  }));
// the Bid Perfect style: EagleView exports without their summary (faces priced from their own sizes)
for (const f of FILES.filter((f) => f.source === 'Eagleview .xml'))
  FILES.push({
    ...f,
    name: `${f.name} (no summary)`,
    text: f.text.replace(/<OVERALL_SUMMARY>[\s\S]*<\/OVERALL_SUMMARY>/, ''),
  });

const NUMBER = /-?\d+(?:\.\d+)?/g;

/** A number of the file replaced, or one line dropped or repeated. */
const arbMutation = fc.oneof(
  fc.record({
    kind: fc.constant('number' as const),
    at: fc.nat(),
    value: fc.oneof(
      fc.constantFrom(0, -1, 0.5, 2, 1e6, 1e12),
      fc.double({ min: -1e4, max: 1e5, noNaN: true }),
      fc.integer({ min: 0, max: 30 }),
    ),
    scale: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom('drop' as const, 'repeat' as const), at: fc.nat() }),
);
type Mutation = typeof arbMutation extends fc.Arbitrary<infer T> ? T : never;

function mutate(text: string, m: Mutation): string {
  if (m.kind === 'number') {
    const hits = [...text.matchAll(NUMBER)];
    const hit = hits[m.at % hits.length];
    if (!hit || hit.index === undefined) return text;
    const value = m.scale ? Number(hit[0]) * (m.value % 4) : m.value;
    return text.slice(0, hit.index) + String(value) + text.slice(hit.index + hit[0].length);
  }
  const lines = text.split('\n');
  const i = m.at % lines.length;
  if (m.kind === 'drop') lines.splice(i, 1);
  else lines.splice(i, 0, lines[i] as string);
  return lines.join('\n');
}

const arbOrder = fc.record({
  zipCode: fc.constantFrom('75201', '10001', '59001', '99501', '33101'),
  roofSurfaceMaterial: fc.constantFrom(...ROOF_SURFACE_MATERIALS),
  roofLayers: fc.constantFrom(...ROOF_LAYERS),
  buildingHeight: fc.constantFrom(...BUILDING_HEIGHTS),
  plywoodNeeded: fc.constantFrom(...PLYWOOD_NEEDED),
});

const seed = Number(process.env.FUZZ_SEED ?? 24_001);
const numRuns = Number(process.env.FUZZ_RUNS ?? 400);

describe('every file the upload accepts can be priced (issue 24 #1)', () => {
  it('mutated vendor files: accepted means priced', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...FILES),
        fc.array(arbMutation, { minLength: 1, maxLength: 3 }),
        arbOrder,
        (file, mutations, order) => {
          const text = mutations.reduce(mutate, file.text);
          let measurement: RoofMeasurement;
          try {
            measurement = parseMeasurementFile(file.source, file.name, text);
          } catch (err) {
            // refused at upload with the visitor's sentence; anything else is a crash
            expect(err).toBeInstanceOf(MeasurementParseError);
            refused++;
            return;
          }
          accepted++;
          const estimate = computeEstimate({ ...order, measurement });
          expect(Number.isFinite(estimate.totalCents)).toBe(true);
          expect(estimate.totalCents).toBeGreaterThan(0);
          expect(estimate.range.lowCents).toBeLessThanOrEqual(estimate.totalCents);
          expect(estimate.range.highCents).toBeGreaterThanOrEqual(estimate.totalCents);
        },
      ),
      { seed, numRuns },
    );
    // the mutations reach both outcomes, so the property says something
    expect(accepted).toBeGreaterThan(numRuns / 10);
    expect(refused).toBeGreaterThan(numRuns / 20);
  });
});
