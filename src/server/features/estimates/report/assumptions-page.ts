import { reportDisclaimers } from '../../../../domain/estimates/report/report-content';
import {
  BOTTOM,
  bullets,
  currentPageNumber,
  heading,
  newPage,
  plainPage,
  type SectionPages,
  sectionTitle,
} from './layout';
import { isPreliminary, type ReportData } from './report-data';
import { type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say } from './text-styles';

const TITLE = 'Assumptions and disclaimers';
/** Room the section's start needs below a previous one: its title and a few assumptions. */
const START_ROOM = 160;

/**
 * The estimate's assumptions, each said once: the preliminary basis is on the cover and the
 * overhead-and-profit and sales-tax notes stand beside the totals, so here they are referred to,
 * not repeated.
 */
export function assumptionList(data: ReportData): string[] {
  const est = data.estimate;
  const pre = est.preliminary;
  const elsewhere = new Set(
    [
      isPreliminary(data) ? pre?.assumption : undefined,
      isPreliminary(data) ? pre?.nextSteps : undefined,
      est.overheadAndProfitNote,
      est.salesTax.text,
    ]
      .map((s) => s?.trim() ?? '')
      .filter((s) => s !== ''),
  );
  const list = [
    ...(isPreliminary(data) && pre
      ? [
          `Preliminary: the roof was not measured. The size and shape assumed (${Math.round(pre.assumedAreaSqFt).toLocaleString('en-US')} sq ft, ${pre.assumedPitch}/12) and what happens next are stated on page 1.`,
        ]
      : []),
    ...est.assumptions.map((a) => a.trim()).filter((a) => a !== '' && !elsewhere.has(a)),
  ];
  return [...new Set(list)];
}

/** Below `after` (the y under the range page's last block) when there is room, else on a new page. */
export function assumptionsPage(
  doc: Doc,
  data: ReportData,
  pages: SectionPages,
  after: number | null = null,
): void {
  const next = () => plainPage(doc, data);
  let y =
    after !== null && after + 24 + START_ROOM <= BOTTOM
      ? heading(doc, TITLE, undefined, after + 24)
      : newPage(doc, data, TITLE);
  pages.set('assumptions', currentPageNumber(doc));
  y = sectionTitle(doc, 'Assumptions of this estimate', PAGE.left, y);
  y = bullets(doc, assumptionList(data), PAGE.left, y, CONTENT_W, next);
  y += 8;
  if (y > BOTTOM - 120) y = next();
  y = sectionTitle(doc, 'Important', PAGE.left, y);
  y = bullets(doc, reportDisclaimers(data.brandName), PAGE.left, y, CONTENT_W, next);
  y += 8;

  // the data sources and the closing line stay together: the last page never holds one line alone
  const sources = data.dataSources.map((s) => `${s.name} (${s.year}): ${s.what}.`);
  const closing = `Pricing model ${data.estimate.modelVersion}. Questions about this report: ${data.supportEmail}, quoting Project ID ${data.reference}.`;
  const blockH =
    30 +
    sources.reduce((h, s) => h + heightOf(doc, 'small', s, CONTENT_W - 14) + 5, 0) +
    14 +
    heightOf(doc, 'small', closing, CONTENT_W);
  if (y + blockH > BOTTOM) y = next();
  y = sectionTitle(doc, 'Data sources', PAGE.left, y);
  y = bullets(doc, sources, PAGE.left, y, CONTENT_W, next, 'small');
  say(doc, 'small', closing, PAGE.left, y + 14, { width: CONTENT_W });
}
