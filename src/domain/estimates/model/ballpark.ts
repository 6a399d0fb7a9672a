/**
 * Measurements without a file: the /estimate ballpark (approximate roof area, or house floor
 * area and stories) and the admin's manual entry (total area and predominant pitch). Line lengths
 * are estimated from a simple rectangular gable, so the range is wide (see SOURCE_UNCERTAINTY).
 */
import { buildMeasurement } from '../parsers/common';
import type { RoofMeasurement } from '../types';

/** Plan proportions of the assumed house: length = 1.6 x width. */
export const PLAN_ASPECT = 1.6;
/** Eaves and rake overhangs add about 10% to the footprint (1 to 1.5 ft on a typical house). */
export const OVERHANG_FACTOR = 1.1;

/** Sloped area / plan area for a pitch (rise per 12): sqrt(1 + (p/12)^2). */
export function slopeFactor(pitch: number): number {
  return Math.sqrt(1 + (pitch / 12) ** 2);
}

/**
 * Roof area (sq ft) from the house's floor area: footprint = floor area / stories, plus
 * overhangs (x 1.10), times the slope factor of the pitch. 2,000 sq ft on two floors at 6/12:
 * 1000 x 1.10 x 1.118 = 1,230 sq ft of roof.
 */
export function roofAreaFromFloorArea(floorAreaSqFt: number, stories: number, pitch: number): number {
  if (!(floorAreaSqFt > 0) || !(stories >= 1))
    throw new RangeError('Floor area and stories must be positive.');
  return (floorAreaSqFt / stories) * OVERHANG_FACTOR * slopeFactor(pitch);
}

/**
 * A measurement for a roof known only by its area and pitch: a rectangular gable with the plan
 * proportions above (eaves along both long sides, rakes along the gable ends, one ridge).
 */
export function measurementFromArea(
  totalAreaSqFt: number,
  pitch: number,
  source: 'Manual entry' | 'Ballpark' | 'Preliminary',
  opts: { address?: string; stories?: string } = {},
): RoofMeasurement {
  if (!(totalAreaSqFt > 0) || !Number.isFinite(totalAreaSqFt))
    throw new RangeError('The roof area must be a positive number.');
  if (!(pitch >= 0) || pitch > 48) throw new RangeError('The pitch must be between 0/12 and 48/12.');
  const plan = totalAreaSqFt / slopeFactor(pitch);
  const width = Math.sqrt(plan / PLAN_ASPECT);
  const length = PLAN_ASPECT * width;
  const rakeRun = (width / 2) * slopeFactor(pitch);
  return buildMeasurement({
    source,
    facets: [{ id: 'estimated', areaSqFt: totalAreaSqFt, pitch }],
    facetCount: null,
    totalAreaSqFt,
    lengths: {
      ridges: length,
      hips: 0,
      valleys: 0,
      rakes: 4 * rakeRun,
      eaves: 2 * length,
      flashing: 0,
      stepFlashing: 0,
    },
    ...(opts.stories ? { stories: opts.stories } : {}),
    ...(opts.address ? { address: opts.address } : {}),
    warnings: ['Line lengths are estimated from the area (a simple gable roof is assumed).'],
  });
}
