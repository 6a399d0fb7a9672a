import { describe, expect, it } from 'vitest';
import type { RoofMeasurement } from '../types';
import { measurementFromArea } from './ballpark';
import { computeEstimate, pitchAreas } from './estimate';
import { measurementWarnings } from './sanity';

const order = {
  zipCode: '66002',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
} as const;

/** A 2,000 sq ft gable as if read from a Roofr file (no parser warnings). */
function fileRoof(patch: Partial<RoofMeasurement> = {}): RoofMeasurement {
  const m = measurementFromArea(2000, 6, 'Manual entry');
  return { ...m, source: 'Roofr .csv', warnings: [], ...patch };
}
const codes = (m: RoofMeasurement) => measurementWarnings(m).map((w) => w.code);

describe('measurement sanity', () => {
  it('a consistent roof has no warnings', () => {
    expect(codes(fileRoof())).toEqual([]);
    expect(computeEstimate({ ...order, measurement: fileRoof() }).warnings).toEqual([]);
  });

  it("the parser's own warnings flow into the estimate's", () => {
    const m = fileRoof({ warnings: ['The roof area (2,000 sq ft) differs from the sum of its 4 faces.'] });
    expect(computeEstimate({ ...order, measurement: m }).warnings).toEqual([
      {
        code: 'measurement-file',
        message: 'The roof area (2,000 sq ft) differs from the sum of its 4 faces.',
      },
    ]);
    // typed or estimated sizes keep their note under another code
    const typed = measurementFromArea(2000, 6, 'Manual entry');
    expect(computeEstimate({ ...order, measurement: typed }).warnings.map((w) => w.code)).toEqual([
      'measurement-estimated',
    ]);
  });

  it('an area-by-pitch table a little short is scaled to the total, with a warning saying so', () => {
    const m = fileRoof({ areaByPitch: { '6/12': 1200, '9/12': 600 } }); // 1,800 of 2,000 sq ft
    const e = computeEstimate({ ...order, measurement: m });
    const w = e.warnings.find((x) => x.code === 'pitch-table-scaled');
    expect(w?.message).toContain('covers 1,800 sq ft of the 2,000 sq ft roof (10% missing)');
    const parts = pitchAreas(m);
    expect(parts.reduce((s, p) => s + p.areaSqFt, 0)).toBeCloseTo(2000, 6);
    expect(parts.find((p) => p.pitch === 9)?.areaSqFt).toBeCloseTo(2000 / 3, 6);
  });

  it('an area-by-pitch table far off the total is refused with a clear RangeError', () => {
    const m = fileRoof({ areaByPitch: { '6/12': 1000 } });
    expect(() => computeEstimate({ ...order, measurement: m })).toThrow(RangeError);
    expect(() => computeEstimate({ ...order, measurement: m })).toThrow(
      'The area-by-pitch table covers 1,000 sq ft, but the roof area is 2,000 sq ft (50% missing): too far apart to price.',
    );
  });

  it('does not repeat the parser warning about the same table', () => {
    const m = fileRoof({
      areaByPitch: { '6/12': 1800 },
      warnings: [
        'The area-by-pitch table covers 1,800 sq ft, but the roof area is 2,000 sq ft (10 % missing); ...',
      ],
    });
    expect(codes(m)).toEqual(['measurement-file']);
  });

  it('a typed size outside the range of a house roof is warned, not refused', () => {
    const typed = { ...measurementFromArea(150_000, 6, 'Manual entry'), warnings: [] };
    const e = computeEstimate({ ...order, measurement: typed });
    expect(e.warnings.map((w) => w.code)).toEqual(['area-implausible']);
    expect(e.warnings[0]?.message).toContain('150,000 sq ft is outside the range');
  });

  it('edges out of proportion with the area, long cut lines, huge faces and wall-steep pitches are warned', () => {
    const L = fileRoof().lengths;
    expect(codes(fileRoof({ lengths: { ...L, eaves: 20, rakes: 10 } }))).toEqual(['edges-short']);
    expect(codes(fileRoof({ lengths: { ...L, eaves: 0, rakes: 0 } }))).toEqual(['edges-missing']);
    expect(codes(fileRoof({ lengths: { ...L, eaves: 900, rakes: 200 } }))).toEqual(['edges-long']);
    expect(codes(fileRoof({ lengths: { ...L, ridges: 300, hips: 200, valleys: 100 } }))).toEqual([
      'lines-long',
    ]);
    expect(codes(fileRoof({ facets: [{ id: 'F1', areaSqFt: 6000, pitch: 6 }] }))).toEqual([
      'facet-area-large',
    ]);
    expect(codes(fileRoof({ areaByPitch: { '6/12': 1900, '20/12': 100 } }))).toEqual(['pitch-steep']);
    const e = computeEstimate({
      ...order,
      measurement: fileRoof({ lengths: { ...L, eaves: 20, rakes: 10 } }),
    });
    expect(e.warnings[0]?.message).toMatch(
      /The eaves and rakes \(30 ft\) are too short to go around 2,000 sq ft/,
    );
  });
});
