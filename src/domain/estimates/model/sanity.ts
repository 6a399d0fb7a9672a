/**
 * Measurement sanity at pricing time (issue 9, item 7): figures that are possible but doubtful
 * become warnings the report prints (code + plain words) instead of being priced silently, and an
 * area-by-pitch table far from the roof area is refused. The parsers' hard bounds
 * (parsers/plausibility.ts, PLAUSIBLE_ROOF) have already refused what cannot be a roof; their own
 * warnings (measurement.warnings) are carried over here too.
 */

import type { EstimateWarning } from '../estimate-types';
import { PLAUSIBLE_ROOF } from '../parsers/plausibility';
import { MEASUREMENT_SOURCES, type RoofMeasurement } from '../types';
import { slopeFactor } from './ballpark';
import { PITCH_TABLE_REFUSE, priceability } from './priceable';

export const SANITY = {
  /** Area-by-pitch table vs roof area: beyond this share the table is refused, not scaled (priceable.ts). */
  pitchTableRefuse: PITCH_TABLE_REFUSE,
  /** One face larger than this (sq ft) is doubtful for a house (a whole garage roof is ~600). */
  maxFacetSqFt: 5_000,
  /** Eaves + rakes shorter than this share of the perimeter of a square plan of the same area. */
  minPerimeterShare: 0.75,
  /** Eaves + rakes longer than this multiple of that perimeter (a 1:50 strip). */
  maxPerimeterMultiple: 4,
  /** Ridge + hip + valley feet per square above which the lines are out of proportion. */
  maxCutLinesPerSquare: 25,
  /** Pitches above this (rise per 12) are walls or mansards more often than roofs. */
  steepPitch: 18,
} as const;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const isFile = (m: RoofMeasurement) => (MEASUREMENT_SOURCES as readonly string[]).includes(m.source);

/**
 * The warnings of a measurement about to be priced. Throws RangeError when priceability (the
 * upload's own check, priceable.ts) refuses it: an area-by-pitch table under 75 % or over 125 % of
 * the roof area, or faces that contradict their own outlines.
 */
export function measurementWarnings(m: RoofMeasurement): EstimateWarning[] {
  const warnings: EstimateWarning[] = m.warnings.map((message) => ({
    code: isFile(m) ? 'measurement-file' : 'measurement-estimated',
    message,
  }));
  const total = m.totalAreaSqFt;
  const squares = total / 100;

  // the one decision of the upload and of pricing (priceable.ts): a file accepted is never refused here
  const checked = priceability(m);
  if (checked.problem) throw new RangeError(checked.problem);
  for (const message of checked.warnings)
    if (!m.warnings.includes(message)) warnings.push({ code: 'geometry-self-check', message });
  const rows = Object.values(m.areaByPitch).filter((a) => Number.isFinite(a) && a > 0);
  if (rows.length > 0) {
    const covered = rows.reduce((s, a) => s + a, 0);
    const off = Math.abs(covered - total) / total;
    const tolerance = Math.max(PLAUSIBLE_ROOF.areaToleranceSqFt, total * PLAUSIBLE_ROOF.areaTolerance);
    const saidByParser = m.warnings.some((w) => w.startsWith('The area-by-pitch table'));
    if (Math.abs(covered - total) > tolerance && !saidByParser) {
      warnings.push({
        code: 'pitch-table-scaled',
        message: `The area-by-pitch table covers ${fmt(covered)} sq ft of the ${fmt(total)} sq ft roof (${Math.round(off * 1000) / 10}% ${covered < total ? 'missing' : 'too much'}); each pitch's area was scaled so the table matches the roof area.`,
      });
    }
  }

  if (!isFile(m)) {
    // files outside the house-sized bounds were refused by the parser; a typed size is warned
    if (total < PLAUSIBLE_ROOF.minAreaSqFt || total > PLAUSIBLE_ROOF.maxAreaSqFt) {
      warnings.push({
        code: 'area-implausible',
        message: `The roof area of ${fmt(total)} sq ft is outside the range of a house's roof (${fmt(PLAUSIBLE_ROOF.minAreaSqFt)} to ${fmt(PLAUSIBLE_ROOF.maxAreaSqFt)} sq ft); check the size entered.`,
      });
    }
    return warnings; // lengths of typed or typical sizes are the model's own
  }

  const drawn = m.facets.filter(
    (f) => f.id !== undefined && !f.id.startsWith('pitch-') && f.id !== 'summary',
  );
  for (const f of drawn) {
    if (f.areaSqFt > SANITY.maxFacetSqFt) {
      warnings.push({
        code: 'facet-area-large',
        message: `Face ${f.id} measures ${fmt(f.areaSqFt)} sq ft, more than one face of a house usually has (${fmt(SANITY.maxFacetSqFt)} sq ft); check that it is a single face.`,
      });
    }
  }

  const L = m.lengths;
  const plan = Object.entries(m.areaByPitch).reduce((s, [label, a]) => {
    const p = Number.parseFloat(label);
    return s + (Number.isFinite(p) && a > 0 ? a / slopeFactor(p) : 0);
  }, 0);
  const planArea = plan > 0 ? plan : total / slopeFactor(m.predominantPitch);
  const squarePerimeter = 4 * Math.sqrt(planArea);
  const perimeter = L.eaves + L.rakes;
  if (perimeter > 0 && perimeter < SANITY.minPerimeterShare * squarePerimeter) {
    warnings.push({
      code: 'edges-short',
      message: `The eaves and rakes (${fmt(perimeter)} ft) are too short to go around ${fmt(total)} sq ft of roof (a square plan needs about ${fmt(squarePerimeter)} ft); edge items (drip edge, starter) may be under-counted.`,
    });
  } else if (perimeter === 0) {
    warnings.push({
      code: 'edges-missing',
      message:
        'The file gives no eave or rake length; drip edge and starter are not priced. Check the measurements.',
    });
  } else if (perimeter > SANITY.maxPerimeterMultiple * squarePerimeter) {
    warnings.push({
      code: 'edges-long',
      message: `The eaves and rakes (${fmt(perimeter)} ft) are out of proportion with ${fmt(total)} sq ft of roof (more than ${SANITY.maxPerimeterMultiple} times the edge of a square plan); check that the lengths are in feet.`,
    });
  }
  const cut = L.ridges + L.hips + L.valleys;
  if (cut / squares > SANITY.maxCutLinesPerSquare) {
    warnings.push({
      code: 'lines-long',
      message: `The ridges, hips and valleys (${fmt(cut)} ft) are out of proportion with ${fmt(total)} sq ft of roof (${Math.round(cut / squares)} ft per square; houses rarely exceed ${SANITY.maxCutLinesPerSquare}); check that the lengths are in feet.`,
    });
  }
  const steep = Object.entries(m.areaByPitch)
    .filter(([label, a]) => Number.parseFloat(label) > SANITY.steepPitch && a > 0)
    .reduce((s, [, a]) => s + a, 0);
  if (steep > 0) {
    warnings.push({
      code: 'pitch-steep',
      message: `${fmt(steep)} sq ft is steeper than ${SANITY.steepPitch}/12, which is usually a wall or a mansard face; it is priced as roof with the steepest charge. Check the measurements.`,
    });
  }
  return warnings;
}
