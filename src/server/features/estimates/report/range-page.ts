import { formatCents, formatCentsWhole, formatNumber } from '../../../../domain/estimates/report/format';
import {
  BOTTOM,
  bullets,
  currentPageNumber,
  heading,
  keyValues,
  newPage,
  plainPage,
  type SectionPages,
  sectionTitle,
} from './layout';
import { isPreliminary, type ReportData } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say } from './text-styles';

/** Starts below the line items when most of that page is free, else on a new page. Returns the y below. */
export function rangePage(doc: Doc, data: ReportData, afterItems: number, pages: SectionPages): number {
  const est = data.estimate;
  const r = est.range;
  const title = 'Fair Market Value range';
  const intro = isPreliminary(data)
    ? 'What this roof should cost at fair local market prices, on the assumed size: the expected value, and a range as wide as that uncertainty. The measured report narrows it.'
    : 'What this roof should cost at fair local market prices: the expected value, and the range in which most fair bids for this scope of work should fall.';
  const coverage = est.rangeCoverage?.trim() ?? '';
  const coverageH = coverage ? heightOf(doc, 'bodyStrong', coverage, CONTENT_W) + 8 : 0;
  // below the totals when the title, figures, coverage, bar and the first line fit; the reasons
  // and the zone block break to the next page on their own
  const needed = 270 + coverageH;
  let y =
    afterItems + 36 + needed <= BOTTOM
      ? heading(doc, title, intro, afterItems + 36)
      : newPage(doc, data, title, intro);
  pages.set('range', currentPageNumber(doc));

  const figs: [string, number, boolean][] = [
    ['Low', r.lowCents, false],
    ['Expected', r.expectedCents, true],
    ['High', r.highCents, false],
  ];
  const gap = 12;
  const w = (CONTENT_W - gap * 2) / 3;
  figs.forEach(([label, cents, strong], i) => {
    const x = PAGE.left + i * (w + gap);
    const box = { x, y, width: w, height: 64 };
    doc.roundedRect(x, y, w, 64, 5).fill(strong ? C.navy : C.light);
    say(doc, 'caps', label.toUpperCase(), x, y + 12, {
      width: w,
      align: 'center',
      color: strong ? '#c9d3e0' : C.muted,
      container: box,
    });
    say(doc, 'figure', formatCentsWhole(cents), x + 6, y + 28, {
      width: w - 12,
      align: 'center',
      color: strong ? '#ffffff' : C.navy,
      oneLine: true,
      minSize: 12,
      container: box,
    });
  });
  y += 76;
  if (coverage) y = say(doc, 'bodyStrong', coverage, PAGE.left, y, { width: CONTENT_W, align: 'center' }) + 8;

  // bar
  const barX = PAGE.left + 40;
  const barW = CONTENT_W - 80;
  const span = Math.max(1, r.highCents - r.lowCents);
  const pad = span * 0.25;
  const min = r.lowCents - pad;
  const max = r.highCents + pad;
  const px = (c: number) => barX + ((c - min) / (max - min)) * barW;
  doc.rect(barX, y + 10, barW, 6).fill('#e5e9ef');
  doc.rect(px(r.lowCents), y + 6, px(r.highCents) - px(r.lowCents), 14).fill('#9fb4cc');
  doc
    .moveTo(px(r.expectedCents), y)
    .lineTo(px(r.expectedCents), y + 26)
    .lineWidth(2.5)
    .strokeColor(C.orange)
    .stroke();
  const tick = (c: number, align: 'left' | 'center' | 'right') => {
    const x = align === 'left' ? px(c) - 20 : align === 'right' ? px(c) - 80 : px(c) - 50;
    say(doc, 'caption', formatCentsWhole(c), x, y + 30, {
      width: align === 'center' ? 100 : 100,
      align: align === 'left' ? 'left' : align === 'right' ? 'right' : 'center',
      oneLine: true,
    });
  };
  tick(r.lowCents, 'center');
  tick(r.expectedCents, 'center');
  tick(r.highCents, 'center');
  y += 56;

  const perSquare = data.measurement.squares > 0 ? r.expectedCents / data.measurement.squares : 0;
  const widthPct = r.expectedCents > 0 ? ((r.highCents - r.lowCents) / r.expectedCents) * 100 : 0;
  y =
    say(
      doc,
      'body',
      `Expected ${formatCents(perSquare)} per square over ${formatNumber(data.measurement.squares, 2, 2)} squares${isPreliminary(data) ? ' (assumed)' : ''}. The range spans ${formatNumber(widthPct, 0)}% of the expected value.`,
      PAGE.left,
      y,
      { width: CONTENT_W },
    ) + 18;

  y = sectionTitle(doc, 'Why the range is this wide', PAGE.left, y);
  y = bullets(doc, est.rangeReasons, PAGE.left, y, CONTENT_W, () => plainPage(doc, data));
  y += 10;

  const z = est.zone;
  const rows: [string, string][] = [
    ['Price zone', `${z.id}: ${z.name}`],
    ['Labor index', `${formatNumber(z.laborIndex, 3, 2)} (national = 1.00)`],
    ['Material index', `${formatNumber(z.materialIndex, 3, 2)} (national = 1.00)`],
  ];
  if (z.metro)
    rows.push([
      z.metro.nonmetropolitan ? 'Local price level' : 'Metro price level',
      `${z.metro.name}${z.metro.nonmetropolitan ? '' : ` (CBSA ${z.metro.cbsaCode})`}: BEA price level ${formatNumber(z.metro.rpp, 1, 1)}, ${formatNumber(z.metro.factorVsState, 3, 2)} x the state's`,
    ]);
  rows.push(['Local completed jobs', String(z.localJobs)]);
  const local =
    z.localJobs === 0
      ? `No completed ${data.brandName} jobs in price zone ${z.id} carry a final cost yet, so this price rests on the regional public data alone.`
      : `${z.localJobs} completed local ${z.localJobs === 1 ? 'job' : 'jobs'} in price zone ${z.id} informed this price: the zone's factor moves toward what was really paid, more as local data grows.`;
  const blockH =
    30 +
    rows.length * 18 +
    heightOf(doc, 'value', rows[0]?.[1] ?? '', CONTENT_W - 110) +
    heightOf(doc, 'body', local, CONTENT_W) +
    20;
  if (y + blockH > BOTTOM) y = plainPage(doc, data);
  y = sectionTitle(doc, 'Local market data', PAGE.left, y);
  y = keyValues(doc, rows, PAGE.left, y, CONTENT_W, 110);
  return say(doc, 'body', local, PAGE.left, y + 2, { width: CONTENT_W });
}
