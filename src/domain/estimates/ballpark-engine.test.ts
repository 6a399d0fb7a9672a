import { describe, expect, it } from 'vitest';
import { computeBallpark } from './ballpark-engine';
import { ballparkFormSchema, ballparkMessages } from './ballpark-form';
import { unpriceableZipReason } from './model/priceable-zip';

const base = {
  zipCode: '75201',
  areaMode: 'roof',
  roofAreaSqFt: '2000',
  floorAreaSqFt: '',
  stories: '1',
  steepness: '6',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
} as const;

function messages(values: object): string[] {
  const r = ballparkFormSchema.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('ballpark form', () => {
  it('accepts a roof area or a floor area with stories', () => {
    expect(messages(base)).toEqual([]);
    expect(
      messages({ ...base, areaMode: 'floor', roofAreaSqFt: '', floorAreaSqFt: '2,400', stories: '2' }),
    ).toEqual([]);
  });

  it('says what is missing or wrong', () => {
    expect(messages({ ...base, zipCode: '' })).toEqual([`zipCode: ${ballparkMessages.zipRequired}`]);
    expect(messages({ ...base, zipCode: '7520' })).toEqual([`zipCode: ${ballparkMessages.zipInvalid}`]);
    // an APO/FPO ZIP and an unassigned prefix are refused at the field, with the reason
    for (const zip of ['09012', '96201', '00100']) {
      const [message] = messages({ ...base, zipCode: zip });
      expect(message).toMatch(/^zipCode: /);
      expect(message).toBe(`zipCode: ${unpriceableZipReason(zip)}`);
    }
    expect(messages({ ...base, roofAreaSqFt: '' })).toEqual([
      `roofAreaSqFt: ${ballparkMessages.roofAreaRequired}`,
    ]);
    expect(messages({ ...base, roofAreaSqFt: '90' })).toEqual([
      `roofAreaSqFt: ${ballparkMessages.roofAreaRange}`,
    ]);
    expect(messages({ ...base, areaMode: 'floor', floorAreaSqFt: 'big' })).toEqual([
      `floorAreaSqFt: ${ballparkMessages.floorAreaRange}`,
    ]);
    expect(messages({ ...base, roofSurfaceMaterial: '' })).toEqual([
      `roofSurfaceMaterial: ${ballparkMessages.materialRequired}`,
    ]);
  });
});

describe('computeBallpark', () => {
  it('converts floor area and stories to roof area with the documented factors', () => {
    const r = computeBallpark({ ...base, areaMode: 'floor', floorAreaSqFt: '2000', stories: '2' });
    // 2000 / 2 x 1.10 x sqrt(1 + 0.25) = 1229.8
    expect(r.roofAreaSqFt).toBe(1230);
    expect(r.areaNote).toContain('over 2 stories');
    expect(r.estimate.lineItems.some((i) => i.code === 'HIGH-ROOF')).toBe(true);
  });

  it('gives a wide range for a ballpark and names the reason', () => {
    const r = computeBallpark(base);
    const { lowCents, expectedCents, highCents } = r.estimate.range;
    expect(lowCents).toBeLessThan(expectedCents * 0.8);
    expect(highCents).toBeGreaterThan(expectedCents * 1.2);
    expect(r.estimate.rangeReasons[0]).toContain('approximate area from the ballpark form');
    expect(r.estimate.zone.name).toBe('Dallas-Fort Worth-Arlington, TX (ZIP 752xx)');
  });
});
