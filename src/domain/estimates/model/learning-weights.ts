/**
 * Bounded influence of completed jobs on the learning (issue 24 #4): which jobs count, and how
 * much. Pure. The steps, in order (docs/estimate-model.md §6, "Bounded influence"):
 *
 * 1. usable: positive, finite costs; a released model version (MODEL_VERSIONS) not newer than the
 *    version being priced (absent: the current one); a parseable completion date not after `asOf`
 *    (default: the newest job's date).
 * 2. same state only: a job of another state is never read (jobs in one state never move another).
 * 3. weight: VERSION_DISCOUNT per released model version behind (a fixed list: no job changes
 *    another's weight), halved every HALF_LIFE_DAYS of age.
 * 4. near-duplicates (same zone and contractor, or both without one; final cost and model expected
 *    cost within 1 %; completed within DUPLICATE_WINDOW_DAYS of each other) count once.
 * 5. per-period cap: the jobs of one zone completed in one calendar quarter weigh PERIOD_WEIGHT_CAP
 *    at most together (undated jobs share one period).
 * 6. per-contractor cap: one contractor's jobs in one zone become one point (their weighted
 *    median), and all of one contractor's points in the state weigh CONTRACTOR_WEIGHT_CAP at most
 *    together. A job without a contractor is its own source.
 */
import type { MarketObservation } from '../types';
import { MODEL_VERSIONS } from './price-book';

export const RATIO_MIN = 0.5;
export const RATIO_MAX = 2;
/** Weight of a job priced by a model one version older than the current (squared for two, ...). */
export const VERSION_DISCOUNT = 0.5;
/** A job's weight halves every this many days before the newest job (or `asOf`). */
export const HALF_LIFE_DAYS = 730;
/** Near-duplicates: final and expected costs within this log distance (1 %) ... */
export const DUPLICATE_TOLERANCE = 0.01;
/** ... and completed within this many days of each other. */
export const DUPLICATE_WINDOW_DAYS = 30;
/** Total weight of the jobs of one zone completed in one calendar quarter. */
export const PERIOD_WEIGHT_CAP = 3;
/** Total weight of one contractor's jobs in a state: one contractor counts as one job at most. */
export const CONTRACTOR_WEIGHT_CAP = 1;
const DAY_MS = 86_400_000;

export interface LearningScope {
  zoneId: string;
  state: string;
  modelVersion: string;
  /** ISO date the jobs are aged to; default the newest job's completion. Later jobs are refused. */
  asOf?: string;
}

/** One contractor's say about one zone. */
export interface LearningPoint {
  x: number;
  w: number;
  zone: string;
}

export interface LearningPoints {
  points: LearningPoint[];
  /** Counted jobs (usable, near-duplicates once) of the zone, of its state, and usable ones anywhere. */
  localJobs: number;
  stateJobs: number;
  nationalJobs: number;
  /** Jobs refused for their model version or completion date. */
  refused: number;
}

/** Index of a released model version in MODEL_VERSIONS, else -1 (future, garbage, never released). */
export const versionIndex = (v: string): number => (MODEL_VERSIONS as readonly string[]).indexOf(v);

interface Job {
  x: number;
  w: number;
  zone: string;
  source: string;
  t: number | null;
  fc: number;
  ex: number;
}

const group = <T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> => {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const l = m.get(k);
    if (l) l.push(x);
    else m.set(k, [x]);
  }
  return m;
};

function weightedMedian(xs: readonly Job[]): number {
  const s = [...xs].sort((a, b) => a.x - b.x);
  const total = s.reduce((a, j) => a + j.w, 0);
  let acc = 0;
  for (const j of s) {
    acc += j.w;
    if (acc >= total / 2) return j.x;
  }
  return (s[s.length - 1] as Job).x;
}

function scaleTo(jobs: readonly { w: number }[], cap: number): void {
  const sum = jobs.reduce((s, j) => s + j.w, 0);
  if (sum > cap) for (const j of jobs) j.w *= cap / sum;
}

/** Near-duplicates of one zone counted once (the heaviest kept). */
function dedupe(jobs: readonly Job[]): Job[] {
  const sorted = [...jobs].sort((a, b) => a.fc - b.fc || (a.t ?? 0) - (b.t ?? 0));
  const kept: Job[] = [];
  for (const j of sorted) {
    let dup: Job | undefined;
    for (let i = kept.length - 1; i >= 0; i--) {
      const k = kept[i] as Job;
      if (Math.log(j.fc / k.fc) >= DUPLICATE_TOLERANCE) break;
      const near =
        Math.abs(Math.log(j.ex / k.ex)) < DUPLICATE_TOLERANCE &&
        (j.t === null || k.t === null ? j.t === k.t : Math.abs(j.t - k.t) <= DUPLICATE_WINDOW_DAYS * DAY_MS);
      if (near) {
        dup = k;
        break;
      }
    }
    if (dup) dup.w = Math.max(dup.w, j.w);
    else kept.push({ ...j });
  }
  return kept;
}

const quarter = (t: number | null): string => {
  if (t === null) return 'undated';
  const d = new Date(t);
  return `${d.getUTCFullYear()}Q${Math.floor(d.getUTCMonth() / 3)}`;
};

/** The weighted points the learning may use for `scope` (see the file comment). */
export function learningPoints(
  observations: readonly MarketObservation[],
  scope: LearningScope,
): LearningPoints {
  const current = versionIndex(scope.modelVersion);
  const usable: Array<{ o: MarketObservation; age: number; t: number | null }> = [];
  let refused = 0;
  for (const o of observations) {
    if (!(o.finalCostCents > 0 && o.modelExpectedCents > 0)) continue;
    if (!Number.isFinite(o.finalCostCents) || !Number.isFinite(o.modelExpectedCents)) continue;
    const version = o.modelVersion === undefined ? current : versionIndex(o.modelVersion);
    const t = o.completedAt === undefined ? null : Date.parse(o.completedAt);
    if (current < 0 || version < 0 || version > current || (t !== null && !Number.isFinite(t))) {
      refused++;
      continue;
    }
    usable.push({ o, age: current - version, t });
  }
  const asOfParsed = scope.asOf === undefined ? Number.NaN : Date.parse(scope.asOf);
  const dated = usable.map((u) => u.t).filter((t): t is number => t !== null);
  const asOf = Number.isFinite(asOfParsed) ? asOfParsed : dated.length ? Math.max(...dated) : 0;
  const inTime = usable.filter((u) => u.t === null || u.t <= asOf);
  refused += usable.length - inTime.length;

  const jobs: Job[] = [];
  inTime.forEach(({ o, age: versionAge, t }, i) => {
    const own = o.zoneId === undefined || o.zoneId === scope.zoneId;
    const state = own ? scope.state : o.state;
    if (!own && (state === undefined || state === '' || state !== scope.state)) return;
    const r = Math.min(RATIO_MAX, Math.max(RATIO_MIN, o.finalCostCents / o.modelExpectedCents));
    const age = t === null ? 0 : (asOf - t) / DAY_MS;
    jobs.push({
      x: Math.log(r),
      w: VERSION_DISCOUNT ** versionAge * 0.5 ** (age / HALF_LIFE_DAYS),
      zone: own ? scope.zoneId : (o.zoneId as string),
      source: o.contractorId ? `c:${o.contractorId}` : `job:${i}`,
      t,
      fc: o.finalCostCents,
      ex: o.modelExpectedCents,
    });
  });

  const counted: Job[] = [];
  for (const zoneJobs of group(jobs, (j) => j.zone).values()) {
    // a contractor's jobs are compared with its own only: no job can erase another contractor's
    const kept = [...group(zoneJobs, (j) => (j.source.startsWith('c:') ? j.source : '')).values()].flatMap(
      dedupe,
    );
    for (const period of group(kept, (j) => quarter(j.t)).values()) scaleTo(period, PERIOD_WEIGHT_CAP);
    counted.push(...kept);
  }
  const points: Array<LearningPoint & { source: string }> = [];
  for (const g of group(counted, (j) => `${j.zone}\u0000${j.source}`).values()) {
    const first = g[0] as Job;
    points.push({
      x: weightedMedian(g),
      w: g.reduce((s, j) => s + j.w, 0),
      zone: first.zone,
      source: first.source,
    });
  }
  for (const bySource of group(points, (p) => p.source).values()) scaleTo(bySource, CONTRACTOR_WEIGHT_CAP);

  return {
    points: points.filter((p) => p.w > 0).map(({ x, w, zone }) => ({ x, w, zone })),
    localJobs: counted.filter((j) => j.zone === scope.zoneId).length,
    stateJobs: counted.length,
    nationalJobs: inTime.length,
    refused,
  };
}
