/**
 * The quote request's enumerations (spec 1, section 3), word for word. The form's choices, the
 * server's validation and the report pipeline all read these lists.
 */

export const roofSurfaceMaterials = [
  '25 YEAR 3-TAB SHINGLE',
  '30 YEAR LAMINATE SHINGLE',
  '40 YEAR LAMINATE SHINGLE',
  '50 YEAR LAMINATE SHINGLE',
  'PRESIDENTIAL SHAKE SHINGLE',
  'WOOD SHAKE',
  'TILE - CLAY',
  'TILE - CONCRETE',
  'METAL',
  'SLATE',
] as const;
export type RoofSurfaceMaterial = (typeof roofSurfaceMaterials)[number];

export const buildingHeights = ['1-Story', '2-Story', 'Mix of 1 and 2'] as const;
export type BuildingHeight = (typeof buildingHeights)[number];

export const roofLayerOptions = ['1 Layer', '1 Layer over shake', '2 Layers over shake'] as const;
export type RoofLayers = (typeof roofLayerOptions)[number];

/** The default source: no measurement file. */
export const NO_SKETCH_FILE = "I don't have a sketch file available";

export const measurementFileSources = [
  'HOVER .json',
  'Eagleview .xml',
  'Roofr .csv',
  'GAF QuickSquare .xml',
  NO_SKETCH_FILE,
] as const;
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

/** The 50 US states plus District of Columbia, as full names, in alphabetical order. */
export const usStates = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;
export type UsState = (typeof usStates)[number];
