/**
 * The engine entry of the /estimate page: the pricing model and the zones, without the file
 * parsers (no XML/CSV libraries), so the browser chunk stays small. Lazy-loaded by the page.
 */
import type { BallparkFormValues } from './ballpark-form';
import type { Estimate } from './estimate-types';
import { measurementFromArea, roofAreaFromFloorArea } from './model/ballpark';
import { computeEstimate } from './model/estimate';
import type { RoofSurfaceMaterial } from './types';

export interface BallparkResult {
  estimate: Estimate;
  roofAreaSqFt: number;
  pitch: number;
  /** How the roof area was obtained, for the page to show. */
  areaNote: string;
}

/** Prices a ballpark from valid form values (see ballparkFormSchema). Throws RangeError otherwise. */
export function computeBallpark(values: BallparkFormValues): BallparkResult {
  const pitch = Number(values.steepness);
  const stories = Number(values.stories);
  let roofAreaSqFt: number;
  let areaNote: string;
  if (values.areaMode === 'roof') {
    roofAreaSqFt = Number(values.roofAreaSqFt.replace(/,/g, ''));
    areaNote = `${Math.round(roofAreaSqFt).toLocaleString('en-US')} sq ft of roof, as entered.`;
  } else {
    const floor = Number(values.floorAreaSqFt.replace(/,/g, ''));
    roofAreaSqFt = Math.round(roofAreaFromFloorArea(floor, stories, pitch));
    areaNote = `About ${roofAreaSqFt.toLocaleString('en-US')} sq ft of roof: ${floor.toLocaleString('en-US')} sq ft of floor over ${stories} ${stories === 1 ? 'story' : 'stories'}, plus 10% for overhangs, at ${pitch}/12.`;
  }
  const estimate = computeEstimate({
    measurement: measurementFromArea(roofAreaSqFt, pitch, 'Ballpark'),
    zipCode: values.zipCode.trim(),
    roofSurfaceMaterial: values.roofSurfaceMaterial as RoofSurfaceMaterial,
    roofLayers: '1 Layer',
    buildingHeight: stories === 1 ? '1-Story' : '2-Story',
    plywoodNeeded: 'No',
  });
  return { estimate, roofAreaSqFt, pitch, areaNote };
}
