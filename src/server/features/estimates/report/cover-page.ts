import {
  formatCentsWhole,
  formatLongDate,
  formatNumber,
  formatPitchRise,
  formatSqFt,
} from '../../../../domain/estimates/report/format';
import {
  PRELIMINARY_MARK,
  REPORT_SECTIONS,
  type ReportSection,
  versionNote,
} from '../../../../domain/estimates/report/report-content';
import { BOTTOM, brandMark, keyValues, keyValuesHeight, type SectionPages, sectionTitle } from './layout';
import { isPreliminary, type ReportData, versionOf } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say, widthOf } from './text-styles';

/**
 * The order details that do not fit on the cover: `draw` writes them from y at the top of page 2
 * under 'Order details (continued)' and returns the y below, and the measurements follow there
 * when they fit (issue 24 #8: no page of its own for a few rows).
 */
export interface ContinuedBlock {
  draw: (y: number) => number;
}

/** What the cover leaves to be done once the other pages exist. */
interface Cover {
  /** Writes 'In this report' with the page numbers (its space is reserved on the cover). */
  writeContents: (pages: SectionPages) => void;
  /** Order details that continue on page 2, or null when all fit on the cover. */
  continued: ContinuedBlock | null;
}

function continuedTitle(doc: Doc, y: number): number {
  return say(doc, 'h2', 'Order details (continued)', PAGE.left, y, { width: CONTENT_W }) + 10;
}

export function localJobsText(n: number): string {
  if (n === 0) return 'none yet (regional data only)';
  return `${n} completed ${n === 1 ? 'job' : 'jobs'}`;
}

/**
 * Page 1. Returns the function that writes 'In this report' with the page numbers once all pages
 * exist (the space is reserved now), and the order details that continue on page 2, if any.
 */
export function coverPage(doc: Doc, data: ReportData, sections: readonly ReportSection[]): Cover {
  const { estimate: est, measurement: m } = data;
  const preliminary = isPreliminary(data);
  doc.addPage();
  const band = { x: 0, y: 0, width: PAGE.width, height: 118 };
  doc.rect(0, 0, PAGE.width, 118).fill(C.navy);
  doc.rect(0, 118, PAGE.width, 4).fill(preliminary ? C.alert : C.orange);
  brandMark(doc, PAGE.left, 34, 40);
  const leftW = CONTENT_W * 0.55 - 52;
  say(doc, 'brand', data.brandName, PAGE.left + 52, 36, {
    width: leftW,
    oneLine: true,
    minSize: 12,
    container: band,
  });
  say(doc, 'intro', 'Fair Market Value Roof Estimate', PAGE.left + 52, 63, {
    width: leftW,
    oneLine: true,
    color: '#c9d3e0',
    size: 10.5,
    container: band,
  });
  const rightX = PAGE.left + CONTENT_W * 0.55;
  const rightW = CONTENT_W * 0.45;
  say(doc, 'caps', 'PROJECT ID', rightX, 38, {
    width: rightW,
    align: 'right',
    color: '#c9d3e0',
    container: band,
  });
  say(doc, 'figure', data.reference, rightX, 51, {
    width: rightW,
    align: 'right',
    color: '#ffffff',
    size: 16,
    oneLine: true,
    minSize: 10,
    container: band,
  });
  say(
    doc,
    'header',
    `Version ${versionOf(data)}  |  Issued ${formatLongDate(data.generatedAt)}`,
    rightX,
    73,
    {
      width: rightW,
      align: 'right',
      color: '#c9d3e0',
      oneLine: true,
      container: band,
    },
  );
  if (preliminary) {
    say(doc, 'mark', PRELIMINARY_MARK.toUpperCase(), rightX, 92, {
      width: rightW,
      align: 'right',
      color: '#ffb4a8',
      oneLine: true,
      container: band,
    });
  }

  let y = 140;
  // preliminary: what was assumed and what happens next, before anything else
  if (preliminary) {
    const pre = est.preliminary;
    // under the 'Preliminary — not measured' title the assumption does not say 'Not measured:' again
    const assumption = (pre?.assumption || 'The price rests on a typical size for the building.').replace(
      /^not measured:\s*/i,
      '',
    );
    const lines = [
      `Assumed: ${assumption}`,
      `What happens next: ${pre?.nextSteps || 'Our team measures the roof and mails the measured report as a new version.'}`,
    ];
    const textW = CONTENT_W - 30;
    // 9 pt above the title, 4 below it, 3 after each paragraph, 6 at the foot
    const paragraphsH = lines.reduce((s, l) => s + heightOf(doc, 'body', l, textW) + 3, 0);
    const h = 9 + heightOf(doc, 'markLarge', PRELIMINARY_MARK, textW) + 4 + paragraphsH + 6;
    doc.roundedRect(PAGE.left, y, CONTENT_W, h, 5).fill(C.alertBg);
    doc.rect(PAGE.left, y, 5, h).fill(C.alert);
    let py =
      say(doc, 'markLarge', PRELIMINARY_MARK, PAGE.left + 18, y + 9, { width: textW, oneLine: true }) + 4;
    for (const [i, l] of lines.entries()) {
      py =
        say(doc, i === 0 ? 'body' : 'bodyStrong', l, PAGE.left + 18, py, {
          width: textW,
        }) + 3;
    }
    y += h + 10;
  }
  const note = versionNote(versionOf(data), preliminary);
  if (note) y = say(doc, 'small', note, PAGE.left, y, { width: CONTENT_W }) + 10;

  // property (long street and city names wrap; they never run under the figure box)
  y = say(doc, 'caps', 'PROPERTY', PAGE.left, y, { width: CONTENT_W }) + 2;
  y = say(doc, 'address', data.property.line1, PAGE.left, y, { width: CONTENT_W }) + 1;
  const line2 = [data.property.line2, data.property.cityStateZip].filter(Boolean).join(', ');
  y = say(doc, 'addressSub', line2, PAGE.left, y, { width: CONTENT_W }) + 16;

  // headline figure, range and what it covers; facts on the right
  const half = CONTENT_W / 2;
  const lx = PAGE.left + 22;
  const lw = half - 22;
  const rx = PAGE.left + half + 20;
  const rw = half - 36;
  const facts: [string, string][] = [
    [
      preliminary ? 'Roof area (assumed)' : 'Roof area',
      `${formatSqFt(m.totalAreaSqFt)} (${formatNumber(m.squares, 2, 2)} squares)`,
    ],
    [preliminary ? 'Pitch (assumed)' : 'Predominant pitch', formatPitchRise(m.predominantPitch)],
    ['Price zone', est.zone.name],
  ];
  if (est.zone.metro)
    facts.push([
      est.zone.metro.nonmetropolitan ? 'Local price level' : 'Metro price level',
      est.zone.metro.name,
    ]);
  facts.push(['Local completed jobs', localJobsText(est.zone.localJobs)]);
  // what the range covers is said once, on the range page ('In this report' points to it)
  const leftH = 70 + 16;
  // long zone and metro names wrap (up to three lines) instead of being cut
  const factH = facts.map(
    ([, v]) => Math.max(12, Math.min(3 * 11.5, heightOf(doc, 'value', v, rw - 100, 9))) + 5,
  );
  const rightH = 16 + factH.reduce((s, h) => s + h, 0);
  const boxH = Math.max(104, leftH + 12, rightH + 8);
  const box = { x: PAGE.left, y, width: CONTENT_W, height: boxH };
  doc.roundedRect(PAGE.left, y, CONTENT_W, boxH, 6).fill(C.light);
  doc.rect(PAGE.left, y, 5, boxH).fill(preliminary ? C.alert : C.orange);
  say(doc, 'caps', preliminary ? 'PRELIMINARY FAIR MARKET VALUE' : 'EXPECTED FAIR MARKET VALUE', lx, y + 16, {
    width: lw - 10,
    oneLine: true,
    minSize: 7,
    size: 9,
    container: box,
  });
  say(doc, 'headline', formatCentsWhole(est.range.expectedCents), lx, y + 30, {
    width: lw - 10,
    oneLine: true,
    minSize: 18,
    container: box,
  });
  say(
    doc,
    'body',
    `Range ${formatCentsWhole(est.range.lowCents)} to ${formatCentsWhole(est.range.highCents)}`,
    lx,
    y + 70,
    { width: lw - 10, size: 10, oneLine: true, minSize: 8, container: box },
  );
  let fy = y + 16;
  facts.forEach(([label, value], i) => {
    say(doc, 'label', label, rx, fy, { width: 96, oneLine: true, minSize: 7, size: 8.5, container: box });
    say(doc, 'value', value, rx + 100, fy, { width: rw - 100, size: 9, maxLines: 3, container: box });
    fy += factH[i] ?? 19;
  });
  y += boxH + 10;

  // 'In this report' with page numbers: its space is kept here, the numbers are known at the end
  const tocY = y;
  y += 26 + sections.length * 14 + 2;

  // order, people, roof, insurance: a block that does not fit below continues on page 2
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
  const titleH = heightOf(doc, 'h2', 'Order', colW) + 10;
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
      heightOf(doc, 'h2', 'Insurance claim', CONTENT_W) +
      10 +
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

  const continued: ContinuedBlock | null =
    later.length === 0
      ? null
      : { draw: (top) => later.reduce((at, block) => block(at), continuedTitle(doc, top)) };

  const writeContents = (pages: SectionPages): void => {
    const entries = sections.filter((k) => pages.has(k));
    doc.switchToPage(0);
    let ty = sectionTitle(doc, 'In this report', PAGE.left, tocY);
    for (const key of entries) {
      const page = String(pages.get(key));
      const pageW = 50;
      say(doc, 'body', REPORT_SECTIONS[key], leftX, ty, { width: CONTENT_W - pageW - 8, oneLine: true });
      say(doc, 'bodyStrong', `page ${page}`, leftX + CONTENT_W - pageW, ty, {
        width: pageW,
        align: 'right',
        oneLine: true,
      });
      doc
        .moveTo(
          leftX + Math.min(CONTENT_W - pageW - 4, widthOf(doc, 'body', REPORT_SECTIONS[key]) + 6),
          ty + 8,
        )
        .lineTo(leftX + CONTENT_W - pageW - 2, ty + 8)
        .dash(1, { space: 2 })
        .lineWidth(0.5)
        .strokeColor(C.rule)
        .stroke()
        .undash();
      ty += 14;
    }
  };
  return { writeContents, continued };
}
