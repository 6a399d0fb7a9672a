/**
 * Conflicts between the measurement file and the order, reconciled and said (issue 9, item 5).
 *
 * - Stories: EagleView states whether the structure has one storey ("1") or more (">1"). When it
 *   disagrees with the order's building height, the ORDER is priced: the high-roof charge is about
 *   the eave height a crew works from, which the person ordering has seen, while the file's figure
 *   is read from aerial imagery and counts a walk-out basement or a tall garage as a storey. The
 *   report states both figures so an adjuster can ask for the other one.
 * - Waste: the file's suggestion (EagleView's suggested waste; HOVER's waste table marks no row as
 *   suggested, so it is not a suggestion) is shown next to the waste applied, which is the model's complexity waste (waste.ts):
 *   it uses only figures every format carries, so the four files of one roof give one price, and it
 *   adds the product's breakage allowance the vendor's figure does not know.
 */
import type { Reconciliation } from '../estimate-types';
import { type BuildingHeight, MEASUREMENT_SOURCES, type RoofMeasurement } from '../types';

const isFile = (m: RoofMeasurement) => (MEASUREMENT_SOURCES as readonly string[]).includes(m.source);

const fileStories = (s: string): string =>
  s === '1' ? 'one storey' : s === '>1' ? 'more than one storey' : `${s} storeys`;

function storiesAgree(file: string, order: BuildingHeight): boolean {
  if (file === '1') return order === '1-Story';
  if (file === '>1' || Number(file) >= 2) return order !== '1-Story';
  return true;
}

export function reconcile(
  m: RoofMeasurement,
  buildingHeight: BuildingHeight,
  wastePercent: number,
  productWaste: number,
): Reconciliation[] {
  const out: Reconciliation[] = [];
  if (m.stories !== undefined && m.source !== 'Preliminary' && !storiesAgree(m.stories, buildingHeight)) {
    out.push({
      topic: 'stories',
      fileSays: `${isFile(m) ? 'Measurement file' : `Measurement (${m.source.toLowerCase()})`}: ${fileStories(m.stories)}`,
      orderSays: `Order: ${buildingHeight}`,
      used: buildingHeight,
      reason:
        "The order's building height is priced: the high-roof charge depends on the eave height the crew works from, which the person ordering has seen; the file's storey count is read from aerial imagery. Ask for a revised report if the order is wrong.",
    });
  }
  const suggested = m.suggestedWastePercent;
  if (suggested !== undefined && Math.round(suggested) !== wastePercent) {
    out.push({
      topic: 'waste',
      fileSays: `Measurement file suggests ${suggested}% waste`,
      orderSays: `Model, from the roof's complexity: ${wastePercent}%`,
      used: `${wastePercent}%`,
      reason: `The applied waste comes from the roof's complexity (ridge, hip and valley length per square, number of pitches, valleys)${productWaste > 0 ? ` plus ${productWaste} points of breakage for this product` : ''}, the same rule for every measurement format, so one roof gets one price whatever the file's vendor suggests.`,
    });
  }
  return out;
}
