#!/usr/bin/env node
/**
 * Generates src/domain/estimates/regional/zones.generated.ts: the regional price zones of the estimate
 * engine, from the public figures in scripts/data (see src/domain/estimates/regional/SOURCES.md).
 *
 *   node scripts/generate-estimate-data.mjs [path/to/data (default scripts/data)]
 *
 * Zones: one per 3-digit ZIP prefix (ZIP3) in the Census ZCTA file, plus a statewide zone per
 * state for prefixes the Census file lacks (PO-box or unique-firm prefixes), a military-mail
 * zone and a national fallback zone. Indices are state level (the only level published):
 *   laborIndex    = BLS OEWS May 2023 mean hourly wage of Roofers (47-2181) in the state
 *                   / median of that wage over the 50 states and DC.
 *   materialIndex = BEA RPP goods 2023 for the state / BEA RPP goods 2023 for the US.
 *   costIndex     = BEA RPP all items 2023 / 100 (permits, disposal, general costs).
 * Gaps (PROVENANCE.md): Rhode Island has no roofer wage (derived from its all-occupations wage
 * times the median roofer/all-occupations ratio); territories have no RPP (national 1.0).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { metroPriceLevels, round3 } from './lib/estimate-metros.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(process.argv[2] ?? path.join(root, 'scripts', 'data'));
const outFile = path.join(root, 'src/domain/estimates/regional/zones.generated.ts');
const RPP_YEAR = '2023';

/** The rows of a CSV file in scripts/data as objects keyed by its header row (missing fields ''). */
function readCsv(file) {
  const text = fs.readFileSync(path.join(dataDir, file), 'utf8').replace(/^\uFEFF/, '');
  const { data, errors } = Papa.parse(text, { delimiter: ',', skipEmptyLines: 'greedy' });
  if (errors.length) throw new Error(`${file}: ${errors[0].message} (row ${errors[0].row + 1})`);
  const [header, ...body] = data;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const wages = readCsv('roofer-wages-by-state.csv');
const rpp = readCsv('rpp-by-state.csv').filter((r) => r.year === RPP_YEAR);
const zip3 = readCsv('zip3-to-state.csv');
const zcta = readCsv('zcta5-to-cbsa.csv');
const cbsaNames = new Map(readCsv('cbsa-names.csv').map((r) => [r.cbsa_code, r]));

const STATES_AND_DC = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

const usRpp = rpp.find((r) => r.state_code === 'US');
if (!usRpp) throw new Error(`No US row for ${RPP_YEAR} in rpp-by-state.csv`);
const rppByState = new Map(rpp.map((r) => [r.state_code, r]));
const wageRows = wages.filter((w) => STATES_AND_DC.has(w.state_code) && w.mean_hourly_wage !== '');
const nationalWage = median(wageRows.map((w) => Number(w.mean_hourly_wage)));
const ratio = median(
  wageRows.map((w) => Number(w.mean_hourly_wage) / Number(w.all_occupations_mean_hourly_wage)),
);

const stateNames = new Map();
for (const w of wages) stateNames.set(w.state_code, w.state_name);
for (const z of zip3) stateNames.set(z.state_code, z.state_name);
stateNames.set('AS', 'American Samoa');
stateNames.set('MP', 'Northern Mariana Islands');

/** state -> [name, laborIndex, materialIndex, costIndex, confidence, wageNote] */
const states = {};
for (const [code, name] of [...stateNames].sort()) {
  const w = wages.find((x) => x.state_code === code);
  const r = rppByState.get(code);
  let wage = w && w.mean_hourly_wage !== '' ? Number(w.mean_hourly_wage) : null;
  let confidence = 'high';
  let note = 'bls';
  if (wage === null && w && w.all_occupations_mean_hourly_wage !== '') {
    wage = Number(w.all_occupations_mean_hourly_wage) * ratio;
    confidence = 'medium';
    note = 'derived';
  }
  if (wage === null) {
    confidence = 'low';
    note = 'none';
  }
  if (!r) confidence = 'low';
  states[code] = [
    name,
    wage === null ? 1 : round3(wage / nationalWage),
    r ? round3(Number(r.rpp_goods) / Number(usRpp.rpp_goods)) : 1,
    r ? round3(Number(r.rpp_all_items) / 100) : 1,
    confidence,
    note,
  ];
}

// ZIP3 zones.
const shortCbsa = (code) => {
  const c = cbsaNames.get(code);
  return c ? c.cbsa_title : null;
};
const zones = {};
for (const z of zip3) {
  const share = Number(z.state_zcta_share);
  const cbsaShare = z.top_cbsa_zcta_share === '' ? 0 : Number(z.top_cbsa_zcta_share);
  const title = z.top_cbsa_code && cbsaShare >= 0.5 ? shortCbsa(z.top_cbsa_code) : null;
  // [state, area title or '', mixed-state flag]
  zones[z.zip3] = [z.state_code, title ?? '', share < 0.95 ? 1 : 0];
}

// ZIP5 whose main county lies in another state than its ZIP3's majority state.
const zip5States = {};
for (const r of zcta) {
  const z = zones[r.zcta5.slice(0, 3)];
  if (z && z[0] !== r.state_code) zip5States[r.zcta5] = r.state_code;
}

// Prefixes without a ZCTA. Military mail prefixes, known USPS unique prefixes, else the state
// shared by both neighbouring prefixes, else national.
const MILITARY = new Set([
  '090',
  '091',
  '092',
  '093',
  '094',
  '095',
  '096',
  '097',
  '098',
  '099',
  '340',
  '962',
  '963',
  '964',
  '965',
  '966',
]);
const KNOWN = { '005': 'NY', '055': 'MA', 399: 'GA', 885: 'TX', 889: 'NV' };
const prefixStates = {};
for (let i = 0; i < 1000; i++) {
  const p = String(i).padStart(3, '0');
  if (zones[p]) continue;
  if (MILITARY.has(p)) {
    prefixStates[p] = 'MIL';
    continue;
  }
  if (KNOWN[p]) {
    prefixStates[p] = KNOWN[p];
    continue;
  }
  let prev = null;
  let next = null;
  for (let j = i - 1; j >= 0 && !prev; j--) prev = zones[String(j).padStart(3, '0')]?.[0] ?? null;
  for (let j = i + 1; j < 1000 && !next; j++) next = zones[String(j).padStart(3, '0')]?.[0] ?? null;
  prefixStates[p] = prev && prev === next ? prev : 'US';
}

// Metropolitan price levels (BEA RPP 2023, all items, by CBSA) per ZIP5 and the nonmetropolitan
// level per state: scripts/lib/estimate-metros.mjs.
const allMetroRows = readCsv('rpp-by-metro.csv').filter((r) => r.year === RPP_YEAR);
const { metros, usNonmetroRpp, lowestMetroRpp, nonmetro, zip3Metro, metroExceptions } = metroPriceLevels(
  allMetroRows,
  zcta,
  rppByState,
  RPP_YEAR,
);
// Florida Building Code High-Velocity Hurricane Zone (FBC 1512-1525): Miami-Dade and Broward
// counties only. A ZIP is in it when its main county (largest land share) is one of the two.
const HVHZ_COUNTIES = { 12086: 'Miami-Dade', 12011: 'Broward' };
const hvhzZips = {};
for (const r of zcta) if (HVHZ_COUNTIES[r.county_fips]) hvhzZips[r.zcta5] = HVHZ_COUNTIES[r.county_fips];

// How a metro's price level (all items, relative to its state) carries over to each index: the
// elasticity of the state goods RPP to the state all-items RPP across the 50 states and DC (least
// squares on logs) for materials; labour moves one for one (equal real roofer wages within a
// state; see SOURCES.md); the general cost index is the all-items RPP itself (1).
const lx = [];
const lg = [];
for (const r of rpp) {
  if (!STATES_AND_DC.has(r.state_code)) continue;
  lx.push(Math.log(Number(r.rpp_all_items)));
  lg.push(Math.log(Number(r.rpp_goods)));
}
const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const mx = mean(lx);
const mg = mean(lg);
const goodsElasticity = round3(
  lx.reduce((s, x, i) => s + (x - mx) * (lg[i] - mg), 0) / lx.reduce((s, x) => s + (x - mx) ** 2, 0),
);

const statewideUsed = new Set(Object.values(prefixStates).filter((s) => s !== 'MIL' && s !== 'US'));
const borderZones = new Set(Object.entries(zip5States).map(([z, st]) => `${z.slice(0, 3)}-${st}`));
const zoneCount = Object.keys(zones).length + borderZones.size + statewideUsed.size + 2;

const header = `// GENERATED by scripts/generate-estimate-data.mjs from scripts/data — do not edit by hand.
// Sources and years: src/domain/estimates/regional/SOURCES.md.
`;
const body = `${header}
/** Median BLS OEWS May 2023 mean hourly wage of Roofers over the 50 states and DC (USD/h): laborIndex 1. */
export const NATIONAL_ROOFER_WAGE = ${round3(nationalWage)};
/** Median roofer / all-occupations wage ratio (used for Rhode Island, which has no roofer row). */
export const ROOFER_WAGE_RATIO = ${round3(ratio)};
export const RPP_YEAR = ${RPP_YEAR};
/** Number of price zones: ZIP3 zones + border zones (ZIP5 in another state than its prefix) + statewide zones for prefixes without a ZCTA + military + national. */
export const ZONE_COUNT = ${zoneCount};

/** state -> [name, laborIndex, materialIndex, costIndex, confidence, wage note] */
export const STATE_INDICES: Record<string, [string, number, number, number, 'high' | 'medium' | 'low', 'bls' | 'derived' | 'none']> = ${JSON.stringify(states)};

/** ZIP3 -> [state, metro/micro area title ('' when none holds most of the prefix), 1 when the prefix spans states] */
export const ZIP3_ZONES: Record<string, [string, string, 0 | 1]> = ${JSON.stringify(zones)};

/** ZIP5 whose main county lies in another state than its ZIP3's majority state. */
export const ZIP5_STATE_OVERRIDES: Record<string, string> = ${JSON.stringify(zip5States)};

/** ZIP3 prefixes without a Census ZCTA -> state ('MIL' military mail, 'US' unknown). */
export const PREFIX_STATES: Record<string, string> = ${JSON.stringify(prefixStates)};

/** Elasticity of the state goods RPP to the all-items RPP (50 states and DC, ${RPP_YEAR}): how much of a metro's price level reaches materials. */
export const GOODS_RPP_ELASTICITY = ${goodsElasticity};

/** BEA RPP ${RPP_YEAR} by metropolitan area: [CBSA code, title, all items (US = 100)]. Index i + 1 in ZIP3_METROS. */
export const METROS: [string, string, number][] = ${JSON.stringify(metros)};

/** BEA RPP ${RPP_YEAR}, United States nonmetropolitan portion (all items, US = 100). */
export const US_NONMETRO_RPP = ${usNonmetroRpp};
/** Lowest metropolitan RPP BEA publishes (${RPP_YEAR}): the floor of a state's nonmetropolitan level. */
export const LOWEST_METRO_RPP = ${lowestMetroRpp};

/**
 * Nonmetropolitan price level by state (all items, US = 100) for ZIPs in no metro with a BEA figure:
 * state RPP x US_NONMETRO_RPP / 100, at most the cheapest metro with ZCTAs in the state, at least
 * LOWEST_METRO_RPP (see scripts/generate-estimate-data.mjs and docs/estimate-model.md section 2).
 */
export const NONMETRO_RPP: Record<string, number> = ${JSON.stringify(nonmetro)};

/** ZIP5 in the Florida High-Velocity Hurricane Zone (main county Miami-Dade 12086 or Broward 12011) -> county. */
export const HVHZ_ZIPS: Record<string, string> = ${JSON.stringify(hvhzZips)};

/**
 * ZIP3 -> metro of its ZCTAs: "top" or "top;m:ss,ss-ss;m:ss" where top is the 1-based METROS index
 * most of the prefix's ZCTAs belong to (0: none), and each "m:" group lists the ZIP5 suffixes (last
 * two digits, runs with '-') whose metro differs.
 */
export const ZIP3_METROS: Record<string, string> = ${JSON.stringify(zip3Metro)};
`;
fs.writeFileSync(outFile, body);
// Keep the committed file in the repository's format (biome), so a re-run gives no diff.
execFileSync(
  process.execPath,
  [path.join(root, 'node_modules/@biomejs/biome/bin/biome'), 'format', '--write', outFile],
  {
    stdio: 'ignore',
  },
);
console.log(
  `wrote ${path.relative(root, outFile)}: ${Object.keys(zones).length} ZIP3 zones, ${borderZones.size} border, ${statewideUsed.size} statewide, ${zoneCount} zones in all, ${Object.keys(zip5States).length} ZIP5 overrides, ${metros.length} metros (${metroExceptions} ZIP5 off their prefix's metro), ${Object.keys(hvhzZips).length} HVHZ ZIPs, goods elasticity ${goodsElasticity}, national wage ${nationalWage}, ratio ${round3(ratio)}`,
);
