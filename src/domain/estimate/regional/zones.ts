/**
 * Regional price zones: every US ZIP maps to one zone. Zones are ZIP3 prefixes (Census 2020 ZCTAs),
 * a statewide zone for prefixes without a ZCTA, a military-mail zone and a national fallback.
 * Indices are state level (BLS OEWS May 2023 roofer wages, BEA RPP 2023); see SOURCES.md.
 */
import {
  PREFIX_STATES,
  STATE_INDICES,
  ZIP3_ZONES,
  ZIP5_STATE_OVERRIDES,
  ZONE_COUNT,
} from './zones.generated';

export { ZONE_COUNT };

export type DataConfidence = 'high' | 'medium' | 'low';

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
    const f = stateZoneFields(state);
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
  };
}
