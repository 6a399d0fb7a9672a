/**
 * The Fair Market Value estimate: line items, overhead and profit, and a low / expected / high
 * range with the reasons for its width. Pure and deterministic; money in integer cents.
 * The model is documented in docs/estimate-model.md.
 */

import type { Estimate } from '../estimate-types';
import { lookupZone, type ZoneInfo } from '../regional/zones';
import {
  BUILDING_HEIGHTS,
  type EstimateInput,
  PLYWOOD_NEEDED,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofMeasurement,
} from '../types';
import { climateClass } from './climate';
import {
  addDecking,
  addTearOff,
  addUnderlayment,
  belowMinimumPitch,
  DOUBLE_UNDERLAYMENT_CODE,
} from './envelope-items';
import { addHvhz } from './hvhz-items';
import { learnZoneFactor, type ZoneFactorUpdate } from './learning';
import { createSheet, type PricingContext } from './line-items';
import { MATERIALS } from './material-specs';
import { preliminaryBasis } from './preliminary';
import {
  aboveShare,
  LOW_SLOPE_UNDERLAYMENT_BELOW,
  MODEL_VERSION,
  OP_EXCLUDED_CODES,
  OVERHEAD_AND_PROFIT,
  OVERHEAD_AND_PROFIT_NOTE,
  STEEP_BANDS,
} from './price-book';
import { assertPriceableZip } from './priceable-zip';
import { priceRange } from './range';
import { reconcile } from './reconcile';
import { addFees, addLabor, addRoofing, addVentilation } from './roofing-items';
import { salesTaxLineText, salesTaxOnMaterials } from './sales-tax';
import { measurementWarnings } from './sanity';
import { complexityWaste } from './waste';

export interface EstimateOptions {
  /** The zone's prior factor before local jobs (1 = the regional model as is). */
  priorFactor?: number;
  /** ISO date completed jobs are aged to (the server passes now; default: the newest job's date). */
  asOf?: string;
}

export { MARKET_SPREAD, REGION_UNCERTAINTY, SOURCE_UNCERTAINTY } from './range';

function assertInput(input: EstimateInput): void {
  if (!(ROOF_SURFACE_MATERIALS as readonly string[]).includes(input.roofSurfaceMaterial)) {
    throw new RangeError(`Unknown roof surface material "${String(input.roofSurfaceMaterial)}".`);
  }
  if (!(ROOF_LAYERS as readonly string[]).includes(input.roofLayers)) {
    throw new RangeError(`Unknown roof layers value "${String(input.roofLayers)}".`);
  }
  if (!(BUILDING_HEIGHTS as readonly string[]).includes(input.buildingHeight)) {
    throw new RangeError(`Unknown building height "${String(input.buildingHeight)}".`);
  }
  if (!(PLYWOOD_NEEDED as readonly string[]).includes(input.plywoodNeeded)) {
    throw new RangeError(`Unknown plywood value "${String(input.plywoodNeeded)}".`);
  }
  const a = input.measurement.totalAreaSqFt;
  if (!(a > 0) || !Number.isFinite(a))
    throw new RangeError('The roof area must be a positive number of square feet.');
}

/** Area (sq ft) by pitch, scaled so it sums to the total area. */
export function pitchAreas(m: RoofMeasurement): Array<{ pitch: number; areaSqFt: number }> {
  let parts: Array<{ pitch: number; areaSqFt: number }> = Object.entries(m.areaByPitch)
    .map(([label, a]) => ({ pitch: Number.parseFloat(label), areaSqFt: a }))
    .filter((p) => Number.isFinite(p.pitch) && p.areaSqFt > 0);
  if (parts.length === 0)
    parts = m.facets.filter((f) => f.areaSqFt > 0).map((f) => ({ pitch: f.pitch, areaSqFt: f.areaSqFt }));
  if (parts.length === 0) parts = [{ pitch: m.predominantPitch, areaSqFt: m.totalAreaSqFt }];
  const sum = parts.reduce((s, p) => s + p.areaSqFt, 0);
  return parts.map((p) => ({ pitch: p.pitch, areaSqFt: (p.areaSqFt * m.totalAreaSqFt) / sum }));
}

/**
 * Prices a roof replacement. Throws RangeError on an invalid, military or unassigned ZIP, an
 * unknown enumeration value, or an area-by-pitch table far from the roof area.
 */
export function computeEstimate(input: EstimateInput, options: EstimateOptions = {}): Estimate {
  assertInput(input);
  const zone = lookupZone(input.zipCode);
  assertPriceableZip(input.zipCode);
  return computeEstimateInZone(input, zone, options);
}

/** Prices in a given zone (tests and calibration price at national indices = 1 with it). */
export function computeEstimateInZone(
  input: EstimateInput,
  zone: ZoneInfo,
  options: EstimateOptions = {},
): Estimate {
  assertInput(input);
  const learned = learnZoneFactor(options.priorFactor ?? 1, input.localObservations ?? [], {
    zoneId: zone.id,
    state: zone.state,
    modelVersion: MODEL_VERSION,
    ...(options.asOf !== undefined ? { asOf: options.asOf } : {}),
  });
  return priceWithZone(input, zone, learned);
}

function priceWithZone(input: EstimateInput, zone: ZoneInfo, learned: ZoneFactorUpdate): Estimate {
  const m = input.measurement;
  const warnings = measurementWarnings(m);
  const spec = MATERIALS[input.roofSurfaceMaterial];
  const area = m.totalAreaSqFt;
  const squares = area / 100;
  const pitches = pitchAreas(m);
  // Thresholds phase in over the pitch below them (PITCH_BLEND): no cliff on pitch rounding.
  // Area flatter than the product's minimum is still priced as the product (issue 24 #5), over the
  // low-slope underlayment, with a warning; it is never swapped for another roof.
  const lowSlopeArea = pitches.reduce((s, p) => s + (p.pitch < spec.minPitch ? p.areaSqFt : 0), 0);
  const fieldArea = area;
  const lowUnderlayArea = pitches.reduce(
    (s, p) => s + p.areaSqFt * (1 - aboveShare(p.pitch, LOW_SLOPE_UNDERLAYMENT_BELOW)),
    0,
  );
  // Of it, self-adhered membrane: all of it, or (shingles and tile) only under the product's minimum.
  const selfAdheredArea = DOUBLE_UNDERLAYMENT_CODE[spec.family]
    ? pitches.reduce((s, p) => s + p.areaSqFt * (1 - aboveShare(p.pitch, spec.minPitch)), 0)
    : lowUnderlayArea;
  const thresholds = [LOW_SLOPE_UNDERLAYMENT_BELOW, ...STEEP_BANDS.map((b) => b.from)];
  const blended = pitches.some(
    (p) =>
      p.areaSqFt > 0 &&
      thresholds.some((t) => {
        const share = aboveShare(p.pitch, t);
        return share > 0 && share < 1;
      }),
  );
  const L_ = m.lengths;
  const ridgeHip = L_.ridges + L_.hips;
  const waste = complexityWaste(m, spec.wasteAdd);
  const ctx: PricingContext = {
    input,
    zone,
    m,
    spec,
    L: zone.laborIndex,
    M: zone.materialIndex,
    C: zone.costIndex,
    area,
    squares,
    pitches,
    lowSlopeArea,
    fieldArea,
    lowUnderlayArea,
    selfAdheredArea,
    blended,
    L_,
    ridgeHip,
    waste,
    climate: climateClass(zone.state),
  };
  const sheet = createSheet();
  const { items, assumptions } = sheet;
  addTearOff(ctx, sheet);
  addDecking(ctx, sheet);
  addUnderlayment(ctx, sheet);
  const belowMinimum = belowMinimumPitch(ctx, sheet);
  if (belowMinimum) warnings.push(belowMinimum);
  addRoofing(ctx, sheet);
  addVentilation(ctx, sheet);
  addLabor(ctx, sheet);
  addFees(ctx, sheet);
  addHvhz(ctx, sheet);
  const { climate } = ctx;

  // Sales tax on the materials, its own line (state rate plus the local rate on file).
  const materialCents = items.filter((i) => i.category === 'materials').reduce((s, i) => s + i.totalCents, 0);
  const salesTax = salesTaxOnMaterials(zone.state, zone.stateName, materialCents);
  if (salesTax.cents > 0) {
    items.push({
      code: 'SALES-TAX',
      description: salesTaxLineText(salesTax, zone.stateName),
      quantity: 1,
      unit: 'JOB',
      unitPriceCents: salesTax.cents,
      totalCents: salesTax.cents,
      category: 'fees',
    });
  }

  // Overhead and profit on the work only: never on the sales tax or the market adjustment.
  const workCents = (list: typeof items) =>
    list.filter((i) => !OP_EXCLUDED_CODES.includes(i.code)).reduce((s, i) => s + i.totalCents, 0);
  const overheadAndProfitBaseCents = workCents(items);
  const overheadAndProfitCents = Math.round(overheadAndProfitBaseCents * OVERHEAD_AND_PROFIT);
  const modelSubtotal = items.reduce((s, i) => s + i.totalCents, 0);
  const modelExpectedCents = modelSubtotal + overheadAndProfitCents;

  // Local market adjustment learned from completed jobs: the factor applies to the model's whole
  // price (work, overhead and profit, tax), as the jobs were compared with it; no O&P on top.
  const factor = learned.factor;
  if (learned.localJobs > 0 || factor !== 1) {
    const adj = Math.round(modelExpectedCents * (factor - 1));
    if (adj !== 0) {
      items.push({
        code: 'MARKET',
        description: marketAdjustmentText(learned),
        quantity: 1,
        unit: 'JOB',
        unitPriceCents: adj,
        totalCents: adj,
        category: 'adjustment',
      });
    }
  }
  const subtotalCents = items.reduce((s, i) => s + i.totalCents, 0);
  const expectedCents = subtotalCents + overheadAndProfitCents;

  // Range.
  const prelim = preliminaryBasis(m, input.buildingHeight);
  const priced = priceRange({
    ...(prelim ? { sizeFrom: prelim.sizeFrom } : {}),
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
  });

  assumptions.unshift(
    `Prices are for ${zone.name}: labor index ${zone.laborIndex.toFixed(3)}, material index ${zone.materialIndex.toFixed(3)}, general cost index ${zone.costIndex.toFixed(3)} (national = 1).`,
    `Tear-off assumes the existing roof is composition shingles${input.roofLayers === '1 Layer' ? '' : ' over wood shake'} (${input.roofLayers}).`,
    `Waste: ${waste.percent}% on field material, from the roof's complexity${m.suggestedWastePercent !== undefined ? ` (the measurement file suggests ${m.suggestedWastePercent}%)` : ''}.`,
    'Not included: gutters, skylights, chimney rebuilds, attic ventilation changes (the existing vents are replaced like for like), solar panel removal, and structural repairs.',
    OVERHEAD_AND_PROFIT_NOTE,
    salesTax.text,
  );
  if (prelim) assumptions.unshift(prelim.assumption);

  return {
    basis: m.source === 'Preliminary' ? 'preliminary' : 'measured',
    preliminary: prelim,
    lineItems: items,
    subtotalCents,
    overheadAndProfitCents,
    overheadAndProfitBaseCents,
    overheadAndProfitRate: OVERHEAD_AND_PROFIT,
    overheadAndProfitNote: OVERHEAD_AND_PROFIT_NOTE,
    salesTax,
    totalCents: expectedCents,
    range: priced.range,
    rangeReasons: priced.reasons,
    rangeCoverage: priced.coverage,
    warnings,
    reconciliations: reconcile(m, input.buildingHeight, waste.percent, spec.wasteAdd),
    zone: {
      id: zone.id,
      name: zone.name,
      laborIndex: zone.laborIndex,
      materialIndex: zone.materialIndex,
      localJobs: learned.localJobs,
      state: zone.state,
      confidence: zone.confidence,
      metro: zone.metro,
    },
    assumptions,
    wastePercent: waste.percent,
    marketFactor: factor,
    modelExpectedCents,
    modelVersion: MODEL_VERSION,
  };
}

/** The MARKET line: what the learned factor rests on (the zone's own jobs, its state's, the nation's). */
function marketAdjustmentText(learned: ZoneFactorUpdate): string {
  const jobs = (n: number) => `${n} completed job${n === 1 ? '' : 's'}`;
  const from =
    learned.localJobs > 0
      ? `${jobs(learned.localJobs)} in this zone, pooled with ${jobs(learned.stateJobs)} in its state`
      : learned.stateJobs > 0
        ? `no completed job in this zone yet; learned from ${jobs(learned.stateJobs)} in its state`
        : 'no completed job in this zone or state yet';
  return `Local market adjustment (${from}; factor ${learned.factor.toFixed(3)} on the model's price incl. overhead and profit and tax; no overhead and profit on it)`;
}
