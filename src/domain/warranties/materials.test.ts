import { describe, expect, it } from 'vitest';
import { ROOF_SURFACE_MATERIALS } from '../estimates/types';
import { MATERIAL_WARRANTY_CAP_YEARS, materialWarranties, materialWarrantyOf } from './materials';

describe('material warranties', () => {
  it('name the manufacturer’s figure and its source for every spec material, at most 50 years', () => {
    for (const m of ROOF_SURFACE_MATERIALS) {
      const w = materialWarranties[m];
      expect(w.material).toBe(m);
      expect(w.years).toBeGreaterThan(0);
      expect(w.years).toBeLessThanOrEqual(MATERIAL_WARRANTY_CAP_YEARS);
      expect(w.source.length).toBeGreaterThan(20);
      expect(w.stated).toMatch(/warranty/);
    }
  });

  it('take the spec options as they are, in any case', () => {
    expect(materialWarrantyOf('25 YEAR 3-TAB SHINGLE')?.years).toBe(25);
    expect(materialWarrantyOf('50 year laminate shingle')?.years).toBe(50);
    expect(materialWarrantyOf('METAL')?.years).toBe(40);
    expect(materialWarrantyOf('TILE - CLAY')?.material).toBe('TILE - CLAY');
  });

  it('read free text by its words, the first candidate that names a material winning', () => {
    expect(materialWarrantyOf(null, 'GAF Timberline HDZ lifetime')?.material).toBe(
      '50 YEAR LAMINATE SHINGLE',
    );
    expect(materialWarrantyOf('', 'Standing seam steel')?.material).toBe('METAL');
    expect(materialWarrantyOf('Concrete tile')?.material).toBe('TILE - CONCRETE');
    expect(materialWarrantyOf('Architectural shingles')?.material).toBe('30 YEAR LAMINATE SHINGLE');
    expect(materialWarrantyOf('Gable', 'SLATE')?.material).toBe('SLATE');
  });

  it('answer null when nothing says what was installed', () => {
    expect(materialWarrantyOf(null, undefined, '  ')).toBeNull();
    expect(materialWarrantyOf('Gable', 'Hip')).toBeNull();
  });
});
