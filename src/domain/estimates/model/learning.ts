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
 * The zone's posterior is computed exactly for this Gaussian tree (message passing: the nation
 * stays at the prior, since jobs of one state never move another; the nation and the other zones
 * of the state inform the state; the state is the zone's prior), with robust steps: every zone's
 * data enter through a Huber M-estimate (c = 1.345 σ) instead of their mean, and the zone being
 * priced is a penalised Huber estimate around its prior. Influence is bounded by design
 * (learning-weights.ts): per-contractor and per-period weight caps, near-duplicates once, time
 * decay, model versions validated and discounted; and the learned factor stays within
 * MAX_ZONE_SHIFT of the prior. σ itself is learned: the prior MARKET_SPREAD pooled with the
 * robust (MAD) scatter between contractors within the state's zones, never below
 * MARKET_SPREAD_FLOOR, so the range narrows only as far as independent contractors agree.
 */
import type { MarketObservation } from '../types';
import { type LearningPoint, learningPoints } from './learning-weights';
import { MODEL_VERSION } from './price-book';
import { combine, HUBER_C, huberCentre, withinScatter } from './robust-stats';

export {
  CONTRACTOR_WEIGHT_CAP,
  HALF_LIFE_DAYS,
  PERIOD_WEIGHT_CAP,
  RATIO_MAX,
  RATIO_MIN,
  VERSION_DISCOUNT,
} from './learning-weights';

/** Log-scale spread of fair prices for one roof around the local level, before any local jobs. */
export const MARKET_SPREAD = 0.2;
/** The learned spread never goes below this (log scale, ±19 % at 80 %), however well the jobs agree. */
export const MARKET_SPREAD_FLOOR = 0.15;
/** Learned data never move a zone further than this from its prior (log scale: ×1/1.15 … ×1.15). */
export const MAX_ZONE_SHIFT = Math.log(1.15);
/**
 * The documented bound (issue 24 #4): any set of jobs of one contractor, added to any other jobs,
 * moves a zone by at most this share of its price (learning-bounds.test.ts states it as a property).
 */
export const ONE_CONTRACTOR_MAX_MOVE = 0.1;
/** Spread of true levels: the nation around the model, a state around the nation, a zone around its state. */
export const TAU = { national: 0.07, state: 0.05, zone: 0.05 } as const;
/** Degrees of freedom of the prior spread: the scatter of 8 within-zone contractors weighs as much as MARKET_SPREAD. */
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
  /** Model version of the estimate being made (observations of older versions count less, newer ones are refused). */
  modelVersion: string;
  /** ISO date the jobs are aged to (default: the newest job's completion); jobs after it are refused. */
  asOf?: string;
}

export interface ZoneFactorUpdate {
  /** Posterior factor to multiply the model's expected price by. */
  factor: number;
  priorFactor: number;
  /** Robust centre (Huber) of the zone's own ratios (null when it has none). */
  observedFactor: number | null;
  /** Share of the zone's posterior log level that comes from its own jobs: n / (n + k). */
  credibility: number;
  /** Counted completed jobs of the zone itself (usable, near-duplicates once). */
  localJobs: number;
  /** Counted completed jobs in the zone's state (its own included), and usable ones nationwide (never used). */
  stateJobs: number;
  nationalJobs: number;
  /** Posterior levels of the state and the nation (the prior: other states are not read), as factors. */
  stateFactor: number;
  nationalFactor: number;
  /** Log-scale spread of a fair price around the learned level (σ): the prior pooled with the jobs' scatter. */
  spread: number;
  /** Robust scatter between contractors within the state's zones (log scale); null without two in any zone. */
  observedSpread: number | null;
  /** Standard deviation of the learned zone level (log scale), and the same before any job. */
  levelSd: number;
  priorLevelSd: number;
}

const groupBy = (obs: readonly LearningPoint[], key: (o: LearningPoint) => string) => {
  const m = new Map<string, LearningPoint[]>();
  for (const o of obs) {
    const k = key(o);
    const list = m.get(k);
    if (list) list.push(o);
    else m.set(k, [o]);
  }
  return m;
};

/**
 * Moves a zone's prior factor toward what completed jobs of its state really cost (see the file
 * comment; which jobs count and how much: learning-weights.ts). Pure; unusable jobs are ignored.
 */
export function learnZoneFactor(
  priorFactor: number,
  observations: readonly MarketObservation[],
  target: Partial<LearningTarget> = {},
): ZoneFactorUpdate {
  if (!(priorFactor > 0) || !Number.isFinite(priorFactor))
    throw new RangeError('priorFactor must be a positive number');
  const zoneId = target.zoneId ?? '';
  const learned = learningPoints(observations, {
    zoneId,
    state: target.state ?? '',
    modelVersion: target.modelVersion ?? MODEL_VERSION,
    ...(target.asOf !== undefined ? { asOf: target.asOf } : {}),
  });
  const prior0 = Math.log(priorFactor);
  const priorVar = TAU.national ** 2 + TAU.state ** 2 + TAU.zone ** 2;

  // σ: the prior spread pooled with the robust scatter between contractors within the state's zones, floored.
  const scatter = withinScatter(groupBy(learned.points, (o) => o.zone));
  const pooled = scatter
    ? Math.sqrt(
        (SPREAD_PRIOR_DF * MARKET_SPREAD ** 2 + scatter.df * scatter.s ** 2) / (SPREAD_PRIOR_DF + scatter.df),
      )
    : MARKET_SPREAD;
  const sigma = Math.max(MARKET_SPREAD_FLOOR, pooled);
  // No point pulls from further than c·σ off the prior: bounded influence in every message, not only the zone's own.
  const reach = HUBER_C * sigma;
  const obs = learned.points.map((p) => ({
    ...p,
    x: Math.min(prior0 + reach, Math.max(prior0 - reach, p.x)),
  }));

  // Each zone's data as a robust message about its level.
  const zoneMessage = (g: LearningPoint[]): [number, number] | null => {
    const { centre, effectiveN } = huberCentre(
      g.map((o) => o.x),
      g.map((o) => o.w),
      sigma,
    );
    return effectiveN > 0 ? [centre, sigma ** 2 / effectiveN] : null;
  };
  const stateMessage = (
    zones: Map<string, LearningPoint[]>,
    skipZone: string | null,
  ): [number, number] | null => {
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

  // Nation: the prior alone (other states' jobs are never read). State: the nation and the state's other zones.
  const nation: [number, number] = [prior0, TAU.national ** 2];
  const ownStateZones = groupBy(obs, (o) => o.zone);
  const others = stateMessage(ownStateZones, zoneId);
  const stateLevel = combine([nation[0], nation[1] + TAU.state ** 2], others ? [others] : []);
  // Zone: penalised Huber of its own contractors' points around the state, at most MAX_ZONE_SHIFT from the prior.
  const own = ownStateZones.get(zoneId) ?? [];
  const zonePriorVar = stateLevel[1] + TAU.zone ** 2;
  const k = sigma ** 2 / zonePriorVar;
  const huber = huberCentre(
    own.map((o) => o.x),
    own.map((o) => o.w),
    sigma,
    stateLevel[0],
    k,
  );
  const centre = Math.min(prior0 + MAX_ZONE_SHIFT, Math.max(prior0 - MAX_ZONE_SHIFT, huber.centre));
  const effectiveN = huber.effectiveN;
  const levelVar = 1 / (1 / zonePriorVar + effectiveN / sigma ** 2);
  const ownRaw = learned.points.filter((p) => p.zone === zoneId);
  const observed =
    ownRaw.length > 0
      ? huberCentre(
          ownRaw.map((o) => o.x),
          ownRaw.map((o) => o.w),
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
    localJobs: learned.localJobs,
    stateJobs: learned.stateJobs,
    nationalJobs: learned.nationalJobs,
    stateFactor: Math.exp(statePost[0]),
    nationalFactor: Math.exp(nation[0]),
    spread: sigma,
    observedSpread: scatter ? scatter.s : null,
    levelSd: Math.sqrt(levelVar),
    priorLevelSd: Math.sqrt(priorVar),
  };
}
