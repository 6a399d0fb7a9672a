/**
 * The measurement of an order without a measurement file (the preliminary report, issue 9 item 1):
 * the roof area the customer gave, or one derived from the living area and stories, or a typical
 * size for the building height when nothing was given. Priced as a simple 6/12 gable.
 *
 * Typical sizes (roof sq ft, sloped, at 6/12): a typical living area per building height run through
 * roofAreaFromFloorArea (footprint = living area / storeys, x 1.10 overhangs, x 1.118 slope at 6/12):
 *   1-Story         1,900 sq ft living on one floor  -> 2,300 sq ft of roof
 *   2-Story         2,600 sq ft living on two floors -> 1,600 sq ft of roof
 *   Mix of 1 and 2  2,300 sq ft living on 1.5 floors -> 1,900 sq ft of roof
 * The living areas follow the US Census Bureau's Characteristics of New Housing (median new
 * single-family home about 2,200-2,400 sq ft since 2015; two-storey homes larger than one-storey
 * ones) and the older, smaller existing stock (American Housing Survey median about 1,800 sq ft);
 * they land inside the usual 1,700-3,000 sq ft of roof quoted for US single-family homes.
 * 6/12 is the middle of the common 4/12-8/12 residential pitches.
 */
import type { PreliminaryBasis } from '../estimate-types';
import type { BuildingHeight, RoofMeasurement } from '../types';
import { measurementFromArea, roofAreaFromFloorArea } from './ballpark';

export interface PreliminarySize {
  roofAreaSqFt?: number | null;
  livingAreaSqFt?: number | null;
  stories?: '1' | '2' | '3' | null;
  buildingHeight: BuildingHeight;
}

export const PRELIMINARY_PITCH = 6;
/** Typical living area (sq ft) per building height, and the storeys it is spread over. */
export const TYPICAL_LIVING_AREA: Record<BuildingHeight, { livingAreaSqFt: number; stories: number }> = {
  '1-Story': { livingAreaSqFt: 1900, stories: 1 },
  '2-Story': { livingAreaSqFt: 2600, stories: 2 },
  'Mix of 1 and 2': { livingAreaSqFt: 2300, stories: 1.5 },
};

const storiesOf = (height: BuildingHeight): number =>
  height === '1-Story' ? 1 : height === '2-Story' ? 2 : 1.5;

/** Typical roof area (sq ft, rounded to 100) for a building height. */
export function typicalRoofArea(height: BuildingHeight): number {
  const t = TYPICAL_LIVING_AREA[height];
  return Math.round(roofAreaFromFloorArea(t.livingAreaSqFt, t.stories, PRELIMINARY_PITCH) / 100) * 100;
}

const FACET_ID = 'preliminary-';
type SizeFrom = PreliminaryBasis['sizeFrom'];
const positive = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * The measurement priced for an order without a file. Its one facet's id records where the size
 * came from ('preliminary-roof-area' | 'preliminary-living-area' | 'preliminary-typical'), so the
 * estimate can say it after the measurement was stored and read back.
 */
export function preliminaryMeasurement(size: PreliminarySize): RoofMeasurement {
  let area: number;
  let from: SizeFrom;
  if (positive(size.roofAreaSqFt)) {
    area = Math.round(size.roofAreaSqFt);
    from = 'roof-area';
  } else if (positive(size.livingAreaSqFt)) {
    const stories = size.stories ? Number(size.stories) : storiesOf(size.buildingHeight);
    area = Math.round(roofAreaFromFloorArea(size.livingAreaSqFt, stories, PRELIMINARY_PITCH));
    from = 'living-area';
  } else {
    area = typicalRoofArea(size.buildingHeight);
    from = 'typical';
  }
  const m = measurementFromArea(area, PRELIMINARY_PITCH, 'Preliminary');
  return {
    ...m,
    facets: m.facets.map((f) => ({ ...f, id: `${FACET_ID}${from}` })),
    warnings: [],
  };
}

const NEXT_STEPS =
  'Our team measures the roof; the measured report follows as a new version, and this one stays valid.';

/** What a preliminary measurement assumed, for the estimate; null for a measured roof. */
export function preliminaryBasis(
  m: RoofMeasurement,
  buildingHeight: BuildingHeight,
): PreliminaryBasis | null {
  if (m.source !== 'Preliminary') return null;
  const id = m.facets[0]?.id ?? '';
  const tag = id.startsWith(FACET_ID) ? id.slice(FACET_ID.length) : '';
  // a preliminary measurement without the tag (built elsewhere) is taken as a given roof area
  const from: SizeFrom = tag === 'living-area' || tag === 'typical' ? tag : 'roof-area';
  const area = Math.round(m.totalAreaSqFt).toLocaleString('en-US');
  const pitch = `${m.predominantPitch}/12`;
  const how =
    from === 'roof-area'
      ? 'the roof area given with the order'
      : from === 'living-area'
        ? 'the living area and storeys given with the order (living area per floor + 10% for overhangs, sloped at the assumed pitch)'
        : `a typical ${buildingHeight} house, since no size was given (${TYPICAL_LIVING_AREA[buildingHeight].livingAreaSqFt.toLocaleString('en-US')} sq ft of living area)`;
  return {
    assumedAreaSqFt: m.totalAreaSqFt,
    assumedPitch: m.predominantPitch,
    sizeFrom: from,
    assumption: `Not measured: the roof is priced at ${area} sq ft from ${how}, as a simple gable at ${pitch}; ridges, hips, valleys, flashing and penetrations are estimated, not measured.`,
    nextSteps: NEXT_STEPS,
  };
}
