/** Line items for the roof's layers: tear-off and disposal, decking, underlayment, low-slope membrane. */

import { cents, type LineItemSheet, type PricingContext, pct, r2, usd } from './line-items';
import {
  ICE_BARRIER_EAVE_WIDTH_FT,
  LOW_SLOPE_UNDERLAYMENT_BELOW,
  PLYWOOD_PARTIAL_SHARE,
  PLYWOOD_SHEET_SQFT,
  PRICES,
  UNDERLAYMENT_LAP,
  VALLEY_LINING_WIDTH_FT,
} from './price-book';

/** Tear-off by roofLayers, and the dumpster loads it fills. */
export function addTearOff(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, squares, L, C } = ctx;
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
}

/** Decking: a partial re-deck allowance when plywood is needed, otherwise an assumption. */
export function addDecking(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, area, L, M } = ctx;
  const { add, assumptions } = sheet;
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
}

/** Underlayment and ice-and-water shield. */
export function addUnderlayment(ctx: PricingContext, sheet: LineItemSheet): void {
  const { zone, spec, L_, M, fieldArea, lowUnderlayArea, climate } = ctx;
  const { add, assumptions } = sheet;
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
}

/** Low-slope membrane where the product may not be used. */
export function addLowSlope(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, spec, lowSlopeArea, L, M } = ctx;
  const { add, assumptions } = sheet;
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
}
