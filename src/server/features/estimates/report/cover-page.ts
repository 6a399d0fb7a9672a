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
import { brandMark, type SectionPages, sectionTitle } from './layout';
import { type ContinuedBlock, orderDetails } from './order-details';
import { isPreliminary, type ReportData, versionOf } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say, widthOf } from './text-styles';

/** What the cover leaves to be done once the other pages exist. */
interface Cover {
  /** Writes 'In this report' with the page numbers (its space is reserved on the cover). */
  writeContents: (pages: SectionPages) => void;
  /** Order details that continue on page 2, or null when all fit on the cover. */
  continued: ContinuedBlock | null;
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
  const continued = orderDetails(doc, data, y);

  const writeContents = (pages: SectionPages): void => {
    const leftX = PAGE.left;
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
