import { describe, expect, it } from 'vitest';
import { computeEstimate } from './estimate';
import { PRELIMINARY_PITCH, preliminaryMeasurement, typicalRoofArea } from './preliminary';

const order = {
  zipCode: '66002',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  plywoodNeeded: 'No',
} as const;

describe('preliminary pricing (no measurement file)', () => {
  it('typical roof sizes per building height are 2,300, 1,600 and 1,900 sq ft (living area 1,900 / 2,600 / 2,300 sq ft at 6/12)', () => {
    expect(typicalRoofArea('1-Story')).toBe(2300);
    expect(typicalRoofArea('2-Story')).toBe(1600);
    expect(typicalRoofArea('Mix of 1 and 2')).toBe(1900);
  });

  it('uses the roof area when given, else the living area and stories, else the typical size', () => {
    const byRoof = preliminaryMeasurement({
      roofAreaSqFt: 2150,
      livingAreaSqFt: 1800,
      stories: '1',
      buildingHeight: '1-Story',
    });
    expect(byRoof.totalAreaSqFt).toBe(2150);
    expect(byRoof.source).toBe('Preliminary');
    expect(byRoof.predominantPitch).toBe(PRELIMINARY_PITCH);
    const byLiving = preliminaryMeasurement({
      roofAreaSqFt: null,
      livingAreaSqFt: 2000,
      stories: '2',
      buildingHeight: '2-Story',
    });
    expect(byLiving.totalAreaSqFt).toBe(Math.round((2000 / 2) * 1.1 * Math.sqrt(1.25)));
    // stories missing: the building height's storeys
    const byHeight = preliminaryMeasurement({ livingAreaSqFt: 2000, buildingHeight: '1-Story' });
    expect(byHeight.totalAreaSqFt).toBe(Math.round(2000 * 1.1 * Math.sqrt(1.25)));
    const typical = preliminaryMeasurement({
      roofAreaSqFt: undefined,
      livingAreaSqFt: 0,
      stories: null,
      buildingHeight: 'Mix of 1 and 2',
    });
    expect(typical.totalAreaSqFt).toBe(1900);
  });

  it('a computeEstimate on it has basis preliminary and says what it assumed and what happens next', () => {
    const cases = [
      [{ roofAreaSqFt: 2150, buildingHeight: '1-Story' }, 'roof-area', 'the roof area given with the order'],
      [
        { livingAreaSqFt: 1800, stories: '1', buildingHeight: '1-Story' },
        'living-area',
        'living area and storeys',
      ],
      [{ buildingHeight: '2-Story' }, 'typical', 'a typical 2-Story house'],
    ] as const;
    for (const [size, from, words] of cases) {
      const measurement = preliminaryMeasurement(size);
      const e = computeEstimate({ ...order, buildingHeight: size.buildingHeight, measurement });
      expect(e.basis).toBe('preliminary');
      expect(e.preliminary?.sizeFrom).toBe(from);
      expect(e.preliminary?.assumedAreaSqFt).toBe(measurement.totalAreaSqFt);
      expect(e.preliminary?.assumedPitch).toBe(6);
      expect(e.preliminary?.assumption).toContain(words);
      expect(e.preliminary?.assumption).toContain('Not measured');
      expect(e.preliminary?.nextSteps).toBe(
        'Our team measures the roof; the measured report follows as a new version, and this one stays valid.',
      );
      expect(e.assumptions[0]).toBe(e.preliminary?.assumption);
      expect(e.reconciliations).toEqual([]);
    }
  });

  it('survives being stored as JSON and read back (the basis is in the measurement)', () => {
    const m = JSON.parse(
      JSON.stringify(preliminaryMeasurement({ livingAreaSqFt: 2400, buildingHeight: '2-Story' })),
    );
    const e = computeEstimate({ ...order, buildingHeight: '2-Story', measurement: m });
    expect(e.preliminary?.sizeFrom).toBe('living-area');
  });

  it('a measured roof has basis measured and no preliminary block', () => {
    const m = {
      ...preliminaryMeasurement({ roofAreaSqFt: 2000, buildingHeight: '1-Story' }),
      source: 'Manual entry' as const,
    };
    const e = computeEstimate({ ...order, buildingHeight: '1-Story', measurement: m });
    expect(e.basis).toBe('measured');
    expect(e.preliminary).toBeNull();
  });
});
