import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_DATA_DIR } from '../../../../tests/fixtures/paths';
import { measurementFromArea } from './ballpark';
import { computeEstimate } from './estimate';
import { OVERHEAD_AND_PROFIT } from './price-book';
import { LOCAL_SALES_TAX_PERCENT, STATE_SALES_TAX_PERCENT, salesTaxOnMaterials } from './sales-tax';

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

  it('states the overhead and profit rate, its base and its single-trade / multi-trade policy', () => {
    const e = computeEstimate({ ...base, zipCode: '75201' });
    expect(e.overheadAndProfitRate).toBe(OVERHEAD_AND_PROFIT);
    expect(e.overheadAndProfitNote).toContain(
      'of the work lines, never of the sales tax or the local market adjustment',
    );
    expect(e.overheadAndProfitNote).toContain('single trade');
    expect(e.overheadAndProfitNote).toContain('three or more trades');
  });

  it('never applies overhead and profit to the sales tax or the market adjustment', () => {
    const e = computeEstimate({
      ...base,
      zipCode: '75201',
      localObservations: [{ finalCostCents: 3_000_000, modelExpectedCents: 2_000_000, contractorId: 'c1' }],
    });
    const tax = e.lineItems.find((i) => i.code === 'SALES-TAX')?.totalCents ?? 0;
    const market = e.lineItems.find((i) => i.code === 'MARKET')?.totalCents ?? 0;
    expect(tax).toBeGreaterThan(0);
    expect(market).not.toBe(0);
    const work = e.subtotalCents - tax - market;
    expect(e.overheadAndProfitBaseCents).toBe(work);
    expect(e.overheadAndProfitCents).toBe(Math.round(work * OVERHEAD_AND_PROFIT));
    expect(e.totalCents).toBe(e.subtotalCents + e.overheadAndProfitCents);
    // The factor still scales the model's whole price (what the learning compares jobs with).
    expect(Math.abs(e.totalCents - Math.round(e.modelExpectedCents * e.marketFactor))).toBeLessThanOrEqual(1);
  });

  it('adds the average local rate where the state has one on file, and says where none is', () => {
    const al = computeEstimate({ ...base, zipCode: '35203' }); // Birmingham, AL
    expect(al.salesTax.ratePercent).toBe(9.43);
    expect(al.lineItems.find((i) => i.code === 'SALES-TAX')?.description).toContain(
      'state 4% + average local 5.43%',
    );
    const ak = computeEstimate({ ...base, zipCode: '99501' }); // Anchorage: no state tax, local 1.82 %
    expect(ak.salesTax.ratePercent).toBe(1.82);
    expect(ak.lineItems.some((i) => i.code === 'SALES-TAX')).toBe(true);
    const tx = computeEstimate({ ...base, zipCode: '75201' });
    expect(tx.salesTax.ratePercent).toBe(6.25);
    expect(tx.lineItems.find((i) => i.code === 'SALES-TAX')?.description).toContain(
      'no local figure on file',
    );
    expect(LOCAL_SALES_TAX_PERCENT).toEqual(
      Object.fromEntries(
        fs
          .readFileSync(path.join(COST_DATA_DIR, 'sales-tax-local-2025.csv'), 'utf8')
          .trim()
          .split('\n')
          .slice(1)
          .map((row) => row.split(','))
          .map(([state, , , local]) => [state, Number(local)]),
      ),
    );
  });

  it('prices pipe boots and existing vents like for like (allowances by size, stated), no ridge vent by default', () => {
    const e = computeEstimate({ ...base, zipCode: '75201' });
    const q = (code: string) => e.lineItems.find((i) => i.code === code)?.quantity;
    expect(q('PIPE-BOOT')).toBe(3); // 20 squares: 2 + 1
    expect(q('VENT')).toBe(2); // 1 + 1
    expect(q('RIDGE-VENT')).toBeUndefined();
    expect(e.assumptions.join(' ')).toContain('allows 3 pipe boots');
    expect(e.assumptions.join(' ')).toContain('no ridge vent is added');
    for (const code of ['STARTER', 'RIDGE-CAP', 'DRIP-EDGE', 'PERMIT', 'DISPOSAL'])
      expect(q(code)).toBeGreaterThan(0);
    // A roof the order says has (or gets) a ridge vent: the vent, sized, in place of the box vents.
    const rv = computeEstimate({ ...base, zipCode: '75201', ridgeVent: true });
    const r = (code: string) => rv.lineItems.find((i) => i.code === code)?.quantity;
    expect(r('VENT')).toBeUndefined();
    expect(r('RIDGE-VENT')).toBeLessThanOrEqual(base.measurement.lengths.ridges);
    expect(r('RIDGE-VENT')).toBeCloseTo(((2000 / 300) * 0.5 * 144) / 18, 1);
    // no ridge, no ridge vent
    const shed = { ...base.measurement, lengths: { ...base.measurement.lengths, ridges: 0 } };
    const onShed = computeEstimate({ ...base, zipCode: '75201', ridgeVent: true, measurement: shed });
    expect(onShed.lineItems.map((i) => i.code)).not.toContain('RIDGE-VENT');
    expect(onShed.assumptions.join(' ')).toContain(
      'no ridge vent is priced: the order says the roof has or gets one, but the file has no ridge for it',
    );
  });

  it("says why no ridge vent is added: the order's No, or nothing saying either way", () => {
    const said = (ridgeVent: boolean | undefined) =>
      computeEstimate({ ...base, zipCode: '75201', ...(ridgeVent === undefined ? {} : { ridgeVent }) });
    const no = said(false);
    const unknown = said(undefined);
    expect(no.assumptions.join(' ')).toContain('no ridge vent is added, as the order says the roof has none');
    expect(unknown.assumptions.join(' ')).toContain(
      'no ridge vent is added, as nothing in the order or the file says the roof has one',
    );
    // the same roof, priced the same: only the reason differs
    expect(no.lineItems).toEqual(unknown.lineItems);
    expect(no.totalCents).toBe(unknown.totalCents);
  });
});
