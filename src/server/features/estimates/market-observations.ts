/**
 * The learning data of one price: completed projects sold on one of our estimates, as market
 * observations (final cost vs the model's expected cost, with the zone, state and model version
 * of each). The engine pools them zone -> state -> nation (src/domain/estimates/model/learning.ts),
 * so this gathers the zone's own projects (all of them) and the most recent ones nationwide
 * (which hold the state's; the engine reads no other state's). Each carries its contractor: one
 * contractor weighs one job at most.
 */
import { lookupZone } from '../../../domain/estimates/regional/zones';
import type { MarketObservation } from '../../../domain/estimates/types';
import type { ProjectsService } from '../projects';

/** Where the completed sales come from: the projects feature owns them. */
export type SalesSource = Pick<ProjectsService, 'completedSalesOnEstimates'>;

/** Most recent completed projects read nationwide for one price (the zone's own are always all read). */
export const NATIONAL_OBSERVATION_LIMIT = 5000;

type Row = Awaited<ReturnType<SalesSource['completedSalesOnEstimates']>>[number];

function observationOf(row: Row): MarketObservation | null {
  const expected = row.modelExpectedCents;
  if (!row.zipCode || !row.finalCost || row.finalCost <= 0) return null;
  if (typeof expected !== 'number' || !(expected > 0) || !Number.isFinite(expected)) return null;
  let zone: { id: string; state: string };
  try {
    zone = lookupZone(row.zipCode);
  } catch {
    return null; // a project with a malformed ZIP teaches nothing
  }
  return {
    finalCostCents: row.finalCost,
    modelExpectedCents: expected,
    zoneId: zone.id,
    state: zone.state,
    ...(typeof row.modelVersion === 'string' ? { modelVersion: row.modelVersion } : {}),
    ...(row.completionDate ? { completedAt: row.completionDate.toISOString() } : {}),
    ...(row.contractorId ? { contractorId: row.contractorId } : {}),
  };
}

/**
 * Market observations for pricing a quote in `zipCode`: every completed project of its ZIP3
 * prefix, plus the NATIONAL_OBSERVATION_LIMIT most recent ones anywhere, each once.
 * Throws RangeError when `zipCode` is not a 5-digit ZIP (the caller refuses the quote).
 */
export async function marketObservations(
  sales: SalesSource,
  zipCode: string,
  nationalLimit = NATIONAL_OBSERVATION_LIMIT,
): Promise<MarketObservation[]> {
  const zone = lookupZone(zipCode);
  const prefix = /^Z(\d{3})/.exec(zone.id)?.[1];
  const [own, national] = await Promise.all([
    prefix
      ? sales.completedSalesOnEstimates({ zipLike: `${prefix}%`, limit: 100_000 })
      : Promise.resolve([] as Row[]),
    sales.completedSalesOnEstimates({ limit: nationalLimit }),
  ]);
  const seen = new Set<string>();
  const out: MarketObservation[] = [];
  for (const row of [...own, ...national]) {
    if (seen.has(row.projectId)) continue;
    seen.add(row.projectId);
    const o = observationOf(row);
    if (o) out.push(o);
  }
  return out;
}
