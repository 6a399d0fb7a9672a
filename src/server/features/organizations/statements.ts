import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type PDFDocument from 'pdfkit';
import type { Db } from '../../platform/db/index';
import { quotes } from '../../platform/db/schema';
import { lazyModule } from '../../platform/lazy-module';
import { BRAND_COLORS, brandMark, type Doc, FONT, FONT_BOLD, PAGE } from '../../platform/pdf/brand';
import { apiOrders, organizations } from './organizations.schema';

const pdfkit = lazyModule<typeof PDFDocument>('pdfkit');

export interface StatementLine {
  orderId: string;
  orderedAt: Date;
  property: string;
  requester: string;
  reportStatus: string;
  amountCents: number;
}

export interface Statement {
  organization: { id: string; name: string; billingEmail: string };
  month: string;
  lines: StatementLine[];
  totalCents: number;
}

/** The orders billed to an organisation's account in a calendar month (UTC), by submission time. */
export async function statementOf(db: Db, organizationId: string, month: string): Promise<Statement | null> {
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) return null;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1));
  const rows = await db
    .select({ quote: quotes })
    .from(apiOrders)
    .innerJoin(quotes, eq(quotes.id, apiOrders.quoteId))
    .where(
      and(
        eq(apiOrders.organizationId, organizationId),
        eq(quotes.paymentStatus, 'account'),
        gte(quotes.submittedAt, from),
        lt(quotes.submittedAt, to),
      ),
    )
    .orderBy(asc(quotes.submittedAt), asc(quotes.reference));
  const lines = rows.map(({ quote: q }) => ({
    orderId: q.reference,
    orderedAt: q.submittedAt ?? q.createdAt,
    property: `${q.streetAddress}, ${q.city}, ${q.state} ${q.zipCode}`,
    requester: `${q.requesterFirstName} ${q.requesterLastName} <${q.requesterEmail}>`,
    reportStatus: q.reportStatus,
    amountCents: q.amountCents,
  }));
  return {
    organization: { id: org.id, name: org.name, billingEmail: org.billingEmail },
    month,
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
  };
}

/** One CSV field: quoted when needed; a cell a spreadsheet would run as a formula is neutralised. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const STATEMENT_CSV_HEADER = [
  'order_id',
  'ordered_at',
  'property',
  'requester',
  'report_status',
  'amount_usd',
];

export function statementCsv(s: Statement): string {
  const rows = s.lines.map((l) => [
    l.orderId,
    l.orderedAt.toISOString(),
    l.property,
    l.requester,
    l.reportStatus,
    dollars(l.amountCents),
  ]);
  rows.push(['TOTAL', '', '', '', `${s.lines.length} orders`, dollars(s.totalCents)]);
  return `${[STATEMENT_CSV_HEADER, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

const usd = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The statement as a PDF: a header, one row per order, the total. */
export async function statementPdf(s: Statement, brandName: string): Promise<Buffer> {
  const doc: Doc = new (pdfkit())({
    size: 'LETTER',
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.left, right: PAGE.right },
    info: { Title: `Statement ${s.month} - ${s.organization.name}`, Author: brandName, Creator: brandName },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = PAGE.width - PAGE.left - PAGE.right;
  brandMark(doc, PAGE.left, PAGE.top, 28);
  doc
    .font(FONT_BOLD)
    .fontSize(16)
    .fillColor(BRAND_COLORS.navy)
    .text(brandName, PAGE.left + 38, PAGE.top + 6);
  doc.moveDown(1.5);
  doc.x = PAGE.left;
  doc
    .font(FONT_BOLD)
    .fontSize(14)
    .fillColor(BRAND_COLORS.ink)
    .text(`Monthly statement ${s.month}`, { width });
  doc.font(FONT).fontSize(10).fillColor(BRAND_COLORS.muted);
  doc.text(`${s.organization.name}  ·  billing: ${s.organization.billingEmail}`, { width });
  doc.text('Reports ordered through the API, billed to the account.', { width });
  doc.moveDown();
  const cols = [
    { title: 'Order', w: 80 },
    { title: 'Ordered (UTC)', w: 80 },
    { title: 'Property', w: 230 },
    { title: 'Report', w: 60 },
    { title: 'Amount', w: width - 450, right: true },
  ];
  const row = (cells: string[], bold = false) => {
    if (doc.y > PAGE.height - PAGE.bottom - 30) doc.addPage();
    const y = doc.y;
    let x = PAGE.left;
    let h = 0;
    doc
      .font(bold ? FONT_BOLD : FONT)
      .fontSize(9)
      .fillColor(BRAND_COLORS.ink);
    cols.forEach((c, i) => {
      const text = cells[i] ?? '';
      const opts = { width: c.w - 6, align: c.right ? ('right' as const) : ('left' as const) };
      h = Math.max(h, doc.heightOfString(text, opts));
      doc.text(text, x, y, opts);
      x += c.w;
    });
    doc.y = y + h + 4;
    doc
      .moveTo(PAGE.left, doc.y - 2)
      .lineTo(PAGE.left + width, doc.y - 2)
      .lineWidth(0.4)
      .strokeColor(BRAND_COLORS.rule)
      .stroke();
  };
  row(
    cols.map((c) => c.title),
    true,
  );
  for (const l of s.lines) {
    row([l.orderId, l.orderedAt.toISOString().slice(0, 10), l.property, l.reportStatus, usd(l.amountCents)]);
  }
  if (s.lines.length === 0) row(['', '', 'No orders this month.', '', usd(0)]);
  row(
    ['Total', '', `${s.lines.length} order${s.lines.length === 1 ? '' : 's'}`, '', usd(s.totalCents)],
    true,
  );
  doc.end();
  return done;
}
