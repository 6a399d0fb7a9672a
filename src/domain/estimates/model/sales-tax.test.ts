import { describe, expect, it } from 'vitest';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';
import { OVERHEAD_AND_PROFIT } from './price-book';
import { STATE_SALES_TAX_PERCENT, salesTaxOnMaterials } from './sales-tax';

const base = {
  measurement: measurementFromArea(2000, 6, 'Manual entry'),
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
} as const;

describe('sales tax, overhead and profit, adjuster line items', () => {
  it('has a base rate for the 50 states and DC; the five states without sales tax are 0', () => {
    expect(Object.keys(STATE_SALES_TAX_PERCENT).filter((s) => s !== 'PR')).toHaveLength(51);
    expect(['AK', 'DE', 'MT', 'NH', 'OR'].map((s) => STATE_SALES_TAX_PERCENT[s])).toEqual([0, 0, 0, 0, 0]);
    expect(STATE_SALES_TAX_PERCENT.CA).toBe(7.25);
  });

  it('adds the state rate on the material lines as its own line, and says so', () => {
    const e = computeEstimate({ ...base, zipCode: '75201' }); // Dallas, TX 6.25 %
    const materials = e.lineItems
      .filter((i) => i.category === 'materials')
      .reduce((s, i) => s + i.totalCents, 0);
    const tax = e.lineItems.find((i) => i.code === 'SALES-TAX');
    expect(tax?.totalCents).toBe(Math.round(materials * 0.0625));
    expect(e.salesTax).toEqual({
      state: 'TX',
      ratePercent: 6.25,
      included: false,
      cents: tax?.totalCents,
      text: expect.stringContaining("Texas's state rate of 6.25% is added on the materials"),
    });
    expect(e.assumptions).toContain(e.salesTax.text);
  });

  it('a state without sales tax adds none and says so', () => {
    const e = computeEstimate({ ...base, zipCode: '97201' }); // Portland, OR
    expect(e.lineItems.find((i) => i.code === 'SALES-TAX')).toBeUndefined();
    expect(e.salesTax.cents).toBe(0);
    expect(e.salesTax.text).toBe(
      'Sales tax: Oregon has no statewide sales tax; none is added to the materials.',
    );
    expect(salesTaxOnMaterials('GU', 'Guam', 10_000).text).toContain(
      'no state sales-tax rate is on file for Guam',
    );
  });

  it('states the overhead and profit rate and that carriers may treat it separately', () => {
    const e = computeEstimate({ ...base, zipCode: '75201' });
    expect(e.overheadAndProfitRate).toBe(OVERHEAD_AND_PROFIT);
    expect(e.overheadAndProfitNote).toContain('20% of the subtotal');
    expect(e.overheadAndProfitNote).toContain('Insurance carriers may treat overhead and profit separately');
  });

  it('prices pipe boots, vents (allowances by size, stated) and a ridge vent no longer than the ridge', () => {
    const e = computeEstimate({ ...base, zipCode: '75201' });
    const q = (code: string) => e.lineItems.find((i) => i.code === code)?.quantity;
    expect(q('PIPE-BOOT')).toBe(3); // 20 squares: 2 + 1
    expect(q('VENT')).toBe(2); // 1 + 1
    expect(q('RIDGE-VENT')).toBeLessThanOrEqual(base.measurement.lengths.ridges);
    expect(q('RIDGE-VENT')).toBeCloseTo(((2000 / 300) * 0.5 * 144) / 18, 1);
    expect(e.assumptions.join(' ')).toContain('allows 3 pipe boots');
    for (const code of ['STARTER', 'RIDGE-CAP', 'DRIP-EDGE', 'PERMIT', 'DISPOSAL'])
      expect(q(code)).toBeGreaterThan(0);
    // no ridge, no ridge vent
    const shed = { ...base.measurement, lengths: { ...base.measurement.lengths, ridges: 0 } };
    expect(
      computeEstimate({ ...base, zipCode: '75201', measurement: shed }).lineItems.map((i) => i.code),
    ).not.toContain('RIDGE-VENT');
  });
});
