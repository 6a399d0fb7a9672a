/**
 * Regional price zones: every US ZIP maps to one zone. Zones are ZIP3 prefixes (Census 2020 ZCTAs),
 * a statewide zone for prefixes without a ZCTA, a military-mail zone and a national fallback.
 * Indices are state level (BLS OEWS May 2023 roofer wages, BEA RPP 2023), adjusted within the
 * state by the metropolitan price level of the ZIP (BEA RPP 2023 by metro, ZIP5 -> CBSA); see
 * SOURCES.md.
 */
import {
  GOODS_RPP_ELASTICITY,
  HVHZ_ZIPS,
  METROS,
  NONMETRO_RPP,
  PREFIX_STATES,
  STATE_INDICES,
  ZIP3_METROS,
  ZIP3_ZONES,
  ZIP5_STATE_OVERRIDES,
  ZONE_COUNT,
} from './zones.generated';

export { ZONE_COUNT };

export type DataConfidence = 'high' | 'medium' | 'low';

/**
 * How much of a metro's price level relative to its state reaches each index (exponent of
 * metro RPP / state RPP). Labour 1: a roofer's real wage is taken as equal across a state, so the
 * nominal wage follows the local price level. Materials: the elasticity of goods prices to all-items
 * prices across the states (about 0.52): goods vary about half as much as rents-weighted prices.
 * General costs (permits, disposal) 1: the cost index is the all-items RPP itself.
 */
export const METRO_ELASTICITY = { labor: 1, material: GOODS_RPP_ELASTICITY, cost: 1 } as const;

/**
 * The local price level of a ZIP (BEA RPP 2023, all items) and its ratio to the state's: its metro's,
 * or, for a ZIP in no metro BEA prices, the state's nonmetropolitan level (`nonmetropolitan`, no CBSA).
 */
export interface MetroLevel {
  /** '' for the nonmetropolitan level. */
  cbsaCode: string;
  name: string;
  /** True for the state's nonmetropolitan level (micropolitan and rural ZIPs). */
  nonmetropolitan?: boolean;
  /** BEA RPP all items, US = 100. */
  rpp: number;
  /** rpp / the state's RPP (all items), rounded to 3 decimals. */
  factorVsState: number;
}

export interface ZoneInfo {
  /** e.g. "Z752" (ZIP3 zone), "ZS-TX" (statewide), "Z-MIL", "Z-US" */
  id: string;
  name: string;
  /** USPS state code ('US' for the national fallback, 'MIL' for military mail). */
  state: string;
  stateName: string;
  laborIndex: number;
  materialIndex: number;
  /** General cost level (BEA RPP all items / 100): permits, disposal. */
  costIndex: number;
  confidence: DataConfidence;
  /** Why the confidence is below high (empty when high). */
  confidenceNotes: string[];
  /**
   * The price level applied within the state: the ZIP's metro, or the state's nonmetropolitan level
   * (`nonmetropolitan: true`); null where the state level is used (no BEA figures, statewide zones).
   */
  metro: MetroLevel | null;
  /**
   * The county when the ZIP lies in the Florida Building Code High-Velocity Hurricane Zone
   * (FBC 1512-1525: Miami-Dade and Broward, by the ZIP's main county); absent elsewhere.
   */
  hvhzCounty?: string;
}

/** The HVHZ county of a ZIP5 (Miami-Dade or Broward), or undefined. */
export function hvhzCountyOf(zip5: string): string | undefined {
  return HVHZ_ZIPS[zip5];
}

/** 1-based METROS index of a ZIP5 (0: not in a metro with a BEA figure, or unknown prefix). */
export function metroIndexOf(zip5: string): number {
  const entry = ZIP3_METROS[zip5.slice(0, 3)];
  if (entry === undefined) return 0;
  const [top, ...groups] = entry.split(';');
  const suffix = Number(zip5.slice(3));
  for (const g of groups) {
    const [m, list] = g.split(':') as [string, string];
    for (const run of list.split(',')) {
      const [a, b] = run.split('-');
      const lo = Number(a);
      const hi = b === undefined ? lo : Number(b);
      if (suffix >= lo && suffix <= hi) return Number(m);
    }
  }
  return Number(top);
}

/**
 * The local price level of a ZIP5 relative to `state`: its metro's, or the state's nonmetropolitan
 * level for a ZIP in no metro BEA prices (null for a state without BEA figures, e.g. territories).
 */
export function metroLevel(zip5: string, state: string): MetroLevel | null {
  const s = STATE_INDICES[state];
  if (!s) return null;
  if (s[2] === 1 && s[3] === 1) return null; // no BEA figures for the state
  const stateRpp = s[3] * 100;
  const i = metroIndexOf(zip5);
  const m = i > 0 ? METROS[i - 1] : undefined;
  if (m) {
    return {
      cbsaCode: m[0],
      name: m[1],
      rpp: m[2],
      factorVsState: Math.round((m[2] / stateRpp) * 1000) / 1000,
    };
  }
  const rural = NONMETRO_RPP[state];
  if (rural === undefined) return null;
  return {
    cbsaCode: '',
    name: `${s[0]} nonmetropolitan`,
    nonmetropolitan: true,
    rpp: rural,
    factorVsState: Math.round((rural / stateRpp) * 1000) / 1000,
  };
}

const r3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The state's indices moved to the metro's price level (see METRO_ELASTICITY). */
function withMetro<T extends { laborIndex: number; materialIndex: number; costIndex: number }>(
  f: T,
  metro: MetroLevel | null,
): T {
  if (!metro) return f;
  const k = metro.factorVsState;
  return {
    ...f,
    laborIndex: r3(f.laborIndex * k ** METRO_ELASTICITY.labor),
    materialIndex: r3(f.materialIndex * k ** METRO_ELASTICITY.material),
    costIndex: r3(f.costIndex * k ** METRO_ELASTICITY.cost),
  };
}

const ZIP_RE = /^(\d{5})(?:-\d{4})?$/;

/** True for a 5-digit ZIP (optionally ZIP+4). */
export function isValidZip(zip: string): boolean {
  return ZIP_RE.test(zip.trim());
}

function stateZoneFields(state: string): Pick<
  ZoneInfo,
  'state' | 'stateName' | 'laborIndex' | 'materialIndex' | 'costIndex' | 'confidence'
> & {
  notes: string[];
} {
  const s = STATE_INDICES[state];
  if (!s) {
    return {
      state,
      stateName: state === 'MIL' ? 'Military mail (APO/FPO/DPO)' : 'United States',
      laborIndex: 1,
      materialIndex: 1,
      costIndex: 1,
      confidence: 'low',
      notes: ['No regional figures for this ZIP code: national averages are used.'],
    };
  }
  const [stateName, laborIndex, materialIndex, costIndex, confidence, wageNote] = s;
  const notes: string[] = [];
  if (wageNote === 'derived')
    notes.push(
      `BLS publishes no roofer wage for ${stateName}; it is derived from the state's all-occupations wage.`,
    );
  if (wageNote === 'none')
    notes.push(`BLS publishes no roofer wage for ${stateName}; the national level is used.`);
  if (materialIndex === 1 && costIndex === 1)
    notes.push(`BEA publishes no price parities for ${stateName}; national price levels are used.`);
  return { state, stateName, laborIndex, materialIndex, costIndex, confidence, notes };
}

/**
 * The price zone of a ZIP code. Throws RangeError for text that is not a 5-digit ZIP.
 * Every 5-digit ZIP gets a zone (unknown prefixes fall back to statewide or national figures).
 */
export function lookupZone(zip: string): ZoneInfo {
  const m = ZIP_RE.exec(zip.trim());
  if (!m) throw new RangeError('Enter a 5-digit US ZIP code.');
  const zip5 = m[1] as string;
  const prefix = zip5.slice(0, 3);
  const z = ZIP3_ZONES[prefix];
  if (z) {
    const [majorityState, area, mixed] = z;
    const state = ZIP5_STATE_OVERRIDES[zip5] ?? majorityState;
    const metro = metroLevel(zip5, state);
    const f = withMetro(stateZoneFields(state), metro);
    const notes = [...f.notes];
    let confidence = f.confidence;
    if (mixed === 1 && state === majorityState) {
      notes.push(`ZIP prefix ${prefix} spans more than one state.`);
      if (confidence === 'high') confidence = 'medium';
    }
    const name = area ? `${area} (ZIP ${prefix}xx)` : `${f.stateName} (ZIP ${prefix}xx)`;
    return {
      id: state === majorityState ? `Z${prefix}` : `Z${prefix}-${state}`,
      name,
      state,
      stateName: f.stateName,
      laborIndex: f.laborIndex,
      materialIndex: f.materialIndex,
      costIndex: f.costIndex,
      confidence,
      confidenceNotes: notes,
      metro,
      ...(HVHZ_ZIPS[zip5] ? { hvhzCounty: HVHZ_ZIPS[zip5] } : {}),
    };
  }
  const state = PREFIX_STATES[prefix] ?? 'US';
  const f = stateZoneFields(state);
  if (state === 'US' || state === 'MIL') {
    return {
      id: state === 'MIL' ? 'Z-MIL' : 'Z-US',
      name: state === 'MIL' ? 'Military mail (APO/FPO/DPO)' : 'United States (national average)',
      state,
      stateName: f.stateName,
      laborIndex: 1,
      materialIndex: 1,
      costIndex: 1,
      confidence: 'low',
      confidenceNotes: [
        `ZIP prefix ${prefix} is not a residential area in the Census ZIP file: national averages are used.`,
      ],
      metro: null,
    };
  }
  return {
    id: `ZS-${state}`,
    name: `${f.stateName} (statewide)`,
    state,
    stateName: f.stateName,
    laborIndex: f.laborIndex,
    materialIndex: f.materialIndex,
    costIndex: f.costIndex,
    confidence: f.confidence === 'high' ? 'medium' : f.confidence,
    confidenceNotes: [
      ...f.notes,
      `ZIP prefix ${prefix} is not in the Census ZIP file (PO boxes or a single firm): statewide figures are used.`,
    ],
    metro: null,
  };
}
