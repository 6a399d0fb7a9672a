/**
 * Adjuster scope (issue 24 #7): steep charges on tear-off, starter at the rakes only where the
 * manufacturer requires it, closed-cut valleys for asphalt shingles and metal valleys where the
 * product needs them.
 */
import { describe, expect, it } from 'vitest';
import { ROOF_SURFACE_MATERIALS, type RoofMeasurement } from '../types';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';
import { MATERIALS } from './material-specs';
import { PRICES } from './price-book';

const order = {
  zipCode: '66002',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
} as const;

function atPitch(pitch: number): RoofMeasurement {
  const m = measurementFromArea(2000, pitch, 'Manual entry');
  return { ...m, lengths: { ...m.lengths, valleys: 40, rakes: 120, eaves: 150 } };
}
const line = (e: ReturnType<typeof computeEstimate>, code: string) =>
  e.lineItems.find((i) => i.code === code);

describe('adjuster scope', () => {
  it('charges the steep bands on removal too: +25/45/65 % of the tear-off rate of every layer removed', () => {
    const flat = computeEstimate({ ...order, measurement: atPitch(6) });
    expect(flat.lineItems.some((i) => i.code.startsWith('STEEP-R-'))).toBe(false);
    for (const [pitch, code, factor] of [
      [8, 'STEEP-R-1', 0.25],
      [11, 'STEEP-R-2', 0.45],
      [14, 'STEEP-R-3', 0.65],
    ] as const) {
      const one = computeEstimate({ ...order, measurement: atPitch(pitch) });
      const two = computeEstimate({
        ...order,
        roofLayers: '2 Layers over shake',
        measurement: atPitch(pitch),
      });
      expect(line(one, code)?.quantity).toBe(20);
      expect(line(one, code)?.category).toBe('tear-off');
      expect(line(one, code)?.description).toContain('remove');
      const L = one.zone.laborIndex;
      expect(line(one, code)?.unitPriceCents).toBe(
        Math.round(PRICES.tearOffFirstLayerPerSq * factor * 100 * L),
      );
      const allLayers =
        PRICES.tearOffFirstLayerPerSq + PRICES.tearOffExtraLayerPerSq + PRICES.tearOffShakeLayerPerSq;
      expect(line(two, code)?.unitPriceCents).toBe(Math.round(allLayers * factor * 100 * L));
    }
  });

  it('phases the removal charge in over the 1/12 below a band, like the install charge', () => {
    const e = computeEstimate({ ...order, measurement: atPitch(6.5) });
    expect(line(e, 'STEEP-R-1')?.quantity).toBe(10);
    expect(line(e, 'STEEP-1')?.quantity).toBe(10);
  });

  it('runs starter along the rakes only for laminate and designer shingles; eaves only otherwise', () => {
    const eavesAndRakes = [
      '30 YEAR LAMINATE SHINGLE',
      '40 YEAR LAMINATE SHINGLE',
      '50 YEAR LAMINATE SHINGLE',
      'PRESIDENTIAL SHAKE SHINGLE',
    ];
    for (const material of ROOF_SURFACE_MATERIALS) {
      const e = computeEstimate({ ...order, roofSurfaceMaterial: material, measurement: atPitch(6) });
      const starter = line(e, 'STARTER');
      expect(starter?.quantity, material).toBe(eavesAndRakes.includes(material) ? 270 : 150);
      expect(
        starter?.description.includes('rakes') && !starter.description.includes('rake trim'),
        material,
      ).toBe(eavesAndRakes.includes(material));
    }
    expect(computeEstimate({ ...order, measurement: atPitch(6) }).assumptions.join(' ')).toContain(
      'starter at the rakes only where the manufacturer requires it',
    );
  });

  it('gives asphalt shingles closed-cut valleys (lining, no valley metal) and the others a metal valley', () => {
    for (const material of ROOF_SURFACE_MATERIALS) {
      const e = computeEstimate({ ...order, roofSurfaceMaterial: material, measurement: atPitch(6) });
      const closedCut =
        MATERIALS[material].family === 'asphalt' || MATERIALS[material].family === 'premium-asphalt';
      expect(line(e, 'VALLEY')?.quantity, material).toBe(closedCut ? undefined : 40);
      // The valley lining stays either way.
      expect(line(e, 'ICE-WATER')?.description, material).toContain('valleys');
    }
    const laminate = computeEstimate({ ...order, measurement: atPitch(6) });
    expect(laminate.assumptions.join(' ')).toContain('closed-cut valleys');
    expect(
      ['25 YEAR 3-TAB SHINGLE', '30 YEAR LAMINATE SHINGLE'].map((m) => MATERIALS[m as 'SLATE'].valley),
    ).toEqual(['closed-cut', 'closed-cut']);
  });
});
