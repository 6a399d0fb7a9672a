/**
 * The metropolitan part of the estimate data (generate-estimate-data.mjs): the BEA RPP price level
 * of each metro, the nonmetropolitan level of each state, and which metro each ZIP5 belongs to,
 * stored compactly per ZIP3.
 */

/** Rounds to the 3 decimals the generated file keeps. */
export const round3 = (n) => Math.round(n * 1000) / 1000;

/**
 * Metropolitan price levels (BEA RPP 2023, all items, by CBSA) per ZIP5, via the ZCTA's main
 * county's CBSA. Only metropolitan areas with a BEA figure count; micropolitan and rural ZIPs keep
 * their state's level. Stored compactly: per ZIP3 the metro most of its ZCTAs belong to, plus the
 * ZCTAs that differ from it, grouped by metro, as 2-digit suffixes with runs ("04-09").
 *
 * allMetroRows: the rows of rpp-by-metro.csv for rppYear; zcta: the rows of zcta5-to-cbsa.csv;
 * rppByState: the rows of rpp-by-state.csv for rppYear by state code (the US row included).
 */
export function metroPriceLevels(allMetroRows, zcta, rppByState, rppYear) {
  const metroRows = allMetroRows.filter((r) => r.cbsa_code !== '');
  const usNonmetroRow = allMetroRows.find((r) => r.cbsa_code === '' && /nonmetropolitan/i.test(r.cbsa_title));
  if (!usNonmetroRow) throw new Error(`No US nonmetropolitan row for ${rppYear} in rpp-by-metro.csv`);
  const usNonmetroRpp = Number(usNonmetroRow.rpp_all_items);
  const metros = metroRows
    .map((r) => [r.cbsa_code, r.cbsa_title, Number(r.rpp_all_items)])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  const metroIndex = new Map(metros.map((m, i) => [m[0], i + 1])); // 0: no metro figure
  const zctaMetro = {};
  for (const r of zcta) {
    const zip3 = r.zcta5.slice(0, 3);
    if (!zctaMetro[zip3]) zctaMetro[zip3] = [];
    zctaMetro[zip3].push([r.zcta5.slice(3), metroIndex.get(r.cbsa_code) ?? 0]);
  }
  // Nonmetropolitan price level per state (ZIPs in no metro BEA prices: micropolitan or rural).
  // BEA publishes the nonmetropolitan portion only for the nation (88.222 in 2023), and no population
  // weights are in scripts/data. The state's level scaled by the national nonmetropolitan ratio
  // (state RPP x 88.222 / 100), bounded: at most the cheapest metro with ZCTAs in the state (a rural
  // ZIP is not priced above every metro of its state: nationally the nonmetropolitan portion is below
  // 331 of the 381 metros), and at least the lowest metro level BEA measured anywhere (Pine Bluff, AR,
  // 80.325; no figure below it is published, so none is extrapolated).
  const lowestMetroRpp = Math.min(...metros.map((m) => m[2]));
  const cheapestMetroInState = new Map();
  for (const r of zcta) {
    const i = metroIndex.get(r.cbsa_code);
    if (!i) continue;
    const level = metros[i - 1][2];
    const cur = cheapestMetroInState.get(r.state_code);
    if (cur === undefined || level < cur) cheapestMetroInState.set(r.state_code, level);
  }
  const nonmetro = {};
  for (const [code, r] of [...rppByState].sort()) {
    if (code === 'US') continue;
    const scaled = (Number(r.rpp_all_items) * usNonmetroRpp) / 100;
    const cap = cheapestMetroInState.get(code) ?? scaled;
    nonmetro[code] = round3(Math.max(lowestMetroRpp, Math.min(scaled, cap)));
  }
  const zip3Metro = {};
  let metroExceptions = 0;
  for (const [zip3, list] of Object.entries(zctaMetro).sort()) {
    const count = new Map();
    for (const [, m] of list) count.set(m, (count.get(m) ?? 0) + 1);
    const top = [...count].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
    const byMetro = new Map();
    for (const [suffix, m] of list.sort()) {
      if (m === top) continue;
      metroExceptions++;
      if (!byMetro.has(m)) byMetro.set(m, []);
      byMetro.get(m).push(Number(suffix));
    }
    const groups = [...byMetro]
      .sort((a, b) => a[0] - b[0])
      .map(([m, suffixes]) => {
        const runs = [];
        for (const n of suffixes) {
          const last = runs[runs.length - 1];
          if (last && last[1] === n - 1) last[1] = n;
          else runs.push([n, n]);
        }
        const two = (n) => String(n).padStart(2, '0');
        return `${m}:${runs.map(([a, b]) => (a === b ? two(a) : `${two(a)}-${two(b)}`)).join(',')}`;
      });
    zip3Metro[zip3] = groups.length ? `${top};${groups.join(';')}` : String(top);
  }
  return { metros, usNonmetroRpp, lowestMetroRpp, nonmetro, zip3Metro, metroExceptions };
}
