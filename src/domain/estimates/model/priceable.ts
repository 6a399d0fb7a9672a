/**
 * Whether a parsed measurement can be priced (issue 24, items 1 and 3): ONE function, asked by the
 * upload (parseMeasurementFile, so the visitor is told before paying) and by pricing
 * (measurementWarnings, sanity.ts). A file the upload accepts is therefore never refused later.
 *
 * Two families of checks:
 * - the area-by-pitch table against the roof area (refused beyond SANITY-like 25 %: it cannot be
 *   scaled to the total with any confidence);
 * - the geometry against itself: a face that carries both a size/pitch attribute and an outline
 *   (EagleView, GAF QuickMeasure XML) is compared with that outline (GEOMETRY_CHECK).
 */
import { polygonArea, polygonPitchExact, type Vec3 } from '../parsers/polygon';
import type { RoofMeasurement } from '../types';

/** Area-by-pitch table vs roof area: beyond this share the table is refused, not scaled. */
export const PITCH_TABLE_REFUSE = 0.25;

/**
 * A face's stated size and pitch vs its own outline (docs/estimate-model.md, "Geometry checked
 * against itself"). Vendors print whole square feet and whole (or half) pitches, and outline
 * coordinates to 0.01 ft: real faces agree within a fraction of these warn levels.
 */
export const GEOMETRY_CHECK = {
  /** A face whose size differs from its outline by more than this share (and warnAreaSqFt) is named. */
  warnAreaShare: 0.03,
  warnAreaSqFt: 2,
  /** A face whose pitch differs from its outline by more than this (rise per 12) is named. */
  warnPitch: 0.5,
  /** Refused: the faces' sizes differ from their outlines by more than this share of the outlines' total. */
  refuseAreaShare: 0.1,
  /** Refused: faces covering more than refuseAreaShare of the roof are off by more than this pitch. */
  refusePitch: 2,
} as const;

export interface Priceability {
  /** Null when the measurement can be priced; else the sentence the visitor or the admin reads. */
  problem: string | null;
  /** Doubts that do not stop pricing (the report prints them with the file's notes). */
  warnings: string[];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pitchText = (p: number) => `${Math.round(p * 10) / 10}/12`;

function pitchTableProblem(m: RoofMeasurement): string | null {
  const rows = Object.values(m.areaByPitch).filter((a) => Number.isFinite(a) && a > 0);
  if (rows.length === 0) return null;
  const total = m.totalAreaSqFt;
  const covered = rows.reduce((s, a) => s + a, 0);
  const off = Math.abs(covered - total) / total;
  if (off <= PITCH_TABLE_REFUSE) return null;
  return `The area-by-pitch table covers ${fmt(covered)} sq ft, but the roof area is ${fmt(total)} sq ft (${Math.round(off * 100)}% ${covered < total ? 'missing' : 'too much'}): too far apart to price. Check the measurements, or export them again from the provider.`;
}

interface FaceCheck {
  id: string;
  stated: number;
  outline: number;
  statedPitch: number;
  outlinePitch: number;
}

/** Faces with an outline whose stated size or pitch may differ from it (a parser fills both from the file). */
function faceChecks(m: RoofMeasurement): FaceCheck[] {
  const out: FaceCheck[] = [];
  for (const [i, f] of m.facets.entries()) {
    if (!f.polygon || f.polygon.length < 3) continue;
    const poly = f.polygon as Vec3[];
    const outline = polygonArea(poly);
    const outlinePitch = polygonPitchExact(poly);
    if (!Number.isFinite(outline) || !Number.isFinite(outlinePitch)) continue;
    // a file's id as quoted in a message: bounded, so a hostile id cannot flood it
    out.push({
      id: (f.id ?? String(i + 1)).slice(0, 40),
      stated: f.areaSqFt,
      outline,
      statedPitch: f.pitch,
      outlinePitch,
    });
  }
  return out;
}

function geometry(m: RoofMeasurement): Priceability {
  const G = GEOMETRY_CHECK;
  const faces = faceChecks(m);
  if (faces.length === 0) return { problem: null, warnings: [] };
  const outlineTotal = faces.reduce((s, f) => s + f.outline, 0);
  const areaOff = faces.reduce((s, f) => s + Math.abs(f.stated - f.outline), 0);
  const steepOff = faces
    .filter((f) => Math.abs(f.statedPitch - f.outlinePitch) > G.refusePitch)
    .reduce((s, f) => s + f.outline, 0);
  const areaFaces = faces.filter(
    (f) => Math.abs(f.stated - f.outline) > Math.max(G.warnAreaSqFt, f.outline * G.warnAreaShare),
  );
  const pitchFaces = faces.filter((f) => Math.abs(f.statedPitch - f.outlinePitch) > G.warnPitch);
  const areaList = areaFaces
    .slice(0, 5)
    .map((f) => `face ${f.id} states ${fmt(f.stated)} sq ft, its outline measures ${fmt(f.outline)}`)
    .join('; ');
  const pitchList = pitchFaces
    .slice(0, 5)
    .map(
      (f) => `face ${f.id} states ${pitchText(f.statedPitch)}, its outline is ${pitchText(f.outlinePitch)}`,
    )
    .join('; ');
  const more = (n: number) => (n > 5 ? ` and ${n - 5} more` : '');
  if (outlineTotal > 0 && areaOff > outlineTotal * G.refuseAreaShare) {
    return {
      problem: `The faces' stated sizes differ from their own outlines by ${fmt(areaOff)} sq ft (${Math.round((areaOff / outlineTotal) * 100)}% of the roof; ${areaList}${more(areaFaces.length)}): the file contradicts itself, so it cannot be priced. Export the measurements again from the provider.`,
      warnings: [],
    };
  }
  if (outlineTotal > 0 && steepOff > outlineTotal * G.refuseAreaShare) {
    return {
      problem: `The faces' stated pitches differ from their own outlines by more than ${G.refusePitch}/12 on ${Math.round((steepOff / outlineTotal) * 100)}% of the roof (${pitchList}${more(pitchFaces.length)}): the file contradicts itself, so it cannot be priced. Export the measurements again from the provider.`,
      warnings: [],
    };
  }
  const warnings: string[] = [];
  if (areaFaces.length > 0)
    warnings.push(
      `The stated size of ${areaFaces.length} face(s) differs from the face's own outline (${areaList}${more(areaFaces.length)}); the stated sizes were priced. Check the measurements before relying on this estimate.`,
    );
  if (pitchFaces.length > 0)
    warnings.push(
      `The stated pitch of ${pitchFaces.length} face(s) differs from the face's own outline (${pitchList}${more(pitchFaces.length)}); the stated pitches were priced. Check the measurements before relying on this estimate.`,
    );
  return { problem: null, warnings };
}

/**
 * Whether a parsed measurement can be priced: the problem (null when it can) and the warnings it
 * is priced with. The upload refuses a file with a problem; pricing throws it (RangeError).
 */
export function priceability(m: RoofMeasurement): Priceability {
  if (!(m.totalAreaSqFt > 0) || !Number.isFinite(m.totalAreaSqFt))
    return { problem: 'The roof area must be a positive number of square feet.', warnings: [] };
  const table = pitchTableProblem(m);
  if (table) return { problem: table, warnings: [] };
  return geometry(m);
}
