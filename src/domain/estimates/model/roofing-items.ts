/** Line items on top of the deck: roofing, ventilation and penetrations, labor, fees. */

import { steepBandAreas } from './envelope-items';
import { type LineItemSheet, type PricingContext, r1, r2 } from './line-items';
import { STARTER_SOURCE, VALLEY_SOURCE } from './material-specs';
import {
  ALLOWANCES,
  HIGH_ROOF_FACTOR,
  MIXED_HEIGHT_SHARE,
  PITCH_BLEND,
  PRICES,
  RIDGE_VENT,
  STEEP_BANDS,
} from './price-book';

/** Counts of the allowance items (pipe boots, existing vents) for a roof of `squares`. */
export function allowanceCounts(squares: number): { pipeBoots: number; vents: number } {
  const A = ALLOWANCES;
  return {
    pipeBoots: Math.min(A.pipeBootsMax, A.pipeBootsBase + Math.floor(squares / A.pipeBootsPerSquares)),
    vents: Math.min(A.ventsMax, A.ventsBase + Math.floor(squares / A.ventsPerSquares)),
  };
}

/** Field material, starter, ridge, edges, valleys, flashing. */
export function addRoofing(ctx: PricingContext, sheet: LineItemSheet): void {
  const { spec, fieldArea, waste, L_, ridgeHip, M } = ctx;
  const { add, assumptions } = sheet;
  assumptions.push(`Starter and valleys, per the manufacturers: ${STARTER_SOURCE}; ${VALLEY_SOURCE}.`);
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
  // Closed-cut valleys (asphalt shingles) need no valley metal: the valley lining is in ICE-WATER.
  if (metal || spec.valley === 'metal') {
    add(
      'VALLEY',
      metal ? 'Valley pan (metal)' : 'Valley metal (open valley)',
      r1(L_.valleys),
      'LF',
      metal ? PRICES.metalValleyPanPerLf : PRICES.valleyMetalPerLf,
      M,
      'materials',
    );
  }
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
}

/**
 * Ventilation and penetrations: the existing vents replaced like for like (an allowance, as no
 * measurement file says what the roof has) and pipe boots; a ridge vent only when the order's
 * "Ridge vent" question says Yes, and then instead of the box vents (no doubled exhaust).
 */
export function addVentilation(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, area, squares, L_, M } = ctx;
  const { add, assumptions } = sheet;
  const ridgeVent = input.ridgeVent === true && L_.ridges > 0;
  if (ridgeVent) {
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
  if (!ridgeVent) {
    add(
      'VENT',
      'Replace existing roof vents like for like (allowance)',
      allowance.vents,
      'EA',
      PRICES.roofVent,
      M,
      'materials',
    );
  }
  const why =
    input.ridgeVent === true
      ? 'no ridge vent is priced: the order says the roof has or gets one, but the file has no ridge for it'
      : input.ridgeVent === false
        ? 'no ridge vent is added, as the order says the roof has none'
        : 'no ridge vent is added, as nothing in the order or the file says the roof has one';
  const vents = ridgeVent
    ? 'a ridge vent (the order says the roof has or gets one) in place of box vents'
    : `${allowance.vents} existing roof vent${allowance.vents === 1 ? '' : 's'} (1 + 1 per ${ALLOWANCES.ventsPerSquares} squares), replaced like for like; ${why}`;
  assumptions.push(
    `Penetrations and ventilation: measurement files do not count them; the price allows ${allowance.pipeBoots} pipe boots (2 + 1 per ${ALLOWANCES.pipeBootsPerSquares} squares) and ${vents}; their installation is in the installation labor.`,
  );
}

/** Labor: installation, flashing, the steep-roof bands and the high-roof charge. */
export function addLabor(ctx: PricingContext, sheet: LineItemSheet): void {
  const { input, spec, fieldArea, squares, pitches, blended, L_, L } = ctx;
  const { add, assumptions } = sheet;
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
  const bandAreas = steepBandAreas(pitches);
  for (const [i, band] of STEEP_BANDS.entries()) {
    add(
      `STEEP-${i + 1}`,
      `Steep-roof charge, install, ${band.label} (+${Math.round(band.factor * 100)}% of installation labor)`,
      r2((bandAreas[i] ?? 0) / 100),
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
      `Pitch thresholds (4/12 for low-slope underlayment, the steep-roof bands at 7, 10 and 13/12) phase in over the ${PITCH_BLEND}/12 below them, so a pitch measured a little under a threshold is charged in proportion instead of jumping a band.`,
    );
  }
}

/** Fees: building permit and inspection. */
export function addFees(ctx: PricingContext, sheet: LineItemSheet): void {
  const { squares, C } = ctx;
  sheet.add(
    'PERMIT',
    'Building permit and inspection',
    1,
    'JOB',
    PRICES.permitBase + PRICES.permitPerSq * squares,
    C,
    'fees',
  );
}
