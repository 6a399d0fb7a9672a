/**
 * The robust statistics of the marketplace learning (learning.ts): weighted median, Huber
 * M-estimate of location, MAD scatter within groups, and the precision-weighted combination of
 * Gaussian messages.
 */

/** Huber's tuning constant (95 % efficiency under normal data), in units of σ. */
export const HUBER_C = 1.345;

/** The weighted median of xs (weights ws). */
export function weightedMedian(xs: readonly number[], ws: readonly number[]): number {
  const idx = xs.map((_, i) => i).sort((a, b) => (xs[a] as number) - (xs[b] as number));
  const total = ws.reduce((s, w) => s + w, 0);
  let acc = 0;
  for (const i of idx) {
    acc += ws[i] as number;
    if (acc >= total / 2) return xs[i] as number;
  }
  return xs[idx[idx.length - 1] as number] as number;
}

/**
 * Huber M-estimate of location (weights w, scale s), penalised toward `prior` with weight k
 * (k = 0: the plain Huber centre). Returns the centre and the effective number of jobs behind it
 * (the sum of the weights after Huber's down-weighting of far-out jobs).
 */
export function huberCentre(
  xs: readonly number[],
  ws: readonly number[],
  s: number,
  prior = 0,
  k = 0,
): { centre: number; effectiveN: number } {
  if (xs.length === 0) return { centre: prior, effectiveN: 0 };
  const cs = HUBER_C * s;
  let mu = k > 0 ? prior : weightedMedian(xs, ws);
  let eff = 0;
  for (let iter = 0; iter < 100; iter++) {
    let num = k * prior;
    let den = k;
    eff = 0;
    for (let i = 0; i < xs.length; i++) {
      const d = Math.abs((xs[i] as number) - mu);
      const h = d <= cs ? 1 : cs / d;
      const wh = (ws[i] as number) * h;
      num += wh * (xs[i] as number);
      den += wh;
      eff += wh;
    }
    const next = den > 0 ? num / den : mu;
    if (Math.abs(next - mu) < 1e-12) {
      mu = next;
      break;
    }
    mu = next;
  }
  return { centre: mu, effectiveN: eff };
}

/** Robust within-group scatter: MAD of residuals from each group's median (groups of 2+), and its degrees of freedom. */
export function withinScatter(
  groups: ReadonlyMap<string, readonly { x: number }[]>,
): { s: number; df: number } | null {
  const res: number[] = [];
  let df = 0;
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    const med = weightedMedian(
      g.map((o) => o.x),
      g.map(() => 1),
    );
    const inflate = Math.sqrt(g.length / (g.length - 1));
    for (const o of g) res.push(Math.abs(o.x - med) * inflate);
    df += g.length - 1;
  }
  if (df === 0) return null;
  res.sort((a, b) => a - b);
  const m = Math.floor(res.length / 2);
  const mad = res.length % 2 ? (res[m] as number) : ((res[m - 1] as number) + (res[m] as number)) / 2;
  return { s: 1.4826 * mad, df };
}

/** Precision-weighted combination of a prior (mean, variance) with messages (mean, variance). */
export function combine(prior: [number, number], messages: Array<[number, number]>): [number, number] {
  let prec = 1 / prior[1];
  let sum = prior[0] / prior[1];
  for (const [m, v] of messages) {
    prec += 1 / v;
    sum += m / v;
  }
  return [sum / prec, 1 / prec];
}
