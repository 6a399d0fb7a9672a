/**
 * Learning from the marketplace: credibility-weighted (empirical-Bayes) zone factors.
 *
 * Each completed local job gives a ratio r = final cost / model expected cost (the model's
 * expected total before any local adjustment, Estimate.modelExpectedCents). On the log scale the
 * zone's observed factor is the mean of ln r. Bühlmann credibility blends it with the prior:
 *
 *   Z = n / (n + k),   ln f = Z x mean(ln r) + (1 - Z) x ln f0
 *
 * k = sigma^2 / tau^2: the spread of single jobs around their zone's true level (sigma ~ 0.20 on
 * the log scale: bids for one roof commonly differ by +-20%) over the spread of true zone levels
 * around the model (tau ~ 0.07: the state indices explain most regional variation). k = 8: eight
 * completed jobs move the factor half-way to what was paid. Ratios are clamped to 0.5..2 so that
 * one job with a changed scope (e.g. a full re-deck) cannot swing a zone.
 */
import type { MarketObservation } from '../types';

export const CREDIBILITY_K = 8;
export const RATIO_MIN = 0.5;
export const RATIO_MAX = 2;

export interface ZoneFactorUpdate {
  /** Posterior factor to multiply the model's expected price by. */
  factor: number;
  priorFactor: number;
  /** Geometric mean of the usable ratios (null when none). */
  observedFactor: number | null;
  /** Credibility weight Z = n / (n + k) given to local data. */
  credibility: number;
  /** Usable completed jobs (positive final and expected cost). */
  localJobs: number;
}

/**
 * Moves a zone's prior factor toward what completed local jobs really cost.
 * Pure; observations with a non-positive or non-finite cost are ignored.
 */
export function learnZoneFactor(
  priorFactor: number,
  observations: readonly MarketObservation[],
  k: number = CREDIBILITY_K,
): ZoneFactorUpdate {
  if (!(priorFactor > 0) || !Number.isFinite(priorFactor))
    throw new RangeError('priorFactor must be a positive number');
  if (!(k > 0)) throw new RangeError('k must be positive');
  const logs: number[] = [];
  for (const o of observations) {
    if (!(o.finalCostCents > 0 && o.modelExpectedCents > 0)) continue;
    if (!Number.isFinite(o.finalCostCents) || !Number.isFinite(o.modelExpectedCents)) continue;
    const r = Math.min(RATIO_MAX, Math.max(RATIO_MIN, o.finalCostCents / o.modelExpectedCents));
    logs.push(Math.log(r));
  }
  const n = logs.length;
  if (n === 0)
    return { factor: priorFactor, priorFactor, observedFactor: null, credibility: 0, localJobs: 0 };
  const meanLog = logs.reduce((s, x) => s + x, 0) / n;
  const z = n / (n + k);
  const factor = Math.exp(z * meanLog + (1 - z) * Math.log(priorFactor));
  return { factor, priorFactor, observedFactor: Math.exp(meanLog), credibility: z, localJobs: n };
}
