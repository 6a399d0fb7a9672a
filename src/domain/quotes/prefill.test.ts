import { describe, expect, it } from 'vitest';
import { estimateToQuoteSearch, quotePrefillFromSearch, withoutPrefillParams } from './prefill';
import { quoteDataSchema } from './quote-form';

describe('/estimate -> /quote carry', () => {
  it('carries the ZIP, the material and the roof area', () => {
    const search = estimateToQuoteSearch({
      zipCode: '75201',
      roofSurfaceMaterial: 'METAL',
      areaMode: 'roof',
      roofAreaSqFt: '2,200',
      floorAreaSqFt: '1800',
      stories: '2',
    });
    expect(Object.fromEntries(new URLSearchParams(search))).toEqual({
      zip: '75201',
      material: 'METAL',
      roofArea: '2200',
    });
    expect(quotePrefillFromSearch(search)).toEqual({
      zipCode: '75201',
      roofSurfaceMaterial: 'METAL',
      roofAreaSqFt: '2,200',
    });
  });

  it('carries the living area and the stories in the floor-area mode', () => {
    const search = estimateToQuoteSearch({
      zipCode: '43004',
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      areaMode: 'floor',
      roofAreaSqFt: '',
      floorAreaSqFt: '2400',
      stories: '2',
    });
    expect(quotePrefillFromSearch(search)).toEqual({
      zipCode: '43004',
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      livingAreaSqFt: '2,400',
      stories: '2',
    });
  });

  it('leaves out what /quote would refuse, both ways', () => {
    expect(
      estimateToQuoteSearch({
        zipCode: '7520',
        roofSurfaceMaterial: 'GOLD LEAF',
        areaMode: 'roof',
        roofAreaSqFt: '90',
      }),
    ).toBe('');
    expect(estimateToQuoteSearch({ areaMode: 'floor', floorAreaSqFt: 'lots', stories: '2' })).toBe('');
    expect(
      quotePrefillFromSearch('?zip=abcde&material=%3Cscript%3E&roofArea=999999&livingArea=-5&stories=9'),
    ).toEqual({});
    // a living area without valid stories still carries the area
    expect(quotePrefillFromSearch('livingArea=1500&stories=7')).toEqual({ livingAreaSqFt: '1,500' });
  });

  it('prefilled sizes pass the quote schema as the numbers carried', () => {
    const prefill = quotePrefillFromSearch('roofArea=2200');
    const sizes = quoteDataSchema.shape;
    expect(sizes.roofAreaSqFt.parse(prefill.roofAreaSqFt)).toBe(2200);
    expect(sizes.livingAreaSqFt.parse(quotePrefillFromSearch('livingArea=2400').livingAreaSqFt)).toBe(2400);
  });

  it('cleans only its own parameters from the address', () => {
    expect(withoutPrefillParams('?zip=75201&material=METAL&roofArea=2200&payment=cancelled')).toBe(
      'payment=cancelled',
    );
  });
});
