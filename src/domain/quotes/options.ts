/**
 * The quote request's enumerations (spec 1, section 3), word for word. The form's choices, the
 * server's validation and the report pipeline all read these lists.
 */

import {
  BUILDING_HEIGHTS,
  type BuildingHeight,
  MEASUREMENT_SOURCES,
  ROOF_LAYERS,
  ROOF_SURFACE_MATERIALS,
  type RoofLayers,
  type RoofSurfaceMaterial,
} from '../estimates/types';
import { US_STATE_NAMES, type UsStateName } from '../us-states';

export const roofSurfaceMaterials = ROOF_SURFACE_MATERIALS;
export type { BuildingHeight, RoofLayers, RoofSurfaceMaterial };

export const buildingHeights = BUILDING_HEIGHTS;

export const roofLayerOptions = ROOF_LAYERS;

/** The default source: no measurement file. */
export const NO_SKETCH_FILE = "I don't have a sketch file available";

export const measurementFileSources = [...MEASUREMENT_SOURCES, NO_SKETCH_FILE] as const;
export type MeasurementFileSource = (typeof measurementFileSources)[number];

/** The file extension each measurement source delivers. */
export const sourceExtension: Record<
  Exclude<MeasurementFileSource, typeof NO_SKETCH_FILE>,
  SketchExtension
> = {
  'HOVER .json': '.json',
  'Eagleview .xml': '.xml',
  'Roofr .csv': '.csv',
  'GAF QuickSquare .xml': '.xml',
};

export type SketchExtension = '.json' | '.xml' | '.csv';

/** True when the chosen source expects a sketch file (every source but the no-file option). */
export function sourceNeedsFile(source: string | undefined | null): boolean {
  return (
    !!source && source !== NO_SKETCH_FILE && (measurementFileSources as readonly string[]).includes(source)
  );
}

export const yesNoOptions = ['Yes', 'No'] as const;
export type YesNo = (typeof yesNoOptions)[number];

/**
 * Does the roof have, or will it get, a ridge vent (issue 24 #7)? Optional: only 'Yes' prices a
 * ridge vent (in place of the box-vent allowance); 'No', 'Not sure' and no answer keep the vents.
 */
export const ridgeVentOptions = ['Yes', 'No', 'Not sure'] as const;
export type RidgeVentAnswer = (typeof ridgeVentOptions)[number];

/**
 * The engine's `ridgeVent` from the order's answer: true for 'Yes' (priced), false for 'No' (the
 * order says there is none), undefined for 'Not sure' and no answer (nothing says either way).
 */
export function ridgeVentOf(answer: string | null | undefined): boolean | undefined {
  if (answer === 'Yes') return true;
  if (answer === 'No') return false;
  return undefined;
}

/** The 50 US states plus District of Columbia, as full names, in alphabetical order. */
export const usStates = US_STATE_NAMES;
export type UsState = UsStateName;
