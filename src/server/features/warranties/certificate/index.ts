import type PDFDocument from 'pdfkit';
import { lazyModule } from '../../../platform/lazy-module';
import type { CertificateData } from './certificate-data';
import { certificatePage } from './certificate-page';
import { C, CONTENT_W, type Doc, PAGE, write } from './style';
import { termsSection } from './terms-section';

export type { CertificateData } from './certificate-data';

/** PDFKit, loaded with the first certificate rather than at start-up. */
const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');

/** The footer of every page: brand, project id, support, page N of M. */
function footer(doc: Doc, data: CertificateData): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - 38;
    doc
      .moveTo(PAGE.left, y - 8)
      .lineTo(PAGE.width - PAGE.right, y - 8)
      .lineWidth(0.5)
      .strokeColor(C.rule)
      .stroke();
    write(
      doc,
      `${data.brandName}  |  Warranty certificate  |  Project ID ${data.reference}  |  ${data.supportEmail}`,
      PAGE.left,
      y,
      {
        width: CONTENT_W - 80,
        size: 8,
        color: C.muted,
      },
    );
    write(doc, `Page ${i - range.start + 1} of ${range.count}`, PAGE.left + CONTENT_W - 80, y, {
      width: 80,
      size: 8,
      color: C.muted,
      align: 'right',
    });
    doc.page.margins.bottom = bottom;
  }
}

/** Renders the warranty certificate (issue 25 #6): the certificate page, then its conditions. */
export async function renderCertificatePdf(data: CertificateData): Promise<Buffer> {
  const doc: Doc = new (pdfkit())({
    size: 'LETTER',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: `Warranty certificate ${data.reference}`,
      Author: data.brandName,
      Subject: `Roof warranty for ${data.property.line1}`,
      Creator: data.brandName,
      CreationDate: data.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // the conditions follow on the same page when their start fits (termsSection moves on when not)
  termsSection(doc, data, certificatePage(doc, data));
  footer(doc, data);
  doc.end();
  return done;
}
