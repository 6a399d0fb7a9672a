/**
 * Issue 24 #1, the property: every measurement file the upload accepts can be priced. Vendor
 * fixtures are mutated (a number changed, a line dropped or repeated); whatever parseMeasurementFile
 * (the upload's check) accepts must price without an error, to a finite positive total, for any
 * order. Seeded; FUZZ_SEED and FUZZ_RUNS explore further.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbMutation,
  MUTATION_FILES as FILES,
  parseMutated,
} from '../../../../tests/helpers/mutated-measurements';
import { BUILDING_HEIGHTS, PLYWOOD_NEEDED, ROOF_LAYERS, ROOF_SURFACE_MATERIALS } from '../types';
import { computeEstimate } from './estimate';

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
          // refused at upload with the visitor's sentence; anything else is a crash (parseMutated throws it)
          const measurement = parseMutated(file, mutations);
          if (!measurement) {
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
