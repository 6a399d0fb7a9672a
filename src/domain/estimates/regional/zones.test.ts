import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COST_DATA_DIR } from '../../../../tests/fixtures/paths';
import { measurementFromArea } from '../model/ballpark';
import { computeEstimate } from '../model/estimate';
import { isValidZip, lookupZone, METRO_ELASTICITY, metroIndexOf, ZONE_COUNT } from './zones';
import { METROS, STATE_INDICES, ZIP3_ZONES } from './zones.generated';

const DATA = COST_DATA_DIR;

describe('price zones', () => {
  it('maps every ZIP in zcta5-to-cbsa.csv to a zone of its own state', () => {
    const rows = fs.readFileSync(path.join(DATA, 'zcta5-to-cbsa.csv'), 'utf8').trim().split(/\r?\n/).slice(1);
    expect(rows.length).toBe(33791);
    const mismatches: string[] = [];
    for (const row of rows) {
      const [zip, state] = row.split(',') as [string, string];
      const z = lookupZone(zip);
      if (z.state !== state) mismatches.push(`${zip}: ${z.state} != ${state}`);
      if (!(z.laborIndex > 0.4 && z.laborIndex < 2)) mismatches.push(`${zip}: labor index ${z.laborIndex}`);
      if (!(z.materialIndex > 0.8 && z.materialIndex < 1.2))
        mismatches.push(`${zip}: material index ${z.materialIndex}`);
      if (!/^Z\d{3}(-[A-Z]{2})?$/.test(z.id)) mismatches.push(`${zip}: zone id ${z.id}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('gives every 5-digit ZIP a zone, and the zones number ZONE_COUNT', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 100_000; i++) ids.add(lookupZone(String(i).padStart(5, '0')).id);
    expect(ids.size).toBe(ZONE_COUNT);
    expect(ZONE_COUNT).toBe(941);
    expect(ids.has('Z-MIL')).toBe(true);
    expect(ids.has('Z-US')).toBe(true);
  });

  it('uses state figures: Texas labor below California, CA materials above the US', () => {
    const dallas = lookupZone('75201');
    const sf = lookupZone('94103');
    expect(dallas.name).toBe('Dallas-Fort Worth-Arlington, TX (ZIP 752xx)');
    expect(dallas.state).toBe('TX');
    expect(dallas.laborIndex).toBeLessThan(sf.laborIndex);
    expect(sf.materialIndex).toBeGreaterThan(1);
    expect(sf.confidence).toBe('high');
  });

  it('handles the gaps of the public data with lower confidence', () => {
    const ri = lookupZone('02903');
    expect(ri.state).toBe('RI');
    expect(ri.confidence).toBe('medium');
    expect(ri.confidenceNotes.join(' ')).toContain('derived');
    const pr = lookupZone('00601');
    expect(pr.state).toBe('PR');
    expect(pr.confidence).toBe('low');
    expect(pr.materialIndex).toBe(1);
    expect(lookupZone('09012').id).toBe('Z-MIL');
    expect(lookupZone('00012').id).toBe('Z-US');
    const holtsville = lookupZone('00501');
    expect(holtsville.id).toBe('ZS-NY');
    expect(holtsville.confidence).toBe('medium');
    // A border ZCTA whose main county is in another state than its prefix's majority.
    const border = lookupZone('97635');
    expect(border.state).toBe('CA');
    expect(border.id).toBe('Z976-CA');
  });

  it('accepts ZIP+4 and refuses text that is not a ZIP', () => {
    expect(lookupZone('75201-1234').id).toBe('Z752');
    expect(isValidZip('7520')).toBe(false);
    expect(isValidZip('75201')).toBe(true);
    expect(() => lookupZone('ABCDE')).toThrow('Enter a 5-digit US ZIP code.');
  });

  it('national labor index 1 is the median state roofer wage', () => {
    const labor = Object.entries(STATE_INDICES)
      .filter(([code, s]) => s[5] === 'bls' && !['PR', 'GU', 'VI'].includes(code))
      .map(([, s]) => s[1])
      .sort((a, b) => a - b);
    expect(labor).toHaveLength(50);
    expect(((labor[24] as number) + (labor[25] as number)) / 2).toBeCloseTo(1, 2);
    expect(Object.keys(ZIP3_ZONES)).toHaveLength(896);
  });
});

describe('metropolitan price levels within a state', () => {
  const rows = fs
    .readFileSync(path.join(DATA, 'zcta5-to-cbsa.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((r) => r.split(',') as [string, string, string, string]);
  const metroCodes = new Set(METROS.map((m) => m[0]));

  it('stores the metro of every ZCTA exactly (ZIP3 majority plus exceptions)', () => {
    const wrong: string[] = [];
    for (const [zip, , , cbsa] of rows) {
      const i = metroIndexOf(zip);
      const got = i > 0 ? METROS[i - 1]?.[0] : '';
      const want = metroCodes.has(cbsa) ? cbsa : '';
      if (got !== want) wrong.push(`${zip}: ${got} != ${want}`);
    }
    expect(wrong).toEqual([]);
    expect(METROS).toHaveLength(381);
  });

  it('prices New York City above Binghamton and San Francisco above rural Alturas', () => {
    const nyc = lookupZone('10001');
    const bing = lookupZone('13901');
    expect(nyc.metro).toMatchObject({ cbsaCode: '35620', rpp: 112.473 });
    expect(bing.metro).toMatchObject({ cbsaCode: '13780', name: 'Binghamton, NY', rpp: 91.63 });
    expect(nyc.metro?.factorVsState).toBeCloseTo(112.473 / 107.6, 2);
    expect(nyc.laborIndex / bing.laborIndex).toBeCloseTo(112.473 / 91.63, 2);
    expect(nyc.costIndex).toBeGreaterThan(bing.costIndex);
    expect(nyc.materialIndex).toBeGreaterThan(bing.materialIndex);

    const sf = lookupZone('94103');
    const alturas = lookupZone('96101');
    expect(sf.metro?.name).toBe('San Francisco-Oakland-Berkeley, CA');
    // Modoc County: in no metro, the state's nonmetropolitan level is used (regional-levels.test.ts)
    expect(alturas.metro).toMatchObject({ cbsaCode: '', nonmetropolitan: true });
    expect(alturas.laborIndex).toBeLessThan(STATE_INDICES.CA?.[1] as number);
    expect(sf.laborIndex).toBeGreaterThan(alturas.laborIndex * 1.04);
    // materials move about half as much as the all-items level
    expect(METRO_ELASTICITY.material).toBeGreaterThan(0.4);
    expect(METRO_ELASTICITY.material).toBeLessThan(0.65);
  });

  it('spreads a sample roof about 1.6x between the dearest and the cheapest metro (RSMeans-style)', () => {
    // One ZIP per metro: the first ZCTA of the metro in the state most of its ZCTAs lie in.
    const byMetro = new Map<string, Map<string, string>>();
    for (const [zip, state, , cbsa] of rows) {
      if (!metroCodes.has(cbsa)) continue;
      const states = byMetro.get(cbsa) ?? new Map<string, string>();
      if (!states.has(state)) states.set(state, zip);
      byMetro.set(cbsa, states);
    }
    const measurement = measurementFromArea(2000, 6, 'Manual entry');
    const prices: number[] = [];
    for (const states of byMetro.values()) {
      for (const zip of states.values()) {
        prices.push(
          computeEstimate({
            measurement,
            zipCode: zip,
            roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
            roofLayers: '1 Layer',
            buildingHeight: '1-Story',
            plywoodNeeded: 'No',
          }).modelExpectedCents,
        );
      }
    }
    prices.sort((a, b) => a - b);
    const spread = (prices.at(-1) as number) / (prices[0] as number);
    // RSMeans' residential city cost indexes run from about 0.8 to about 1.3 of the national
    // average (1.6x); ours mixes state roofer wages with BEA metro price levels, so allow +-0.25.
    expect(spread).toBeGreaterThan(1.35);
    expect(spread).toBeLessThan(1.85);
  });
});
