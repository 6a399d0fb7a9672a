/**
 * The low / expected / high range of an estimate, what it covers, and the reasons for its width.
 *
 * Every symmetric uncertainty is a standard deviation on the log scale (measurement source or, for
 * a preliminary estimate, the roof size; roof complexity; regional data; the local market, i.e. how
 * far fair bids for one roof scatter; material grade). They add in quadrature, and the range is
 * the central 80 % interval: expected × exp(±1.2816 σ). One-sided risks (hidden decking, a
 * possible ice barrier) widen only the high side (root-sum-square with its half-width). The
 * coverage sentence is derived from the final, rounded low and high. See docs/estimate-model.md,
 * "Range".
 */

import type { EstimateRange, PreliminaryBasis } from '../estimate-types';
import type { ZoneInfo } from '../regional/zones';
import type { EstimateInput, MeasurementOrigin, RoofMeasurement } from '../types';
import type { ClimateClass } from './climate';
import { MARKET_SPREAD, type ZoneFactorUpdate } from './learning';
import type { MaterialSpec } from './material-specs';
import { ICE_BARRIER_EAVE_WIDTH_FT, PRICES, UNDERLAYMENT_LAP } from './price-book';
import type { WasteBreakdown } from './waste';

/** Standard normal quantile of 90 %: exp(±Z80·σ) holds 80 % of a log-normal. */
export const Z80 = 1.2816;

/**
 * Log-scale spread of the roof size of a preliminary estimate, by what the size came from.
 * typical: US single-family floor areas (Census, Characteristics of New Housing: 7 % under
 * 1,200 sq ft, median 2,030 sq ft, so about 0.37 on the log scale); living-area: the roof/floor
 * ratio (pitch, overhangs, porches, garage); roof-area: a homeowner's own figure.
 */
export const SIZE_SPREAD: Record<PreliminaryBasis['sizeFrom'], number> = {
  typical: 0.37,
  'living-area': 0.15,
  'roof-area': 0.12,
};
const SIZE_WHY: Record<PreliminaryBasis['sizeFrom'], string> = {
  typical:
    'no size given: a typical roof for the building height is assumed, and US roofs vary widely in size',
  'living-area': 'roof area derived from the living area and stories (pitch, overhangs and porches unknown)',
  'roof-area': 'roof area as given with the order, not measured',
};

/** Log-scale standard deviation by measurement origin, and its reason. */
export const SOURCE_UNCERTAINTY: Record<MeasurementOrigin, [number, string]> = {
  'Eagleview .xml': [0.03, 'EagleView XML with full roof geometry and its own summary totals'],
  'HOVER .json': [0.04, 'HOVER JSON (ridges and hips come as one combined length)'],
  'Roofr .csv': [0.04, 'Roofr CSV (areas by pitch and lengths, no facet outlines)'],
  'GAF QuickSquare .xml': [0.05, 'GAF QuickMeasure XML (geometry only; totals computed from the outlines)'],
  'Manual entry': [0.1, 'total area and pitch entered by hand; line lengths estimated from the area'],
  Ballpark: [0.2, 'approximate area from the ballpark form; lengths estimated from the area'],
  Preliminary: [SIZE_SPREAD.typical, SIZE_WHY.typical],
};
export const REGION_UNCERTAINTY = { high: 0.04, medium: 0.07, low: 0.12 } as const;
export { MARKET_SPREAD };

const r1 = (n: number): number => Math.round(n * 10) / 10;
const pct = (f: number): string => `${(Math.round(f * 1000) / 10).toString()}%`;
/** An 80 % half-width in words, from a log-scale standard deviation. */
const pm = (sd: number): string => `±${pct(Z80 * sd)}`;

/** Standard normal CDF (Abramowitz-Stegun 7.1.26, |error| < 1.5e-7). */
function normalCdf(z: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(z) / Math.SQRT2));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(z * z) / 2);
  return z >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

export interface RangeInput {
  input: EstimateInput;
  measurement: RoofMeasurement;
  zone: ZoneInfo;
  learned: ZoneFactorUpdate;
  spec: MaterialSpec;
  waste: WasteBreakdown;
  climate: ClimateClass;
  /** Area flatter than the product's minimum pitch, and area under 4/12 lined with ice barrier (sq ft). */
  lowSlopeArea: number;
  lowUnderlayArea: number;
  expectedCents: number;
  /** Market factor applied to the expected price. */
  factor: number;
  /** For a preliminary estimate: what the roof size came from (default 'typical', the widest). */
  sizeFrom?: PreliminaryBasis['sizeFrom'];
}

export interface RangeResult {
  range: EstimateRange;
  reasons: string[];
  /** What the range covers, in plain words. */
  coverage: string;
  /** Share of fair bids inside the range (about 0.8), from its width. */
  coverageShare: number;
}

export function priceRange(r: RangeInput): RangeResult {
  const {
    input,
    measurement: m,
    zone,
    learned,
    spec,
    waste,
    climate,
    lowSlopeArea,
    lowUnderlayArea,
    expectedCents,
    factor,
  } = r;
  const L_ = m.lengths;
  const reasons: string[] = [];
  const sym: number[] = [];
  const preliminary = m.source === 'Preliminary';
  if (preliminary) {
    const from = r.sizeFrom ?? 'typical';
    sym.push(SIZE_SPREAD[from]);
    reasons.push(`Roof size: ${SIZE_WHY[from]} (${pm(SIZE_SPREAD[from])}).`);
  } else {
    const [srcW, srcWhy] = SOURCE_UNCERTAINTY[m.source];
    sym.push(srcW);
    reasons.push(`Measurement source: ${srcWhy} (${pm(srcW)}).`);
  }
  const complexityW =
    0.005 * Math.max(0, waste.percent - spec.wasteAdd - 8) +
    (lowSlopeArea > 0 || lowUnderlayArea > 0 ? 0.015 : 0);
  sym.push(complexityW);
  reasons.push(
    `Roof complexity: ${waste.distinctPitches} pitch${waste.distinctPitches === 1 ? '' : 'es'}, ${r1(waste.linesPerSquare)} ft of ridge, hip and valley per square${waste.hasValleys ? ', valleys' : ''}${lowSlopeArea + lowUnderlayArea > 0 ? ', low-slope areas' : ''}; ${waste.percent}% waste (${pm(complexityW)}).`,
  );
  // Regional data: narrows as completed jobs pin the zone's level down.
  const regionPrior = REGION_UNCERTAINTY[zone.confidence];
  const regionW = regionPrior * Math.min(1, learned.levelSd / learned.priorLevelSd);
  sym.push(regionW);
  const metro = zone.metro;
  const level = metro?.nonmetropolitan
    ? `${zone.stateName} figures (BLS roofer wages May 2023, BEA price parities 2023) moved to the state's nonmetropolitan price level: the ZIP lies outside the metropolitan areas BEA prices (BEA 2023: ${metro.rpp.toFixed(1)}, ${metro.factorVsState.toFixed(3)} × the state's, from the national nonmetropolitan level 88.2; labor and general costs follow it fully, materials by about half)`
    : metro
      ? `${zone.stateName} figures (BLS roofer wages May 2023, BEA price parities 2023) moved to the price level of ${zone.name.startsWith(metro.name) ? 'its metropolitan area' : `the ${metro.name} metropolitan area`} (BEA 2023: ${metro.rpp.toFixed(1)}, ${metro.factorVsState.toFixed(3)} × the state's; labor and general costs follow it fully, materials by about half)`
      : `${zone.stateName} state-level figures (BLS roofer wages May 2023, BEA price parities 2023)`;
  reasons.push(
    `Regional data (${zone.confidence} confidence): ${zone.name} is priced from ${level} (${pm(regionW)}${regionW < regionPrior ? `, narrowed from ${pm(regionPrior)} by completed jobs` : ''}).${zone.confidenceNotes.length ? ` ${zone.confidenceNotes.join(' ')}` : ''}`,
  );
  // Local market: how far fair bids for this roof scatter (learned from the jobs' own scatter).
  const marketW = learned.spread;
  sym.push(marketW);
  const moved = `${factor >= 1 ? '+' : ''}${pct(factor - 1)}`;
  if (learned.stateJobs === 0) {
    const none =
      learned.nationalJobs === 0
        ? 'no completed Ridgeline jobs to learn from yet'
        : `no completed Ridgeline jobs in ${zone.stateName} yet (jobs in other states never move its prices)`;
    reasons.push(
      `Local market: ${none}; fair bids from different contractors for the same roof commonly differ by ${pm(MARKET_SPREAD)} (published bid studies find far wider gaps between the lowest and highest bid).`,
    );
  } else {
    const jobs = (n: number): string => `${n} completed job${n === 1 ? '' : 's'}`;
    const where =
      learned.localJobs > 0
        ? `${jobs(learned.localJobs)} in this zone (credibility ${pct(learned.credibility)}) and ${jobs(learned.stateJobs)} in ${zone.stateName}`
        : `no completed jobs in this zone yet; ${jobs(learned.stateJobs)} in ${zone.stateName}`;
    const scatter =
      learned.observedSpread === null
        ? `fair bids commonly differ by ${pm(marketW)}`
        : `completed jobs scatter by ${pm(learned.observedSpread)}, so fair bids are taken to differ by ${pm(marketW)}`;
    reasons.push(`Local market: ${where} moved the price by ${moved}; ${scatter}.`);
  }
  sym.push(spec.priceSpread);
  reasons.push(
    `Material: ${input.roofSurfaceMaterial} products and grades vary in price (${pm(spec.priceSpread)}).`,
  );
  const highOnly: number[] = [];
  if (input.plywoodNeeded === 'No' && input.roofLayers !== '1 Layer') {
    highOnly.push(0.08);
    reasons.push(
      'Decking: layers over shake often hide spaced sheathing that must be covered with plywood (+8% on the high side).',
    );
  } else if (input.plywoodNeeded === 'No') {
    highOnly.push(0.03);
    reasons.push(
      'Decking: rotten sheets found during tear-off are replaced at extra cost (+3% on the high side).',
    );
  }
  if (climate === 'mixed' && L_.eaves > 0) {
    const iceShare =
      (L_.eaves * ICE_BARRIER_EAVE_WIDTH_FT * UNDERLAYMENT_LAP * PRICES.iceWaterPerSq) /
      100 /
      (expectedCents / 100);
    highOnly.push(iceShare);
    reasons.push(
      `Climate: an eave ice barrier may be required by local code (+${pct(iceShare)} on the high side).`,
    );
  }
  const sd = Math.sqrt(sym.reduce((s, w) => s + w * w, 0));
  const halfLow = Z80 * sd;
  const halfHigh = Math.sqrt(halfLow * halfLow + highOnly.reduce((s, w) => s + w * w, 0));
  const sdHigh = halfHigh / Z80;
  const lowCents = Math.min(Math.floor((expectedCents * Math.exp(-halfLow)) / 1000) * 1000, expectedCents);
  const highCents = Math.max(Math.ceil((expectedCents * Math.exp(halfHigh)) / 1000) * 1000, expectedCents);

  // Share of a two-piece log-normal (σ below the expected price, σ_high above) inside the range.
  const share =
    expectedCents > 0 && lowCents > 0 && sd > 0
      ? normalCdf(Math.log(expectedCents / lowCents) / sd) +
        normalCdf(Math.log(highCents / expectedCents) / sdHigh) -
        1
      : 0.8;
  const tenths = Math.min(10, Math.max(1, Math.round(share * 10)));
  const coverage = preliminary
    ? `About ${tenths} of 10 fair bids for a roof like the one assumed fall inside this range; measuring the roof narrows it.`
    : `About ${tenths} of 10 fair bids for this roof fall inside this range.`;

  return {
    range: { lowCents, expectedCents, highCents },
    reasons,
    coverage,
    coverageShare: share,
  };
}
