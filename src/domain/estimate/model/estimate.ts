/**
 * The Fair Market Value estimate: line items, overhead and profit, and a low / expected / high
 * range with the reasons for its width. Pure and deterministic; money in integer cents.
 * The model is documented in docs/estimate-model.md.
 */
import { lookupZone, type ZoneInfo } from '../regional/zones';
import {
  BUILDING_HEIGHTS,
  type Estimate,
  type EstimateInput,
  type LineItem,
  type LineItemCategory,
  PLYWOOD_NEEDED,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofMeasurement,
} from '../types';
import { climateClass } from './climate';
import { learnZoneFactor, type ZoneFactorUpdate } from './learning';
import { preliminaryBasis } from './preliminary';
import {
  ALLOWANCES,
  aboveShare,
  HIGH_ROOF_FACTOR,
  ICE_BARRIER_EAVE_WIDTH_FT,
  LOW_SLOPE_UNDERLAYMENT_BELOW,
  MATERIALS,
  MIXED_HEIGHT_SHARE,
  MODEL_VERSION,
  OVERHEAD_AND_PROFIT,
  OVERHEAD_AND_PROFIT_NOTE,
  PITCH_BLEND,
  PLYWOOD_PARTIAL_SHARE,
  PLYWOOD_SHEET_SQFT,
  PRICES,
  RIDGE_VENT,
  STEEP_BANDS,
  UNDERLAYMENT_LAP,
  VALLEY_LINING_WIDTH_FT,
} from './price-book';
import { assertPriceableZip } from './priceable-zip';
import { priceRange } from './range';
import { reconcile } from './reconcile';
import { salesTaxOnMaterials } from './sales-tax';
import { measurementWarnings } from './sanity';
import { complexityWaste } from './waste';

export interface EstimateOptions {
  /** The zone's prior factor before local jobs (1 = the regional model as is). */
  priorFactor?: number;
}

export { MARKET_SPREAD, REGION_UNCERTAINTY, SOURCE_UNCERTAINTY } from './range';

const cents = (usd: number, index: number): number => Math.round(usd * 100 * index);
const r2 = (n: number): number => Math.round(n * 100) / 100;
const r1 = (n: number): number => Math.round(n * 10) / 10;
const pct = (f: number): string => `${(Math.round(f * 1000) / 10).toString()}%`;
const usd = (c: number): string => `$${Math.round(c / 100).toLocaleString('en-US')}`;

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
  });
  return priceWithZone(input, zone, learned);
}

/** Counts of the allowance items (pipe boots, existing vents) for a roof of `squares`. */
export function allowanceCounts(squares: number): { pipeBoots: number; vents: number } {
  const A = ALLOWANCES;
  return {
    pipeBoots: Math.min(A.pipeBootsMax, A.pipeBootsBase + Math.floor(squares / A.pipeBootsPerSquares)),
    vents: Math.min(A.ventsMax, A.ventsBase + Math.floor(squares / A.ventsPerSquares)),
  };
}

function priceWithZone(input: EstimateInput, zone: ZoneInfo, learned: ZoneFactorUpdate): Estimate {
  const m = input.measurement;
  const warnings = measurementWarnings(m);
  const spec = MATERIALS[input.roofSurfaceMaterial];
  const L = zone.laborIndex;
  const M = zone.materialIndex;
  const C = zone.costIndex;
  const items: LineItem[] = [];
  const assumptions: string[] = [];
  const add = (
    code: string,
    description: string,
    quantity: number,
    unit: string,
    unitUsd: number,
    index: number,
    category: LineItemCategory,
  ): void => {
    if (!(quantity > 0)) return;
    const unitPriceCents = cents(unitUsd, index);
    items.push({
      code,
      description,
      quantity,
      unit,
      unitPriceCents,
      totalCents: Math.round(quantity * unitPriceCents),
      category,
    });
  };

  const area = m.totalAreaSqFt;
  const squares = area / 100;
  const pitches = pitchAreas(m);
  // Thresholds phase in over the half pitch below them (PITCH_BLEND): no cliff on pitch rounding.
  const lowSlopeArea = pitches.reduce((s, p) => s + p.areaSqFt * (1 - aboveShare(p.pitch, spec.minPitch)), 0);
  const fieldArea = area - lowSlopeArea;
  const lowUnderlayArea = pitches.reduce(
    (s, p) =>
      s +
      p.areaSqFt *
        Math.max(0, aboveShare(p.pitch, spec.minPitch) - aboveShare(p.pitch, LOW_SLOPE_UNDERLAYMENT_BELOW)),
    0,
  );
  const thresholds = [spec.minPitch, LOW_SLOPE_UNDERLAYMENT_BELOW, ...STEEP_BANDS.map((b) => b.from)];
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

  // Tear-off by roofLayers.
  add(
    'TEAR-1',
    'Tear off existing roofing, top layer (composition)',
    r2(squares),
    'SQ',
    PRICES.tearOffFirstLayerPerSq,
    L,
    'tear-off',
  );
  let debrisLayers = 1;
  if (input.roofLayers === '2 Layers over shake') {
    add(
      'TEAR-2',
      'Tear off second composition layer',
      r2(squares),
      'SQ',
      PRICES.tearOffExtraLayerPerSq,
      L,
      'tear-off',
    );
    debrisLayers++;
  }
  if (input.roofLayers !== '1 Layer') {
    add(
      'TEAR-SHAKE',
      'Tear off wood shake layer under the composition',
      r2(squares),
      'SQ',
      PRICES.tearOffShakeLayerPerSq,
      L,
      'tear-off',
    );
    debrisLayers++;
  }
  // One load at least; beyond it, priced by the share of a load (no step at 25 squares).
  const loads = Math.max(1, r2((squares * debrisLayers) / PRICES.dumpsterCapacitySq));
  add(
    'DISPOSAL',
    `Dumpster and disposal (20-yard, landfill fees; a load per ${PRICES.dumpsterCapacitySq} squares of one layer, part loads pro rata)`,
    loads,
    'LOAD',
    PRICES.dumpsterLoad,
    C,
    'tear-off',
  );

  // Decking.
  if (input.plywoodNeeded === 'Yes') {
    const sheets = Math.ceil((area * PLYWOOD_PARTIAL_SHARE) / PLYWOOD_SHEET_SQFT);
    add(
      'DECK',
      `1/2 in. CDX plywood decking, 4 x 8 ft sheets (partial re-deck: ${pct(PLYWOOD_PARTIAL_SHARE)} of the deck)`,
      sheets,
      'SHEET',
      PRICES.plywoodSheet,
      M,
      'materials',
    );
    add(
      'DECK-LAB',
      'Remove damaged decking and install new sheets',
      sheets,
      'SHEET',
      PRICES.plywoodLaborPerSheet,
      L,
      'labor',
    );
    assumptions.push(
      `Plywood: a partial re-deck allowance of ${sheets} sheets (${pct(PLYWOOD_PARTIAL_SHARE)} of the ${Math.round(area).toLocaleString('en-US')} sq ft deck in 4 x 8 ft sheets), not a full re-deck; sheets found damaged beyond it are extra.`,
    );
  } else if (input.roofLayers !== '1 Layer') {
    assumptions.push(
      'Plywood: not priced. Roofs laid over shake usually sit on spaced sheathing that needs solid decking; the high end of the range allows for it.',
    );
  } else {
    assumptions.push(
      'Plywood: not priced; the existing deck is assumed sound (isolated rot is covered by the high end of the range).',
    );
  }

  // Underlayment and ice-and-water shield.
  const climate = climateClass(zone.state);
  const eaveBarrier = climate === 'cold' ? L_.eaves * ICE_BARRIER_EAVE_WIDTH_FT : 0;
  const valleyLining = L_.valleys * VALLEY_LINING_WIDTH_FT;
  const iceNet = Math.min(fieldArea, lowUnderlayArea + eaveBarrier + valleyLining);
  const iceParts = [
    eaveBarrier > 0 ? `eaves ${ICE_BARRIER_EAVE_WIDTH_FT} ft up` : '',
    valleyLining > 0 ? 'valleys' : '',
    lowUnderlayArea > 0 ? `areas under ${LOW_SLOPE_UNDERLAYMENT_BELOW}/12` : '',
  ].filter(Boolean);
  add(
    'ICE-WATER',
    `Ice-and-water shield (${iceParts.join(', ')})`,
    r2((iceNet / 100) * UNDERLAYMENT_LAP),
    'SQ',
    PRICES.iceWaterPerSq,
    M,
    'materials',
  );
  add(
    'UNDERLAY',
    spec.heavyUnderlayment ? 'High-temperature underlayment (double coverage)' : 'Synthetic underlayment',
    r2(((fieldArea - iceNet) / 100) * UNDERLAYMENT_LAP),
    'SQ',
    spec.heavyUnderlayment ? PRICES.heavyUnderlaymentPerSq : PRICES.underlaymentPerSq,
    M,
    'materials',
  );
  if (climate === 'cold') {
    assumptions.push(
      `Ice barrier: ${zone.stateName} is priced as a cold-climate state (IECC zone 5 or colder for most of its population): ice-and-water shield ${ICE_BARRIER_EAVE_WIDTH_FT} ft up from the eaves.`,
    );
  } else if (climate === 'mixed') {
    assumptions.push(
      `Ice barrier: ${zone.stateName} spans mild and cold climate zones; no eave ice barrier is priced. Local code in colder counties may require one (about ${usd(cents(L_.eaves * ICE_BARRIER_EAVE_WIDTH_FT * UNDERLAYMENT_LAP * (PRICES.iceWaterPerSq / 100), M))} more).`,
    );
  } else {
    assumptions.push(
      `Ice barrier: not required at the eaves in ${zone.stateName}'s climate; valleys and low-slope areas are lined.`,
    );
  }

  // Low-slope membrane where the product may not be used.
  if (lowSlopeArea > 0) {
    const sq = r2(lowSlopeArea / 100);
    add(
      'LOWSLOPE',
      `Low-slope membrane (modified bitumen) on areas under ${spec.minPitch}/12`,
      sq,
      'SQ',
      PRICES.lowSlopeMembranePerSq,
      M,
      'materials',
    );
    add('LOWSLOPE-LAB', 'Install low-slope membrane', sq, 'SQ', PRICES.lowSlopeLaborPerSq, L, 'labor');
    assumptions.push(
      `${Math.round(lowSlopeArea)} sq ft is flatter than ${spec.minPitch}/12, the lowest pitch for ${input.roofSurfaceMaterial.toLowerCase()}; it is priced as a low-slope membrane.`,
    );
  }

  // Field material, starter, ridge, edges, valleys, flashing.
  const fieldSq = r2((fieldArea / 100) * (1 + waste.percent / 100));
  add(
    'FIELD',
    `${spec.fieldDescription} (${waste.percent}% waste included)`,
    fieldSq,
    'SQ',
    spec.materialPerSq,
    M,
    'materials',
  );
  const starterLf = r1(L_.eaves + (spec.starterAtRakes ? L_.rakes : 0));
  add('STARTER', spec.starterDescription, starterLf, 'LF', spec.starterPerLf, M, 'materials');
  add('RIDGE-CAP', spec.ridgeDescription, r1(ridgeHip), 'LF', spec.ridgePerLf, M, 'materials');
  const metal = spec.family === 'metal';
  add(
    'DRIP-EDGE',
    metal ? 'Eave and rake trim (metal)' : 'Drip edge (eaves and rakes)',
    r1(L_.eaves + L_.rakes),
    'LF',
    metal ? PRICES.metalTrimPerLf : PRICES.dripEdgePerLf,
    M,
    'materials',
  );
  add(
    'VALLEY',
    metal ? 'Valley pan (metal)' : 'Valley metal (W-valley)',
    r1(L_.valleys),
    'LF',
    metal ? PRICES.metalValleyPanPerLf : PRICES.valleyMetalPerLf,
    M,
    'materials',
  );
  add(
    'FLASH',
    'Headwall, chimney and apron flashing',
    r1(L_.flashing),
    'LF',
    PRICES.flashingPerLf,
    M,
    'materials',
  );
  add(
    'STEP-FLASH',
    'Step flashing (roof-to-wall)',
    r1(L_.stepFlashing),
    'LF',
    PRICES.stepFlashingPerLf,
    M,
    'materials',
  );

  // Ventilation and penetrations: ridge vent where the roof has ridges, allowances for the
  // pipe boots and vents no measurement file counts.
  if (L_.ridges > 0) {
    // Sized on the sloped roof area (a little more than the attic floor: conservative, and the
    // price does not fall as the pitch rises).
    const needLf =
      ((area / RIDGE_VENT.atticAreaPerNfa) * RIDGE_VENT.ridgeShare * 144) / RIDGE_VENT.nfaSqInPerLf;
    add(
      'RIDGE-VENT',
      'Ridge vent, shingle-over (1/300 ventilation, half at the ridge)',
      r1(Math.min(L_.ridges, needLf)),
      'LF',
      PRICES.ridgeVentPerLf,
      M,
      'materials',
    );
  }
  const allowance = allowanceCounts(squares);
  add(
    'PIPE-BOOT',
    'Pipe boots / penetration flashing (allowance)',
    allowance.pipeBoots,
    'EA',
    PRICES.pipeBoot,
    M,
    'materials',
  );
  add(
    'VENT',
    'Replace existing roof vents (allowance)',
    allowance.vents,
    'EA',
    PRICES.roofVent,
    M,
    'materials',
  );
  assumptions.push(
    `Penetrations: measurement files do not count them; the price allows ${allowance.pipeBoots} pipe boots (2 + 1 per ${ALLOWANCES.pipeBootsPerSquares} squares) and ${allowance.vents} existing roof vent${allowance.vents === 1 ? '' : 's'} (1 + 1 per ${ALLOWANCES.ventsPerSquares} squares); their installation is in the installation labor.`,
  );

  // Labor.
  add(
    'INSTALL',
    `Install ${spec.fieldDescription.toLowerCase()}: underlayment, starter, field, ridge, edges, valleys`,
    r2(fieldArea / 100),
    'SQ',
    spec.laborPerSq,
    L,
    'labor',
  );
  add(
    'FLASH-LAB',
    'Install headwall and step flashing',
    r1(L_.flashing + L_.stepFlashing),
    'LF',
    PRICES.flashingLaborPerLf,
    L,
    'labor',
  );
  for (const [i, band] of STEEP_BANDS.entries()) {
    const bandArea = pitches.reduce(
      (s, p) => s + p.areaSqFt * (aboveShare(p.pitch, band.from) - aboveShare(p.pitch, band.to)),
      0,
    );
    add(
      `STEEP-${i + 1}`,
      `Steep-roof charge, ${band.label} (+${Math.round(band.factor * 100)}% of installation labor)`,
      r2(bandArea / 100),
      'SQ',
      spec.laborPerSq * band.factor,
      L,
      'labor',
    );
  }
  const highShare =
    input.buildingHeight === '2-Story'
      ? 1
      : input.buildingHeight === 'Mix of 1 and 2'
        ? MIXED_HEIGHT_SHARE
        : 0;
  if (highShare > 0) {
    add(
      'HIGH-ROOF',
      `High-roof charge, two-storey${highShare < 1 ? ` (${Math.round(highShare * 100)}% of the roof)` : ''} (+${Math.round(HIGH_ROOF_FACTOR * 100)}% of tear-off and installation labor)`,
      r2(squares * highShare),
      'SQ',
      (PRICES.tearOffFirstLayerPerSq + spec.laborPerSq) * HIGH_ROOF_FACTOR,
      L,
      'labor',
    );
  }
  if (blended) {
    assumptions.push(
      `Pitch thresholds (a product's lowest pitch, 4/12 for low-slope underlayment, the steep-roof bands at 7, 10 and 13/12) phase in over the ${PITCH_BLEND}/12 below them, so a pitch measured a little under a threshold is charged in proportion instead of jumping a band.`,
    );
  }

  // Fees.
  add(
    'PERMIT',
    'Building permit and inspection',
    1,
    'JOB',
    PRICES.permitBase + PRICES.permitPerSq * squares,
    C,
    'fees',
  );

  // Sales tax on the materials at the state's base rate, its own line.
  const materialCents = items.filter((i) => i.category === 'materials').reduce((s, i) => s + i.totalCents, 0);
  const salesTax = salesTaxOnMaterials(zone.state, zone.stateName, materialCents);
  if (salesTax.cents > 0) {
    items.push({
      code: 'SALES-TAX',
      description: `Sales tax on materials, ${zone.stateName} state rate ${salesTax.ratePercent}% (local rates not included)`,
      quantity: 1,
      unit: 'JOB',
      unitPriceCents: salesTax.cents,
      totalCents: salesTax.cents,
      category: 'fees',
    });
  }

  const modelSubtotal = items.reduce((s, i) => s + i.totalCents, 0);
  const modelExpectedCents = modelSubtotal + Math.round(modelSubtotal * OVERHEAD_AND_PROFIT);

  // Local market adjustment learned from completed jobs.
  const factor = learned.factor;
  if (learned.localJobs > 0 || factor !== 1) {
    const adj = Math.round(modelSubtotal * (factor - 1));
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
  const overheadAndProfitCents = Math.round(subtotalCents * OVERHEAD_AND_PROFIT);
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
    'Not included: gutters, skylights, chimney rebuilds, attic ventilation changes beyond the ridge vent, solar panel removal, and structural repairs.',
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
        : `no completed job in this zone or state yet; learned from ${jobs(learned.nationalJobs)} nationwide`;
  return `Local market adjustment (${from}; factor ${learned.factor.toFixed(3)})`;
}
