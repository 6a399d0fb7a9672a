/**
 * The low / expected / high range of an estimate and the reasons for its width: independent
 * symmetric uncertainties (measurement source, roof complexity, regional data, local market,
 * material grade) add in quadrature; one-sided risks (hidden decking, a possible ice barrier)
 * widen only the high side.
 */
import type { ZoneInfo } from '../regional/zones';
import type { EstimateInput, EstimateRange, MeasurementOrigin, RoofMeasurement } from '../types';
import type { ClimateClass } from './climate';
import type { ZoneFactorUpdate } from './learning';
import { ICE_BARRIER_EAVE_WIDTH_FT, type MaterialSpec, PRICES, UNDERLAYMENT_LAP } from './price-book';
import type { WasteBreakdown } from './waste';

/** Range half-widths by measurement origin (fraction of the expected price) and their reason. */
export const SOURCE_UNCERTAINTY: Record<MeasurementOrigin, [number, string]> = {
  'Eagleview .xml': [0.03, 'EagleView XML with full roof geometry and its own summary totals'],
  'HOVER .json': [0.04, 'HOVER JSON (ridges and hips come as one combined length)'],
  'Roofr .csv': [0.04, 'Roofr CSV (areas by pitch and lengths, no facet outlines)'],
  'GAF QuickSquare .xml': [0.05, 'GAF QuickMeasure XML (geometry only; totals computed from the outlines)'],
  'Manual entry': [0.1, 'total area and pitch entered by hand; line lengths estimated from the area'],
  Ballpark: [0.2, 'approximate area from the ballpark form; lengths estimated from the area'],
  Preliminary: [0.3, 'no measurement: a size given with the order or typical for the building height'],
};
export const REGION_UNCERTAINTY = { high: 0.04, medium: 0.07, low: 0.12 } as const;
/** Contractor-to-contractor price spread for the same roof, before any local jobs. */
export const MARKET_SPREAD = 0.1;

const r1 = (n: number): number => Math.round(n * 10) / 10;
const pct = (f: number): string => `${(Math.round(f * 1000) / 10).toString()}%`;

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
}

export interface RangeResult {
  range: EstimateRange;
  reasons: string[];
  /** What the range covers, in plain words. */
  coverage: string;
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
  const [srcW, srcWhy] = SOURCE_UNCERTAINTY[m.source];
  sym.push(srcW);
  reasons.push(`Measurement source: ${srcWhy} (±${pct(srcW)}).`);
  const complexityW =
    0.005 * Math.max(0, waste.percent - spec.wasteAdd - 8) +
    (lowSlopeArea > 0 || lowUnderlayArea > 0 ? 0.015 : 0);
  sym.push(complexityW);
  reasons.push(
    `Roof complexity: ${waste.distinctPitches} pitch${waste.distinctPitches === 1 ? '' : 'es'}, ${r1(waste.linesPerSquare)} ft of ridge, hip and valley per square${waste.hasValleys ? ', valleys' : ''}${lowSlopeArea + lowUnderlayArea > 0 ? ', low-slope areas' : ''}; ${waste.percent}% waste (±${pct(complexityW)}).`,
  );
  const regionW = REGION_UNCERTAINTY[zone.confidence];
  sym.push(regionW);
  reasons.push(
    `Regional data (${zone.confidence} confidence): ${zone.name} is priced from ${zone.stateName} state-level figures (BLS roofer wages May 2023, BEA price parities 2023); local differences within the state are not in the public data (±${pct(regionW)}).${zone.confidenceNotes.length ? ` ${zone.confidenceNotes.join(' ')}` : ''}`,
  );
  const marketW = MARKET_SPREAD * Math.sqrt(1 - learned.credibility);
  sym.push(marketW);
  reasons.push(
    learned.localJobs === 0
      ? `Local market: no completed Ridgeline jobs in this zone yet; contractors' prices for the same roof commonly differ by about ±${pct(MARKET_SPREAD)}.`
      : `Local market: ${learned.localJobs} completed local job${learned.localJobs === 1 ? '' : 's'} (credibility ${pct(learned.credibility)}) moved the price by ${factor >= 1 ? '+' : ''}${pct(factor - 1)} and narrow the spread to ±${pct(marketW)}.`,
  );
  sym.push(spec.priceSpread);
  reasons.push(
    `Material: ${input.roofSurfaceMaterial} products and grades vary in price (±${pct(spec.priceSpread)}).`,
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
  const symW = Math.sqrt(sym.reduce((s, w) => s + w * w, 0));
  const highW = Math.sqrt(symW * symW + highOnly.reduce((s, w) => s + w * w, 0));
  const lowCents = Math.floor((expectedCents * (1 - symW)) / 1000) * 1000;
  const highCents = Math.ceil((expectedCents * (1 + highW)) / 1000) * 1000;

  return {
    range: {
      lowCents: Math.min(lowCents, expectedCents),
      expectedCents,
      highCents: Math.max(highCents, expectedCents),
    },
    reasons,
    coverage: '',
  };
}
