import type { RoofLengths, RoofMeasurement } from '../types';
import { fail, type ParseContext, parsePitchLabel, round } from './common';

/**
 * What a measurement of one house's roof can be (issue 8, item 16). A parsed file outside these
 * bounds cannot be right (a unit mix-up, a corrupted or forged file) and is refused; one whose
 * figures disagree with each other is doubtful and is priced with a warning that the report prints.
 *
 * - Areas: 100 sq ft (a shed roof) to 100,000 sq ft (a very large estate; the largest US homes
 *   are about 50,000 sq ft of roof). A face cannot exceed that either.
 * - Lengths: any total (ridges, eaves, ...) or single line over 10,000 ft (nearly two miles).
 * - Pitches: 0/12 (flat) to 24/12 (a 63 degree mansard face), the range of the price model.
 * - Disagreement: more than 3 % (and at least 5 sq ft) between the roof area and the sum of its
 *   faces, or between the roof area and the area-by-pitch table.
 */
export const PLAUSIBLE_ROOF = {
  minAreaSqFt: 100,
  maxAreaSqFt: 100_000,
  maxLengthFt: 10_000,
  maxPitch: 24,
  areaTolerance: 0.03,
  areaToleranceSqFt: 5,
} as const;

const LENGTH_NAMES: Record<keyof RoofLengths, string> = {
  ridges: 'ridge',
  hips: 'hip',
  valleys: 'valley',
  rakes: 'rake',
  eaves: 'eave',
  flashing: 'flashing',
  stepFlashing: 'step flashing',
};

function num(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 1e9 ? n.toExponential(2) : round(n, 2).toLocaleString('en-US');
}

/**
 * Refuses (MeasurementParseError naming the field and its value) a measurement that cannot be a
 * house's roof; answers the warnings for one that is doubtful.
 */
export function checkPlausibility(ctx: ParseContext, m: RoofMeasurement): string[] {
  const P = PLAUSIBLE_ROOF;
  const file = `"${ctx.fileName}"`;
  const again = 'Check that you chose the right file, or export the measurements again from the provider.';
  const refuse = (what: string, where: string): never => fail(ctx, `In ${file}, ${what} ${again}`, where);

  const finiteNonNegative = (value: number, field: string, where: string, unit: string) => {
    if (!Number.isFinite(value))
      refuse(`the ${field} is not a finite number (${num(value)}), so it cannot be a measurement.`, where);
    if (value < 0)
      refuse(`the ${field} is negative (${num(value)} ${unit}), so it cannot be a measurement.`, where);
  };
  const pitchInRange = (pitch: number, field: string, where: string) => {
    finiteNonNegative(pitch, field, where, '/12');
    if (pitch > P.maxPitch)
      refuse(
        `the ${field} is ${num(pitch)}/12, outside the pitches of a roof (0/12 to ${P.maxPitch}/12).`,
        where,
      );
  };

  // refusals: non-finite or negative numbers, pitches, house-sized bounds
  finiteNonNegative(m.totalAreaSqFt, 'roof area', 'total area', 'sq ft');
  if (m.totalAreaSqFt < P.minAreaSqFt || m.totalAreaSqFt > P.maxAreaSqFt)
    refuse(
      `the roof area is ${num(m.totalAreaSqFt)} sq ft, outside the range of a house's roof (${num(P.minAreaSqFt)} to ${num(P.maxAreaSqFt)} sq ft). Check that the file is in feet.`,
      'total area',
    );
  for (const [i, f] of m.facets.entries()) {
    const id = f.id ?? String(i + 1);
    const where = `face ${id}`;
    finiteNonNegative(f.areaSqFt, `area of face ${id}`, where, 'sq ft');
    if (f.areaSqFt > P.maxAreaSqFt)
      refuse(
        `the area of face ${id} is ${num(f.areaSqFt)} sq ft, more than a house's whole roof (at most ${num(P.maxAreaSqFt)} sq ft).`,
        where,
      );
    pitchInRange(f.pitch, `pitch of face ${id}`, where);
  }
  for (const [label, area] of Object.entries(m.areaByPitch)) {
    const where = `area by pitch ${label}`;
    finiteNonNegative(area, `area at pitch ${label}`, where, 'sq ft');
    const pitch = parsePitchLabel(label);
    if (pitch !== null) pitchInRange(pitch, `pitch ${label} of the area-by-pitch table`, where);
  }
  for (const [key, name] of Object.entries(LENGTH_NAMES) as Array<[keyof RoofLengths, string]>) {
    const length = m.lengths[key];
    const where = `${name} length`;
    finiteNonNegative(length, `total ${name} length`, where, 'ft');
    if (length > P.maxLengthFt)
      refuse(
        `the total ${name} length is ${num(length)} ft, far more than a house's roof has (at most ${num(P.maxLengthFt)} ft). Check that the file is in feet.`,
        where,
      );
  }
  for (const [i, line] of (m.lines ?? []).entries()) {
    const d = Math.hypot(line.to[0] - line.from[0], line.to[1] - line.from[1], line.to[2] - line.from[2]);
    if (!Number.isFinite(d) || d > P.maxLengthFt)
      refuse(
        `${line.type} line ${i + 1} is ${num(d)} ft long, far more than a house's roof has (at most ${num(P.maxLengthFt)} ft). Check that the file is in feet.`,
        `${line.type} line ${i + 1}`,
      );
  }
  if (m.lowSlopeAreaSqFt !== undefined)
    finiteNonNegative(m.lowSlopeAreaSqFt, 'low-slope area', 'low-slope area', 'sq ft');
  if (m.suggestedWastePercent !== undefined)
    finiteNonNegative(m.suggestedWastePercent, 'suggested waste percentage', 'suggested waste', '%');

  // warnings: figures that disagree with each other
  const warnings: string[] = [];
  const total = m.totalAreaSqFt;
  const tolerance = Math.max(P.areaToleranceSqFt, total * P.areaTolerance);
  const percent = (a: number) => `${round((Math.abs(a - total) / total) * 100, 1)} %`;
  // faces drawn in the file (not the per-pitch entries some formats give instead of faces)
  const drawn = m.facets.filter(
    (f) => f.id !== undefined && !f.id.startsWith('pitch-') && f.id !== 'summary',
  );
  const faceSum = drawn.reduce((s, f) => s + f.areaSqFt, 0);
  const faceMismatch = drawn.length > 0 && Math.abs(faceSum - total) > tolerance;
  if (faceMismatch)
    warnings.push(
      `The roof area (${num(total)} sq ft) differs from the sum of its ${drawn.length} faces (${num(round(faceSum, 0))} sq ft) by ${percent(faceSum)}; the roof area was priced. Check the measurements before relying on this estimate.`,
    );
  const pitchSum = Object.values(m.areaByPitch).reduce((s, a) => s + a, 0);
  // a table derived from the faces repeats the faces' disagreement: say it once
  const derivedFromFaces = drawn.length > 0 && Math.abs(pitchSum - faceSum) <= P.areaToleranceSqFt;
  if (Math.abs(pitchSum - total) > tolerance && !(faceMismatch && derivedFromFaces))
    warnings.push(
      `The area-by-pitch table covers ${num(round(pitchSum, 0))} sq ft, but the roof area is ${num(total)} sq ft (${percent(pitchSum)} ${pitchSum < total ? 'missing' : 'too much'}); the roof area was priced with the table's proportions. Check the measurements before relying on this estimate.`,
    );
  return warnings;
}
