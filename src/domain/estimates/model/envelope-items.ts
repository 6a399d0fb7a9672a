/** Line items for the roof's layers: tear-off and disposal, decking, underlayment; area below the product's minimum pitch. */

import type { EstimateWarning } from '../estimate-types';
import { cents, type LineItemSheet, type PricingContext, pct, r2, usd } from './line-items';
import type { MaterialFamily } from './material-specs';
import {
  aboveShare,
  ICE_BARRIER_EAVE_WIDTH_FT,
  LOW_SLOPE_UNDERLAYMENT_BELOW,
  PLYWOOD_PARTIAL_SHARE,
  PLYWOOD_SHEET_SQFT,
  PRICES,
  STEEP_BANDS,
  UNDERLAYMENT_LAP,
  VALLEY_LINING_WIDTH_FT,
} from './price-book';

/** Area (sq ft) in each steep band (from <= pitch < to), phased in below each threshold (PITCH_BLEND). */
export function steepBandAreas(pitches: PricingContext['pitches']): number[] {
  return STEEP_BANDS.map((band) =>
    pitches.reduce(
      (s, p) => s + p.areaSqFt * (aboveShare(p.pitch, band.from) - aboveShare(p.pitch, band.to)),
      0,
    ),
  );
}

/** Tear-off by roofLayers, the steep-roof removal charges, and the dumpster loads it fills. */
export function addTearOff(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, squares, pitches, L, C } = ctx;
  const { add } = sheet;
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
  // Steep-roof removal: the install bands' share of the tear-off rate of every layer removed.
  const tearOffPerSq =
    PRICES.tearOffFirstLayerPerSq +
    (input.roofLayers === '2 Layers over shake' ? PRICES.tearOffExtraLayerPerSq : 0) +
    (input.roofLayers !== '1 Layer' ? PRICES.tearOffShakeLayerPerSq : 0);
  for (const [i, bandArea] of steepBandAreas(pitches).entries()) {
    const band = STEEP_BANDS[i] as (typeof STEEP_BANDS)[number];
    add(
      `STEEP-R-${i + 1}`,
      `Steep-roof charge, remove, ${band.label} (+${Math.round(band.factor * 100)}% of tear-off labor)`,
      r2(bandArea / 100),
      'SQ',
      tearOffPerSq * band.factor,
      L,
      'tear-off',
    );
  }
  // Dumpsters come in whole loads: one per 25 squares of one layer of debris, rounded up.
  const loads = Math.max(
    1,
    Math.ceil(Math.round(((squares * debrisLayers) / PRICES.dumpsterCapacitySq) * 1e6) / 1e6),
  );
  add(
    'DISPOSAL',
    `Dumpster and disposal (20-yard, landfill fees; whole loads, one per ${PRICES.dumpsterCapacitySq} squares of one layer of debris)`,
    loads,
    'LOAD',
    PRICES.dumpsterLoad,
    C,
    'tear-off',
  );
}

/** Decking: a partial re-deck allowance when plywood is needed, otherwise an assumption. */
export function addDecking(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, area, L, M } = ctx;
  const { add, assumptions } = sheet;
  if (input.plywoodNeeded === 'Yes') {
    const sheets = Math.ceil((area * PLYWOOD_PARTIAL_SHARE) / PLYWOOD_SHEET_SQFT);
    const perSheetCents = cents(PRICES.plywoodSheet, M) + cents(PRICES.plywoodLaborPerSheet, L);
    const more = `$${(perSheetCents / 100).toFixed(2)}`;
    add(
      'DECK',
      `1/2 in. CDX plywood decking, 4 x 8 ft sheet: ${sheets} sheet${sheets === 1 ? '' : 's'} allowed; more at ${more} per sheet installed`,
      sheets,
      'SHEET',
      PRICES.plywoodSheet,
      M,
      'materials',
    );
    add(
      'DECK-LAB',
      'Remove damaged decking and install a new sheet (per sheet)',
      sheets,
      'SHEET',
      PRICES.plywoodLaborPerSheet,
      L,
      'labor',
    );
    assumptions.push(
      `Plywood: ${sheets} sheet${sheets === 1 ? '' : 's'} of decking allowed (about ${pct(PLYWOOD_PARTIAL_SHARE)} of the ${Math.round(area).toLocaleString('en-US')} sq ft deck in 4 x 8 ft sheets), not a full re-deck; each sheet found damaged beyond them is ${more} installed (plywood and labor, before overhead and profit and sales tax).`,
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
}

/**
 * Products whose code section asks for double underlayment from their minimum pitch up to 4/12
 * (IRC R905.2.2 asphalt shingles, R905.3.3 tile): that area gets a second layer of underlayment,
 * not self-adhered membrane (which lines only area under the product's minimum).
 */
export const DOUBLE_UNDERLAYMENT_CODE: Partial<Record<MaterialFamily, string>> = {
  asphalt: 'IRC R905.2.2',
  'premium-asphalt': 'IRC R905.2.2',
  tile: 'IRC R905.3.3',
};

/** Underlayment and ice-and-water shield. */
export function addUnderlayment(ctx: PricingContext, sheet: LineItemSheet): void {
  const { zone, spec, L_, M, fieldArea, lowUnderlayArea, selfAdheredArea, climate } = ctx;
  const { add, assumptions } = sheet;
  const eaveBarrier = climate === 'cold' ? L_.eaves * ICE_BARRIER_EAVE_WIDTH_FT : 0;
  const valleyLining = L_.valleys * VALLEY_LINING_WIDTH_FT;
  const iceNet = Math.min(fieldArea, selfAdheredArea + eaveBarrier + valleyLining);
  const doubleCode = DOUBLE_UNDERLAYMENT_CODE[spec.family];
  const under =
    doubleCode && spec.minPitch > 0 ? `${spec.minPitch}/12` : `${LOW_SLOPE_UNDERLAYMENT_BELOW}/12`;
  const iceParts = [
    eaveBarrier > 0 ? `eaves ${ICE_BARRIER_EAVE_WIDTH_FT} ft up` : '',
    valleyLining > 0 ? 'valleys' : '',
    selfAdheredArea > 0 ? `areas under ${under}` : '',
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
  // Double underlayment from the minimum to 4/12 (the heavy underlayment is double coverage already).
  const doubleArea = Math.min(Math.max(0, lowUnderlayArea - selfAdheredArea), fieldArea - iceNet);
  if (doubleCode && !spec.heavyUnderlayment && doubleArea > 0) {
    add(
      'UNDERLAY-2',
      `Second underlayment layer, slopes under ${LOW_SLOPE_UNDERLAYMENT_BELOW}/12 (double underlayment, ${doubleCode})`,
      r2((doubleArea / 100) * UNDERLAYMENT_LAP),
      'SQ',
      PRICES.underlaymentPerSq,
      M,
      'materials',
    );
  }
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
}

/**
 * Where each product's lowest pitch comes from (IRC 2021, chapter 9, section R905 by product), and
 * what the code asks for on the lowest slopes it allows.
 */
export const MIN_PITCH_SOURCE: Record<MaterialFamily, string> = {
  asphalt: 'IRC R905.2.2: asphalt shingles on 2/12 and steeper, with double underlayment below 4/12',
  'premium-asphalt':
    'the 4/12 minimum the model takes for designer shingles; IRC R905.2.2 allows asphalt shingles from 2/12 with double underlayment below 4/12',
  wood: 'IRC R905.8.2 (wood shakes); the model takes 4/12',
  tile: 'IRC R905.3.2: clay and concrete tile from 2.5/12 (the model takes 3/12), with double underlayment below 4/12 (R905.3.3)',
  metal: 'IRC R905.10.2 (metal roof panels)',
  slate: 'IRC R905.6.2: slate shingles on 4/12 and steeper',
};

/**
 * Area flatter than the product's minimum pitch: priced as the product over the self-adhered
 * low-slope underlayment (the ICE-WATER line covers everything under 4/12), not swapped for a
 * membrane roof; answers the warning for the report, or null.
 */
export function belowMinimumPitch(ctx: PricingContext, sheet: LineItemSheet): EstimateWarning | null {
  const { input, spec, lowSlopeArea } = ctx;
  if (!(lowSlopeArea > 0)) return null;
  const material = input.roofSurfaceMaterial.toLowerCase();
  const sqft = Math.round(lowSlopeArea).toLocaleString('en-US');
  sheet.assumptions.push(
    `Low-slope area: ${sqft} sq ft under ${spec.minPitch}/12 is priced as ${material} over self-adhered underlayment (see the checks), not as another kind of roof.`,
  );
  return {
    code: 'pitch-below-product-minimum',
    message: `${sqft} sq ft of the roof is flatter than ${spec.minPitch}/12, the lowest pitch for ${material} (${MIN_PITCH_SOURCE[spec.family]}). It is priced as ${material} over self-adhered underlayment; a roofer may need to use a low-slope membrane on that area instead. Check the pitch, or ask for that area to be quoted separately.`,
  };
}
