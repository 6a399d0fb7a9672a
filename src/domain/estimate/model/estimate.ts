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
import {
  HIGH_ROOF_FACTOR,
  ICE_BARRIER_EAVE_WIDTH_FT,
  LOW_SLOPE_UNDERLAYMENT_BELOW,
  MATERIALS,
  MIXED_HEIGHT_SHARE,
  MODEL_VERSION,
  OVERHEAD_AND_PROFIT,
  PLYWOOD_SHEET_SQFT,
  PLYWOOD_WASTE,
  PRICES,
  STEEP_BANDS,
  UNDERLAYMENT_LAP,
  VALLEY_LINING_WIDTH_FT,
} from './price-book';
import { priceRange } from './range';
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

/** Prices a roof replacement. Throws RangeError on an invalid ZIP or enumeration value. */
export function computeEstimate(input: EstimateInput, options: EstimateOptions = {}): Estimate {
  assertInput(input);
  const zone = lookupZone(input.zipCode);
  const learned = learnZoneFactor(options.priorFactor ?? 1, input.localObservations ?? [], {
    zoneId: zone.id,
    state: zone.state,
    modelVersion: MODEL_VERSION,
  });
  return priceWithZone(input, zone, learned);
}

function priceWithZone(input: EstimateInput, zone: ZoneInfo, learned: ZoneFactorUpdate): Estimate {
  const m = input.measurement;
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
  const lowSlopeArea = pitches.filter((p) => p.pitch < spec.minPitch).reduce((s, p) => s + p.areaSqFt, 0);
  const fieldArea = area - lowSlopeArea;
  const lowUnderlayArea = pitches
    .filter((p) => p.pitch >= spec.minPitch && p.pitch < LOW_SLOPE_UNDERLAYMENT_BELOW)
    .reduce((s, p) => s + p.areaSqFt, 0);
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
  const loads = Math.max(1, Math.ceil((squares * debrisLayers) / PRICES.dumpsterCapacitySq));
  add(
    'DISPOSAL',
    'Dumpster and disposal (20-yard, landfill fees included)',
    loads,
    'LOAD',
    PRICES.dumpsterLoad,
    C,
    'tear-off',
  );

  // Decking.
  if (input.plywoodNeeded === 'Yes') {
    const sheets = Math.ceil((area / PLYWOOD_SHEET_SQFT) * (1 + PLYWOOD_WASTE));
    add(
      'DECK',
      '1/2 in. CDX plywood decking, 4 x 8 ft sheets',
      sheets,
      'SHEET',
      PRICES.plywoodSheet,
      M,
      'materials',
    );
    add(
      'DECK-LAB',
      'Remove old decking and install new sheets',
      sheets,
      'SHEET',
      PRICES.plywoodLaborPerSheet,
      L,
      'labor',
    );
    assumptions.push(
      `Plywood: the whole deck is replaced (${sheets} sheets = roof area / 32 sq ft + ${pct(PLYWOOD_WASTE)} cutting waste).`,
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
  add('FLASH', 'Headwall and apron flashing', r1(L_.flashing), 'LF', PRICES.flashingPerLf, M, 'materials');
  add(
    'STEP-FLASH',
    'Step flashing (roof-to-wall)',
    r1(L_.stepFlashing),
    'LF',
    PRICES.stepFlashingPerLf,
    M,
    'materials',
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
    const bandArea = pitches
      .filter((p) => p.pitch >= band.from && p.pitch < band.to)
      .reduce((s, p) => s + p.areaSqFt, 0);
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
  if (input.buildingHeight === '1-Story' && m.stories === '>1') {
    assumptions.push(
      'The measurement file reports more than one storey, but the order says 1-Story; the order is used.',
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

  const modelSubtotal = items.reduce((s, i) => s + i.totalCents, 0);
  const modelExpectedCents = modelSubtotal + Math.round(modelSubtotal * OVERHEAD_AND_PROFIT);

  // Local market adjustment learned from completed jobs.
  const factor = learned.factor;
  if (learned.localJobs > 0 || factor !== 1) {
    const adj = Math.round(modelSubtotal * (factor - 1));
    if (adj !== 0) {
      items.push({
        code: 'MARKET',
        description: `Local market adjustment (${learned.localJobs} completed local job${learned.localJobs === 1 ? '' : 's'}, factor ${factor.toFixed(3)})`,
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
  const priced = priceRange({
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
    'Not included: gutters, skylights, chimney rebuilds, attic ventilation changes, solar panel removal, and structural repairs.',
    `Overhead and profit: ${Math.round(OVERHEAD_AND_PROFIT * 100)}% of the subtotal (10% overhead + 10% profit).`,
  );

  return {
    basis: m.source === 'Preliminary' ? 'preliminary' : 'measured',
    preliminary: null,
    lineItems: items,
    subtotalCents,
    overheadAndProfitCents,
    overheadAndProfitRate: OVERHEAD_AND_PROFIT,
    overheadAndProfitNote: '',
    salesTax: { state: zone.state, ratePercent: 0, included: true, cents: 0, text: '' },
    totalCents: expectedCents,
    range: priced.range,
    rangeReasons: priced.reasons,
    rangeCoverage: priced.coverage,
    warnings: [],
    reconciliations: [],
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
