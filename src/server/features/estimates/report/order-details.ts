import { formatLongDate } from '../../../../domain/estimates/report/format';
import { PRELIMINARY_MARK } from '../../../../domain/estimates/report/report-content';
import { BOTTOM, keyValues, keyValuesHeight, sectionTitle, sectionTitleHeight } from './layout';
import { isPreliminary, type ReportData, versionOf } from './report-data';
import { type Doc, PAGE } from './style';
import { CONTENT_W, say } from './text-styles';

/**
 * The order details that do not fit on the cover: `draw` writes them from y at the top of page 2
 * under 'Order details (continued)' and returns the y below, and the measurements follow there
 * when they fit (issue 24 #8: no page of its own for a few rows).
 */
export interface ContinuedBlock {
  draw: (y: number) => number;
}

function continuedTitle(doc: Doc, y: number): number {
  return say(doc, 'h2', 'Order details (continued)', PAGE.left, y, { width: CONTENT_W }) + 10;
}

/**
 * The cover's order details from `from` down: the order, the property owner and the roof in two
 * columns, then the insurance claim. What fits on the cover is drawn now; the rest is answered as
 * the block that heads page 2, null when everything fit.
 */
export function orderDetails(doc: Doc, data: ReportData, from: number): ContinuedBlock | null {
  let y = from;
  const preliminary = isPreliminary(data);
  const colW = (CONTENT_W - 24) / 2;
  const leftX = PAGE.left;
  const rightColX = PAGE.left + colW + 24;
  const order: [string, string | null][] = [
    ['Project ID', data.reference],
    ['Report version', String(versionOf(data))],
    ['Order date', formatLongDate(data.orderedAt)],
    ['Report date', formatLongDate(data.generatedAt)],
    ['Requested by', data.requester.name],
    ['Requester e-mail', data.requester.email],
    [
      'Measurements',
      preliminary
        ? PRELIMINARY_MARK
        : data.measurementFileName
          ? `${data.measurementSource} (${data.measurementFileName})`
          : data.measurementSource,
    ],
  ];
  const owner: [string, string | null][] = [
    ['Name', data.homeowner.name],
    ['E-mail', data.homeowner.email],
    ['Phone', data.homeowner.phone],
  ];
  const roof: [string, string | null][] = [
    ['Surface material', data.roof.roofSurfaceMaterial],
    ['Existing layers', data.roof.roofLayers],
    ['Building height', data.roof.buildingHeight],
    ['Plywood needed', data.roof.plywoodNeeded],
    // the order's ridge vent answer, only when given (issue 24 #7: an optional question)
    ...(data.roof.ridgeVent ? [['Ridge vent', data.roof.ridgeVent] as [string, string]] : []),
  ];
  // a section title takes its line, 3 pt to the rule and 7 pt below it (sectionTitle)
  const titleH = sectionTitleHeight(doc, 'Order', colW);
  const peopleH = (gap: number) =>
    Math.max(
      titleH + keyValuesHeight(doc, order, colW, 92, gap),
      titleH * 2 + 8 + keyValuesHeight(doc, owner, colW, 92, gap) + keyValuesHeight(doc, roof, colW, 92, gap),
    );
  // a cover full to its last lines (a preliminary one, with the ridge vent answer) keeps the block
  // with rows 2 pt closer rather than move it to a nearly empty page of its own (issue 24 #8)
  const rowGap = y + peopleH(4) <= BOTTOM || y + peopleH(2) > BOTTOM ? 4 : 2;
  const people = (top: number): number => {
    let ly = sectionTitle(doc, 'Order', leftX, top, colW);
    ly = keyValues(doc, order, leftX, ly, colW, 92, rowGap);
    let ry = sectionTitle(doc, 'Property owner', rightColX, top, colW);
    ry = keyValues(doc, owner, rightColX, ry, colW, 92, rowGap);
    ry = sectionTitle(doc, 'Roof specification', rightColX, ry + 8, colW);
    ry = keyValues(doc, roof, rightColX, ry, colW, 92, rowGap);
    return Math.max(ly, ry) + 10;
  };
  // the blocks that do not fit on the cover continue at the top of page 2 (drawn there later)
  const later: ((top: number) => number)[] = [];
  const peopleFits = y + peopleH(rowGap) <= BOTTOM;
  if (peopleFits) y = people(y);
  else later.push(people);

  if (data.insurance) {
    const ins = data.insurance;
    const claim: [string, string | null][] = [
      ['Carrier', ins.carrierName],
      ['Claim number', ins.claimNumber],
    ];
    const adjuster: [string, string | null][] = [
      ['Adjuster', ins.adjusterName],
      ['Adjuster e-mail', ins.adjusterEmail],
      ['Adjuster phone', ins.adjusterPhone],
    ];
    const insH =
      sectionTitleHeight(doc, 'Insurance claim') +
      Math.max(keyValuesHeight(doc, claim, colW), keyValuesHeight(doc, adjuster, colW)) +
      10;
    const insurance = (top: number): number => {
      const rows = sectionTitle(doc, 'Insurance claim', leftX, top);
      const a = keyValues(doc, claim, leftX, rows, colW);
      const b = keyValues(doc, adjuster, rightColX, rows, colW);
      return Math.max(a, b) + 10;
    };
    if (peopleFits && y + insH - 10 <= BOTTOM) y = insurance(y);
    else later.push(insurance);
  }

  return later.length === 0
    ? null
    : { draw: (top) => later.reduce((at, block) => block(at), continuedTitle(doc, top)) };
}
