/**
 * Issue 24 #6: a nonmetropolitan level per state (rural ZIPs no longer take the metro-dominated state
 * level) and the Florida High-Velocity Hurricane Zone scope (Miami-Dade, Broward).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_DATA_DIR } from '../../../../tests/fixtures/paths';
import type { Estimate } from '../estimate-types';
import { measurementFromArea } from '../model/ballpark';
import { computeEstimate } from '../model/estimate';
import { OVERHEAD_AND_PROFIT } from '../model/price-book';
import { lookupZone } from './zones';
import { LOWEST_METRO_RPP, NONMETRO_RPP, STATE_INDICES, US_NONMETRO_RPP } from './zones.generated';

const csv = (file: string): string[][] =>
  fs
    .readFileSync(path.join(COST_DATA_DIR, file), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((r) => r.split(','));

const roof = (zipCode: string): Estimate =>
  computeEstimate({
    measurement: measurementFromArea(2000, 6, 'Manual entry'),
    zipCode,
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
  });

describe('nonmetropolitan level per state', () => {
  // Read independently of the generator: the state RPPs (2023) and every metro RPP with its ZCTAs' states.
  const stateRpp = new Map(
    csv('rpp-by-state.csv')
      .filter((r) => r[3] === '2023' && r[0] !== 'US')
      .map((r) => [r[0] as string, Number(r[4])]),
  );
  const metroText = fs.readFileSync(path.join(COST_DATA_DIR, 'rpp-by-metro.csv'), 'utf8');
  const metroRpp = new Map<string, number>();
  for (const line of metroText.trim().split(/\r?\n/).slice(1)) {
    const code = line.slice(0, line.indexOf(','));
    const rpp = Number(line.slice(line.lastIndexOf(',') + 1));
    if (code) metroRpp.set(code, rpp);
  }
  const cheapest = new Map<string, number>();
  for (const [, state, , cbsa] of csv('zcta5-to-cbsa.csv')) {
    const rpp = metroRpp.get(cbsa as string);
    if (rpp === undefined) continue;
    cheapest.set(state as string, Math.min(cheapest.get(state as string) ?? Infinity, rpp));
  }

  it('is the state level x the national nonmetropolitan ratio, bounded by the cheapest metro of the state and the lowest metro', () => {
    expect(US_NONMETRO_RPP).toBe(88.222);
    expect(LOWEST_METRO_RPP).toBe(Math.min(...metroRpp.values()));
    expect(stateRpp.size).toBe(51);
    const wrong: string[] = [];
    for (const [state, rpp] of stateRpp) {
      const want = Math.max(LOWEST_METRO_RPP, Math.min((rpp * 88.222) / 100, cheapest.get(state) as number));
      const got = NONMETRO_RPP[state] as number;
      if (Math.abs(got - want) > 0.0005) wrong.push(`${state}: ${got} != ${want}`);
      if (got > rpp) wrong.push(`${state}: nonmetro ${got} above the state ${rpp}`);
      if (got > (cheapest.get(state) as number)) wrong.push(`${state}: above its cheapest metro`);
    }
    expect(wrong).toEqual([]);
    // Spot checks: the scaled figure (Colorado), the cap (California: Hanford-Corcoran 98.415),
    // the floor (Mississippi: 87.3 x 0.882 = 77.0, below any metro BEA prices).
    expect(NONMETRO_RPP.CO).toBeCloseTo((101.382 * 88.222) / 100, 2);
    expect(NONMETRO_RPP.CA).toBe(98.415);
    expect(NONMETRO_RPP.MS).toBe(80.325);
  });

  it('prices rural Alturas, CA (96101) below the Fresno metro (93701) for the same roof', () => {
    const alturas = roof('96101');
    const fresno = roof('93701');
    expect(alturas.zone.metro).toMatchObject({
      name: 'California nonmetropolitan',
      nonmetropolitan: true,
      rpp: 98.415,
    });
    expect(fresno.zone.metro?.name).toBe('Fresno, CA');
    expect(alturas.totalCents).toBeLessThan(fresno.totalCents);
    const ca = STATE_INDICES.CA as [string, number, number, number, string, string];
    expect(alturas.zone.laborIndex).toBeCloseTo(ca[1] * (98.415 / 112.581), 2);
    expect(alturas.rangeReasons.join(' ')).toContain("state's nonmetropolitan price level");
  });

  it('keeps metro ZIPs at their metro level and territories at the state level', () => {
    expect(lookupZone('10001').metro?.nonmetropolitan).toBeUndefined();
    expect(lookupZone('00601').metro).toBeNull(); // Puerto Rico: no BEA figures
    expect(lookupZone('59001').metro).toMatchObject({ name: 'Montana nonmetropolitan' });
  });
});

describe('Florida High-Velocity Hurricane Zone', () => {
  const hvhzCodes = ['HVHZ-UNDERLAY', 'HVHZ-TINCAP', 'HVHZ-RENAIL', 'HVHZ-EDGE', 'HVHZ-PERMIT'];
  const codes = (e: Estimate) => e.lineItems.map((i) => i.code);

  it('adds the code-required scope in Miami (Miami-Dade) and Fort Lauderdale (Broward), not in Orlando or West Palm Beach', () => {
    const miami = roof('33130');
    const lauderdale = roof('33301');
    const orlando = roof('32801');
    const palmBeach = roof('33401'); // same metro as Miami, Palm Beach County: not HVHZ
    expect(lookupZone('33130').hvhzCounty).toBe('Miami-Dade');
    expect(lookupZone('33301').hvhzCounty).toBe('Broward');
    for (const e of [miami, lauderdale]) {
      expect(codes(e)).toEqual(expect.arrayContaining(hvhzCodes));
      expect(e.assumptions.join(' ')).toContain('High-Velocity Hurricane Zone');
    }
    for (const e of [orlando, palmBeach]) expect(codes(e).filter((c) => c.startsWith('HVHZ'))).toEqual([]);
    expect(palmBeach.zone.metro?.cbsaCode).toBe(miami.zone.metro?.cbsaCode);
    // Same metro, same indices: the difference is the HVHZ lines with overhead and profit on them
    // (O&P is on the work, not on the tax: §3), and the sales tax on their materials.
    const hvhzCents = miami.lineItems
      .filter((i) => i.code.startsWith('HVHZ'))
      .reduce((s, i) => s + i.totalCents, 0);
    const taxDelta =
      (miami.lineItems.find((i) => i.code === 'SALES-TAX')?.totalCents ?? 0) -
      (palmBeach.lineItems.find((i) => i.code === 'SALES-TAX')?.totalCents ?? 0);
    expect(taxDelta).toBeGreaterThan(0);
    expect(miami.totalCents - palmBeach.totalCents).toBeCloseTo(
      hvhzCents * (1 + OVERHEAD_AND_PROFIT) + taxDelta,
      -1,
    );
    expect(miami.totalCents / palmBeach.totalCents).toBeGreaterThan(1.1);
    expect(miami.totalCents / palmBeach.totalCents).toBeLessThan(1.25);
    expect(orlando.totalCents).toBeLessThan(lauderdale.totalCents);
  });

  it('marks exactly the ZIPs whose main county is Miami-Dade or Broward', () => {
    const wrong: string[] = [];
    let n = 0;
    for (const [zip, , county] of csv('zcta5-to-cbsa.csv')) {
      const want = county === '12086' ? 'Miami-Dade' : county === '12011' ? 'Broward' : undefined;
      if (want) n++;
      if (lookupZone(zip as string).hvhzCounty !== want) wrong.push(`${zip}: ${String(want)}`);
    }
    expect(wrong).toEqual([]);
    expect(n).toBe(135);
  });
});
