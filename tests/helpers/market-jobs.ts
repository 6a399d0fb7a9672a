/** Completed jobs for the learning tests (src/domain/estimates/model/learning*.test.ts). */

import { MODEL_VERSION } from '../../src/domain/estimates/model/price-book';
import type { MarketObservation } from '../../src/domain/estimates/types';

export const AS_OF = '2026-06-30T00:00:00.000Z';
const DAY = 86_400_000;
let seq = 0;
export interface JobOpts {
  zoneId?: string;
  state?: string;
  version?: string;
  /** Default: a contractor of its own. */
  contractor?: string;
  /** Default: 30, 120 or 210 days before AS_OF in turn (three quarters, so no period cap bites small sets). */
  daysAgo?: number;
}
/** A completed job at `ratio` of the model; each job has its own size (never a near-duplicate of another). */
export function job(ratio: number, o: JobOpts = {}): MarketObservation {
  const i = seq++;
  const expected = 1_000_000 + (i % 5000) * 25_000;
  return {
    finalCostCents: Math.round(expected * ratio),
    modelExpectedCents: expected,
    zoneId: o.zoneId ?? 'Z430',
    state: o.state ?? 'OH',
    modelVersion: o.version ?? MODEL_VERSION,
    contractorId: o.contractor ?? `contractor-${i}`,
    completedAt: new Date(Date.parse(AS_OF) - (o.daysAgo ?? 30 * ((i % 3) * 3 + 1)) * DAY).toISOString(),
  };
}
export const jobs = (ratios: readonly number[], o: JobOpts = {}) => ratios.map((r) => job(r, o));
/** n ratios spread evenly (on the log scale) by +-half around `centre`. */
export const around = (centre: number, half: number, n: number): number[] =>
  Array.from({ length: n }, (_, i) => centre * Math.exp(-half + (2 * half * i) / Math.max(1, n - 1)));
