import { createRequire } from 'node:module';
import { stateNameFromAbbr } from '../../../domain/us-states';

/**
 * ZIP code centroids, from the `zipcodes` npm package (8.0; its US data comes from
 * federalgovernmentzipcodes.us). The package is a 5 MB object literal that costs ~300 ms and
 * ~30 MB of heap to load, so it is read once, on the first search (never at start-up), copied into
 * three typed arrays indexed by the ZIP's number (~1 MB in all), and dropped from the module cache
 * so its objects can be collected.
 */

export interface ZipPoint {
  zip: string;
  latitude: number;
  longitude: number;
  /** Full state name, as contractors' working states name it ('Texas', 'District of Columbia'). */
  state: string;
}

interface ZipTable {
  lat: Float32Array;
  lon: Float32Array;
  /** Index into `states`, 0 = no such ZIP (or a military ZIP). */
  state: Uint8Array;
  states: string[];
}

interface ZipcodesModule {
  codes: Record<string, { zip: string; latitude: number; longitude: number; state: string; country: string }>;
}

function buildTable(): ZipTable {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('zipcodes');
  const mod = require('zipcodes') as ZipcodesModule;
  const table: ZipTable = {
    lat: new Float32Array(100_000),
    lon: new Float32Array(100_000),
    state: new Uint8Array(100_000),
    states: [''],
  };
  const stateIndex = new Map<string, number>();
  for (const [zip, c] of Object.entries(mod.codes)) {
    if (c.country !== 'US' || !/^\d{5}$/.test(zip)) continue;
    // military APO/FPO ZIPs: no place a roofer drives to (some sit at 0,0)
    if (c.latitude === 0 && c.longitude === 0) continue;
    const name = stateNameFromAbbr(c.state);
    if (!name) continue;
    let index = stateIndex.get(name);
    if (index === undefined) {
      index = table.states.length;
      table.states.push(name);
      stateIndex.set(name, index);
    }
    const n = Number(zip);
    table.lat[n] = c.latitude;
    table.lon[n] = c.longitude;
    table.state[n] = index;
  }
  // the package's files are only needed for this copy
  const dir = entry.slice(0, entry.lastIndexOf('/'));
  for (const key of Object.keys(require.cache)) {
    if (key.startsWith(dir)) delete require.cache[key];
  }
  return table;
}

let table: ZipTable | undefined;

function getTable(): ZipTable {
  table ??= buildTable();
  return table;
}

/** True once the table has been loaded in this process. */
export function zipTableLoaded(): boolean {
  return table !== undefined;
}

/** The centroid and state of a 5-digit US ZIP, or undefined when unknown (or military). */
export function lookupZip(zip: string): ZipPoint | undefined {
  if (!/^\d{5}$/.test(zip)) return undefined;
  const t = getTable();
  const n = Number(zip);
  const s = t.state[n] ?? 0;
  if (s === 0) return undefined;
  return { zip, latitude: t.lat[n] as number, longitude: t.lon[n] as number, state: t.states[s] as string };
}
