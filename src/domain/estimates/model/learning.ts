/**
 * Learning from the marketplace: robust, pooled (hierarchical) zone factors.
 *
 * Each completed job gives a log ratio x = ln(final cost / model expected cost), where the model
 * expected cost is the total of the estimate the job was sold on, before any local adjustment
 * (Estimate.modelExpectedCents), clamped to 0.5..2 so a changed scope cannot swing anything.
 * The true log level of a zone sits in a tree, each level a normal spread around its parent:
 *
 *   national level ~ N(ln priorFactor, TAU.national²)   (the model as a whole may be off)
 *   state level    ~ N(national, TAU.state²)
 *   zone level     ~ N(state, TAU.zone²)
 *   one job's x    ~ N(zone, σ²)                        (σ: how far fair prices for one roof scatter)
 *
 * The zone's posterior is computed exactly for this Gaussian tree (message passing: other states
 * inform the nation, the nation and the other zones of the state inform the state, the state is
 * the zone's prior), with two robust steps: every zone's data enter through a Huber M-estimate of
 * its log ratios (c = 1.345 σ) instead of their mean, and the zone being priced is a penalised
 * Huber estimate around its prior, so one outlier job can move it by at most c·σ/(n + k).
 * Jobs priced by an older model version weigh VERSION_DISCOUNT per version behind. σ itself is
 * learned: the prior MARKET_SPREAD, pooled with the robust (MAD) within-zone scatter of the
 * state's jobs, so the range narrows only as far as those jobs agree with each other.
 */
import type { MarketObservation } from '../types';
import { MODEL_VERSION } from './price-book';
import { combine, huberCentre, withinScatter } from './robust-stats';

export const RATIO_MIN = 0.5;
export const RATIO_MAX = 2;
/** Log-scale spread of fair prices for one roof around the local level, before any local jobs. */
export const MARKET_SPREAD = 0.2;
/** Spread of true levels: the nation around the model, a state around the nation, a zone around its state. */
export const TAU = { national: 0.07, state: 0.05, zone: 0.05 } as const;
/** Weight of a job priced by a model one version older than the current (squared for two, ...). */
export const VERSION_DISCOUNT = 0.5;
/** Degrees of freedom of the prior spread: the scatter of 8 within-zone jobs weighs as much as MARKET_SPREAD. */
export const SPREAD_PRIOR_DF = 8;
/**
 * Jobs that move a zone half-way to what was paid once the nation and the state are known:
 * σ² / (TAU.state² + TAU.zone²) = 8 with the prior spread.
 */
export const CREDIBILITY_K = Math.round(MARKET_SPREAD ** 2 / (TAU.state ** 2 + TAU.zone ** 2));

export interface LearningTarget {
  /** Price zone being priced (lookupZone(zip).id). Observations without a zoneId belong to it. */
  zoneId: string;
  /** Its USPS state. */
  state: string;
  /** Model version of the estimate being made (observations of older versions count less). */
  modelVersion: string;
}

export interface ZoneFactorUpdate {
  /** Posterior factor to multiply the model's expected price by. */
  factor: number;
  priorFactor: number;
  /** Robust centre (Huber) of the zone's own ratios (null when it has none). */
  observedFactor: number | null;
  /** Share of the zone's posterior log level that comes from its own jobs: n / (n + k). */
  credibility: number;
  /** Usable completed jobs of the zone itself. */
  localJobs: number;
  /** Usable completed jobs in the zone's state (its own included) and in the nation (all). */
  stateJobs: number;
  nationalJobs: number;
  /** Posterior levels of the state and the nation, as factors. */
  stateFactor: number;
  nationalFactor: number;
  /** Log-scale spread of a fair price around the learned level (σ): the prior pooled with the jobs' scatter. */
  spread: number;
  /** Robust within-zone scatter (log scale) of the state's jobs; null with fewer than two jobs in any zone. */
  observedSpread: number | null;
  /** Standard deviation of the learned zone level (log scale), and the same before any job. */
  levelSd: number;
  priorLevelSd: number;
}

interface Obs {
  x: number;
  w: number;
  zone: string;
  state: string;
}

const versionNumbers = (v: string): number[] => (v.match(/\d+/g) ?? []).map(Number);
function compareVersions(a: string, b: string): number {
  const na = versionNumbers(a);
  const nb = versionNumbers(b);
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const d = (na[i] ?? 0) - (nb[i] ?? 0);
    if (d !== 0) return d;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Version age of each observation: the number of distinct model versions (among the observations'
 * and the current one) that are newer than its own and not newer than the current one.
 */
function versionAges(versions: readonly string[], current: string): number[] {
  const known = [...new Set([...versions, current])].filter((v) => compareVersions(v, current) <= 0);
  return versions.map((v) => known.filter((k) => compareVersions(k, v) > 0).length);
}

const groupBy = (obs: readonly Obs[], key: (o: Obs) => string): Map<string, Obs[]> => {
  const m = new Map<string, Obs[]>();
  for (const o of obs) {
    const k = key(o);
    const list = m.get(k);
    if (list) list.push(o);
    else m.set(k, [o]);
  }
  return m;
};

/**
 * Moves a zone's prior factor toward what completed jobs really cost: its own jobs, its state's
 * and the nation's (see the file comment). Pure; observations with a non-positive or non-finite
 * cost are ignored.
 */
export function learnZoneFactor(
  priorFactor: number,
  observations: readonly MarketObservation[],
  target: Partial<LearningTarget> = {},
): ZoneFactorUpdate {
  if (!(priorFactor > 0) || !Number.isFinite(priorFactor))
    throw new RangeError('priorFactor must be a positive number');
  const zoneId = target.zoneId ?? '';
  const state = target.state ?? '';
  const current = target.modelVersion ?? MODEL_VERSION;
  const usable = observations.filter(
    (o) =>
      o.finalCostCents > 0 &&
      o.modelExpectedCents > 0 &&
      Number.isFinite(o.finalCostCents) &&
      Number.isFinite(o.modelExpectedCents),
  );
  const ages = versionAges(
    usable.map((o) => o.modelVersion ?? current),
    current,
  );
  const obs: Obs[] = usable.map((o, i) => {
    const own = o.zoneId === undefined || o.zoneId === zoneId;
    const r = Math.min(RATIO_MAX, Math.max(RATIO_MIN, o.finalCostCents / o.modelExpectedCents));
    return {
      x: Math.log(r),
      w: VERSION_DISCOUNT ** (ages[i] as number),
      zone: own ? zoneId : (o.zoneId as string),
      // a job of another zone without a state informs the nation only
      state: own ? state : (o.state ?? `?${o.zoneId}`),
    };
  });
  const prior0 = Math.log(priorFactor);
  const priorVar = TAU.national ** 2 + TAU.state ** 2 + TAU.zone ** 2;

  // σ: the prior spread pooled with the robust within-zone scatter of the state's jobs.
  const inState = obs.filter((o) => o.state === state);
  const scatter = withinScatter(groupBy(inState, (o) => o.zone));
  const sigma = scatter
    ? Math.sqrt(
        (SPREAD_PRIOR_DF * MARKET_SPREAD ** 2 + scatter.df * scatter.s ** 2) / (SPREAD_PRIOR_DF + scatter.df),
      )
    : MARKET_SPREAD;

  // Each zone's data as a robust message about its level.
  const zoneMessage = (g: Obs[]): [number, number] | null => {
    const { centre, effectiveN } = huberCentre(
      g.map((o) => o.x),
      g.map((o) => o.w),
      sigma,
    );
    return effectiveN > 0 ? [centre, sigma ** 2 / effectiveN] : null;
  };
  const stateMessage = (zones: Map<string, Obs[]>, skipZone: string | null): [number, number] | null => {
    const msgs: Array<[number, number]> = [];
    for (const [z, g] of zones) {
      if (z === skipZone) continue;
      const m = zoneMessage(g);
      if (m) msgs.push([m[0], m[1] + TAU.zone ** 2]);
    }
    if (msgs.length === 0) return null;
    let prec = 0;
    let sum = 0;
    for (const [m, v] of msgs) {
      prec += 1 / v;
      sum += m / v;
    }
    return [sum / prec, 1 / prec];
  };

  // Nation: prior and the other states.
  const byState = groupBy(obs, (o) => o.state);
  const nationMsgs: Array<[number, number]> = [];
  for (const [st, list] of byState) {
    if (st === state) continue;
    const m = stateMessage(
      groupBy(list, (o) => o.zone),
      null,
    );
    if (m) nationMsgs.push([m[0], m[1] + TAU.state ** 2]);
  }
  const nation = combine([prior0, TAU.national ** 2], nationMsgs);
  // State: the nation and the other zones of the state.
  const ownStateZones = groupBy(byState.get(state) ?? [], (o) => o.zone);
  const others = stateMessage(ownStateZones, zoneId);
  const stateLevel = combine([nation[0], nation[1] + TAU.state ** 2], others ? [others] : []);
  // Zone: penalised Huber of its own jobs around the state.
  const own = ownStateZones.get(zoneId) ?? [];
  const zonePriorVar = stateLevel[1] + TAU.zone ** 2;
  const k = sigma ** 2 / zonePriorVar;
  const { centre, effectiveN } = huberCentre(
    own.map((o) => o.x),
    own.map((o) => o.w),
    sigma,
    stateLevel[0],
    k,
  );
  const levelVar = 1 / (1 / zonePriorVar + effectiveN / sigma ** 2);
  const observed =
    own.length > 0
      ? huberCentre(
          own.map((o) => o.x),
          own.map((o) => o.w),
          sigma,
        ).centre
      : null;
  // The full state posterior (own zone included), for the report.
  const stateAll = stateMessage(ownStateZones, null);
  const statePost = combine([nation[0], nation[1] + TAU.state ** 2], stateAll ? [stateAll] : []);

  return {
    factor: Math.exp(centre),
    priorFactor,
    observedFactor: observed === null ? null : Math.exp(observed),
    credibility: effectiveN / (effectiveN + k),
    localJobs: own.length,
    stateJobs: inState.length,
    nationalJobs: obs.length,
    stateFactor: Math.exp(statePost[0]),
    nationalFactor: Math.exp(nation[0]),
    spread: sigma,
    observedSpread: scatter ? scatter.s : null,
    levelSd: Math.sqrt(levelVar),
    priorLevelSd: Math.sqrt(priorVar),
  };
}
