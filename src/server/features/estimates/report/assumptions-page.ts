import { reportDisclaimers } from '../../../../domain/estimates/report/report-content';
import {
  BOTTOM,
  bullets,
  currentPageNumber,
  newPage,
  plainPage,
  type SectionPages,
  sectionTitle,
} from './layout';
import { isPreliminary, type ReportData } from './report-data';
import { type Doc, PAGE } from './style';
import { CONTENT_W, say } from './text-styles';

export function assumptionsPage(doc: Doc, data: ReportData, pages: SectionPages): void {
  const next = () => plainPage(doc, data);
  let y = newPage(doc, data, 'Assumptions and disclaimers');
  pages.set('assumptions', currentPageNumber(doc));
  const pre = data.estimate.preliminary;
  const assumptions = [
    ...(isPreliminary(data) && pre ? [pre.assumption, pre.nextSteps].filter((s) => s.trim() !== '') : []),
    ...data.estimate.assumptions,
  ];
  y = sectionTitle(doc, 'Assumptions of this estimate', PAGE.left, y);
  y = bullets(doc, assumptions, PAGE.left, y, CONTENT_W, next);
  y += 8;
  if (y > BOTTOM - 120) y = next();
  y = sectionTitle(doc, 'Important', PAGE.left, y);
  y = bullets(doc, reportDisclaimers(data.brandName), PAGE.left, y, CONTENT_W, next);
  y += 8;
  if (y > BOTTOM - 120) y = next();
  y = sectionTitle(doc, 'Data sources', PAGE.left, y);
  y = bullets(
    doc,
    data.dataSources.map((s) => `${s.name} (${s.year}): ${s.what}.`),
    PAGE.left,
    y,
    CONTENT_W,
    next,
    'small',
  );
  y += 14;
  if (y > BOTTOM - 40) y = next();
  say(
    doc,
    'small',
    `Pricing model ${data.estimate.modelVersion}. Questions about this report: ${data.supportEmail}, quoting Project ID ${data.reference}.`,
    PAGE.left,
    y,
    { width: CONTENT_W },
  );
}
