import type PDFDocument from 'pdfkit';
import type { ReportSection } from '../../../../domain/estimates/report/report-content';
import { lazyModule } from '../../../platform/lazy-module';
import { assumptionsPage } from './assumptions-page';
import { checksSection, hasChecks } from './checks-section';
import { coverPage } from './cover-page';
import type { SectionPages } from './layout';
import { lineItemPages } from './line-items-page';
import { measurementPage } from './measurement-page';
import { pageFurniture } from './page-furniture';
import { rangePage } from './range-page';
import type { ReportData } from './report-data';
import { type Doc, PAGE } from './style';
import { recordTextDraws, type TextDraw } from './text-styles';

/** PDFKit, loaded with the first report rather than at start-up. */
const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');

export type { ReportData } from './report-data';
export type { TextDraw } from './text-styles';

/** Renders the multi-page Fair Market Value report. */
export async function renderReportPdf(data: ReportData): Promise<Buffer> {
  return (await render(data, false)).pdf;
}

/** The report and every text draw with its box (for the layout test). */
export function renderReportPdfWithLayout(data: ReportData): Promise<{ pdf: Buffer; draws: TextDraw[] }> {
  return render(data, true);
}

async function render(data: ReportData, record: boolean): Promise<{ pdf: Buffer; draws: TextDraw[] }> {
  const doc: Doc = new (pdfkit())({
    size: 'LETTER',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `Fair Market Value Report ${data.reference}`,
      Author: data.brandName,
      Subject: `Roof estimate for ${data.property.line1}, ${data.property.cityStateZip}`,
      Creator: data.brandName,
      CreationDate: data.generatedAt,
    },
  });
  const draws = record ? recordTextDraws(doc) : [];
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const checks = hasChecks(data);
  const sections: ReportSection[] = [
    'measurements',
    ...(checks ? (['checks'] as const) : []),
    'lineItems',
    'range',
    'assumptions',
  ];
  const pages: SectionPages = new Map();
  const { writeContents, continued } = coverPage(doc, data, sections);
  // order details that did not fit on the cover head page 2, the measurements below them
  const afterMeasurements = measurementPage(doc, data, pages, continued);
  // each section starts below the one before when its start fits there: no nearly empty page
  // (a full measurement page leaves no room for the line items; its tail carried to the next
  // page, as below order details continued from the cover, does)
  const afterChecks = checks ? checksSection(doc, data, afterMeasurements, pages) : afterMeasurements;
  const afterItems = lineItemPages(doc, data, pages, afterChecks);
  const afterRange = rangePage(doc, data, afterItems, pages);
  assumptionsPage(doc, data, pages, afterRange);
  writeContents(pages);
  pageFurniture(doc, data);
  doc.end();
  return { pdf: await done, draws };
}
