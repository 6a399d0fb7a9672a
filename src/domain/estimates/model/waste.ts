/**
 * Waste by roof complexity. Uses only values every format carries (so all four files of one roof
 * give the same waste): ridge+hip and valley length per square, the number of distinct pitches,
 * and whether there are valleys.
 *
 *   waste% = 8 + 0.6 x (ridge + hip + valley LF per square) + 1.5 x (distinct pitches - 1)
 *            + 1 (if any valley) + the product's breakage allowance; rounded, clamped to 8..25.
 *
 * A plain 18-square gable comes out at 10%, a hip roof with a wing at 15%, a three-pitch roof at 14%;
 * this matches the usual 10% gable / 15% hip rule of thumb and EagleView's suggested waste.
 */
import type { RoofMeasurement } from '../types';

export interface WasteBreakdown {
  percent: number;
  linesPerSquare: number;
  distinctPitches: number;
  hasValleys: boolean;
}

export function complexityWaste(m: RoofMeasurement, productWasteAdd: number): WasteBreakdown {
  const squares = Math.max(m.totalAreaSqFt / 100, 0.01);
  const cutLines = m.lengths.ridges + m.lengths.hips + m.lengths.valleys;
  const linesPerSquare = cutLines / squares;
  const distinctPitches = Math.max(1, Object.values(m.areaByPitch).filter((a) => a > 0).length);
  const hasValleys = m.lengths.valleys > 0;
  const raw = 8 + 0.6 * linesPerSquare + 1.5 * (distinctPitches - 1) + (hasValleys ? 1 : 0) + productWasteAdd;
  const percent = Math.min(25, Math.max(8, Math.round(raw)));
  return { percent, linesPerSquare, distinctPitches, hasValleys };
}
