import type PDFDocument from 'pdfkit';
import { type JobPaymentPart, jobPaymentPartLabels } from '../../../domain/payments/job-payments';
import { formatCents } from '../../../domain/payments/money';
import { lazyModule } from '../../platform/lazy-module';

/** PDFKit, loaded with the first receipt rather than at start-up. */
const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');

/** What a job payment's receipt says (issue 25 #3): an invoice marked paid. */
export interface ReceiptData {
  brandName: string;
  /** The receipt's number: the job id and the part ("SWRX-1234-FIRST"). */
  number: string;
  projectTitle: string;
  address: string;
  payer: { name: string; email: string | null };
  contractor: string | null;
  part: JobPaymentPart;
  budgetCents: number | null;
  askedCents: number;
  receivedCents: number;
  receivedAt: Date;
  method: 'card' | 'outside';
  /** "Visa ending 4242", or the outside payment's reference. */
  methodDetail: string;
}

const dateText = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Renders the one-page receipt (Letter, Helvetica). */
export async function renderReceiptPdf(data: ReceiptData): Promise<Buffer> {
  const doc = new (pdfkit())({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: `Receipt ${data.number}`,
      Author: data.brandName,
      Creator: data.brandName,
      CreationDate: data.receivedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 56;
  const width = doc.page.width - 112;

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#111827').text(data.brandName, left, 56);
  doc.font('Helvetica').fontSize(10).fillColor('#4b5563').text('Invoice and receipt', left, 82);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#047857')
    .text('PAID', left, 56, { width, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#111827')
    .text(`Receipt ${data.number}`, left, 74, { width, align: 'right' })
    .text(`Received ${dateText(data.receivedAt)}`, left, 88, { width, align: 'right' });

  let y = 130;
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#374151').text(label, left, y, { width: 150 });
    doc
      .font('Helvetica')
      .fillColor('#111827')
      .text(value, left + 160, y, { width: width - 160 });
    y = Math.max(doc.y, y + 14) + 6;
  };
  row('Billed to', data.payer.email ? `${data.payer.name} (${data.payer.email})` : data.payer.name);
  row('Project', data.projectTitle);
  row('Property', data.address);
  if (data.contractor) row('Contractor', data.contractor);
  if (data.budgetCents !== null) row('Approved budget', formatCents(data.budgetCents));

  y += 10;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#d1d5db')
    .stroke();
  y += 12;
  row(jobPaymentPartLabels[data.part], formatCents(data.askedCents));
  row(
    'Payment method',
    data.method === 'card' ? `Card: ${data.methodDetail}` : `Outside payment: ${data.methodDetail}`,
  );
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#d1d5db')
    .stroke();
  y += 12;
  doc.font('Helvetica-Bold').fontSize(13).fillColor('#111827').text('Amount received', left, y);
  doc.text(formatCents(data.receivedCents), left, y, { width, align: 'right' });
  y += 40;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#6b7280')
    .text(
      'Terms: no payment until work begins; final payment on satisfactory completion. ' +
        'Amounts in US dollars. Keep this receipt with your project records.',
      left,
      y,
      { width },
    );
  doc.end();
  return done;
}
