import type { RoofMeasurement } from '../../../../domain/estimates/types';
import { drawSchematic } from './drawing-schematic';
import { drawToScale } from './drawing-to-scale';
import type { Doc } from './style';
import type { Box } from './text-styles';

export type { Box } from './text-styles';

/** True when the file carries facet outlines (EagleView, GAF with polygons): drawn to scale. */
export function hasOutlines(m: RoofMeasurement): boolean {
  return m.facets.some((f) => (f.polygon?.length ?? 0) >= 3);
}

/**
 * The roof drawing of the measurement page: a plan view to scale from the facet outlines when
 * the file has geometry; otherwise a schematic LABELLED as such, which never invents geometry:
 * no lengths on single edges, only the kinds of lines the measurement has, a legend of exactly
 * what is drawn.
 */
export function drawRoof(doc: Doc, m: RoofMeasurement, box: Box, fromFile = true): void {
  doc.save();
  if (hasOutlines(m)) drawToScale(doc, m, box);
  else drawSchematic(doc, m, box, fromFile);
  doc.restore();
}
