/**
 * The measurement of an order without a measurement file (the preliminary report): the roof area
 * the customer gave, or one derived from the living area and stories, or a typical size for the
 * building height when nothing was given.
 * FIRST CUT by the lead (typical sizes and pitch to be documented and refined by the model helper).
 */
import type { BuildingHeight, RoofMeasurement } from '../types';
import { measurementFromArea, roofAreaFromFloorArea } from './ballpark';

export interface PreliminarySize {
  roofAreaSqFt: number | null;
  livingAreaSqFt: number | null;
  stories: '1' | '2' | '3' | null;
  buildingHeight: BuildingHeight;
}

export const PRELIMINARY_PITCH = 6;
const TYPICAL_ROOF_AREA: Record<BuildingHeight, number> = {
  '1-Story': 2400,
  '2-Story': 1700,
  'Mix of 1 and 2': 2100,
};

export function preliminaryMeasurement(size: PreliminarySize): RoofMeasurement {
  const stories = size.stories
    ? Number(size.stories)
    : size.buildingHeight === '1-Story'
      ? 1
      : size.buildingHeight === '2-Story'
        ? 2
        : 1.5;
  const area =
    size.roofAreaSqFt ??
    (size.livingAreaSqFt
      ? Math.round(roofAreaFromFloorArea(size.livingAreaSqFt, stories, PRELIMINARY_PITCH))
      : TYPICAL_ROOF_AREA[size.buildingHeight]);
  return measurementFromArea(area, PRELIMINARY_PITCH, 'Preliminary');
}
