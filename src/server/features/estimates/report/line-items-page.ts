import type { LineItem } from '../../../../domain/estimates/estimate-types';
import { formatCents, formatNumber } from '../../../../domain/estimates/report/format';
import { LINE_ITEM_CATEGORY_LABELS } from '../../../../domain/estimates/report/report-content';
import { BOTTOM, currentPageNumber, heading, newPage, plainPage, type SectionPages } from './layout';
import type { ReportData } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, say, widthOf } from './text-styles';

const COLS = [
  { label: 'Description', width: 230, align: 'left' as const },
  { label: 'Quantity', width: 64, align: 'right' as const },
  { label: 'Unit', width: 44, align: 'left' as const },
  { label: 'Unit price', width: 78, align: 'right' as const },
  { label: 'Total', width: CONTENT_W - 230 - 64 - 44 - 78, align: 'right' as const },
];
const CELL_PAD = 5;

function tableHeader(doc: Doc, y: number): number {
  doc.rect(PAGE.left, y, CONTENT_W, 20).fill(C.navy);
  let x = PAGE.left;
  for (const col of COLS) {
    say(doc, 'tableHead', col.label, x + CELL_PAD, y + 6, {
      width: col.width - CELL_PAD * 2,
      align: col.align,
      oneLine: true,
    });
    x += col.width;
  }
  return y + 20;
}

/** Quantities are aligned on the decimal point: whole counts end where the others' point is. */
function drawQuantity(doc: Doc, quantity: number, left: number, right: number, y: number): void {
  const whole = Number.isInteger(quantity);
  const text = formatNumber(quantity, whole ? 0 : 2, whole ? 0 : 2);
  const [intPart = text, frac] = text.split('.');
  const fracW = widthOf(doc, 'tableNumber', '.00');
  const intRight = right - fracW;
  say(doc, 'tableNumber', intPart, left, y, { width: intRight - left, align: 'right', oneLine: true });
  if (frac !== undefined) say(doc, 'tableNumber', `.${frac}`, intRight, y, { width: fracW, oneLine: true });
}

/** Overhead and profit rate as a percent label: 0.2 -> "20 %". */
export function rateLabel(rate: number): string {
  return `${formatNumber(rate * 100, 1)} %`;
}

/** Room the table's start needs below a previous section: title, intro, header, a group and a few rows. */
const START_ROOM = 230;

/** A note beside the totals, with its label once ("Sales tax: ..." texts already carry it). */
export function labelled(label: string, text: string | null | undefined): string {
  const t = text?.trim() ?? '';
  if (t === '') return '';
  return t.toLowerCase().startsWith(`${label.toLowerCase()}:`) ? t : `${label}: ${t}`;
}

/**
 * The line item table by group, then subtotal, overhead and profit, sales tax and total: below
 * `after` (the y under a previous section) when the table's start fits there, else on a new page.
 * Returns the y below.
 */
export function lineItemPages(
  doc: Doc,
  data: ReportData,
  pages: SectionPages,
  after: number | null = null,
): number {
  const est = data.estimate;
  const title = 'Line items';
  const intro = `Priced for price zone ${est.zone.id} (${est.zone.name}). Quantities include ${formatNumber(est.wastePercent, 1)}% waste on field material where stated.`;
  let y =
    after !== null && after + 24 + START_ROOM <= BOTTOM
      ? heading(doc, title, intro, after + 24)
      : newPage(doc, data, title, intro);
  pages.set('lineItems', currentPageNumber(doc));
  y = tableHeader(doc, y);
  const continuedHeader = (withTableHeader = true) => {
    let ny = plainPage(doc, data);
    ny = say(doc, 'h2', 'Line items (continued)', PAGE.left, ny, { width: CONTENT_W }) + 8;
    return withTableHeader ? tableHeader(doc, ny) : ny + 4;
  };

  // known groups in their order, then any group a newer model adds (rendered generically)
  const known = Object.keys(LINE_ITEM_CATEGORY_LABELS) as LineItem['category'][];
  const order = [
    ...known,
    ...new Set(est.lineItems.map((i) => i.category).filter((c) => !known.includes(c))),
  ];
  const groups = order
    .map((cat) => ({ cat, items: est.lineItems.filter((i) => i.category === cat) }))
    .filter((g) => g.items.length > 0);
  let zebra = false;
  const descW = (COLS[0]?.width ?? 230) - CELL_PAD * 2;
  for (const group of groups) {
    // keep a group title with at least one row
    if (y + 18 + 22 > BOTTOM) y = continuedHeader();
    doc.rect(PAGE.left, y, CONTENT_W, 18).fill(C.groupBg);
    const groupTotal = group.items.reduce((s, i) => s + i.totalCents, 0);
    const totalW = (COLS[4]?.width ?? 80) - CELL_PAD;
    say(
      doc,
      'tableGroup',
      LINE_ITEM_CATEGORY_LABELS[group.cat] ?? String(group.cat),
      PAGE.left + CELL_PAD,
      y + 5,
      {
        width: CONTENT_W - totalW - CELL_PAD * 3,
        oneLine: true,
      },
    );
    say(doc, 'tableGroup', formatCents(groupTotal), PAGE.left + CONTENT_W - totalW - CELL_PAD, y + 5, {
      width: totalW,
      align: 'right',
      oneLine: true,
    });
    y += 18;
    zebra = false;
    for (const item of group.items) {
      const descH = heightOf(doc, 'tableText', item.description, descW);
      const rowH = Math.max(17, descH + 8);
      if (y + rowH > BOTTOM) {
        y = continuedHeader();
        zebra = false;
      }
      if (zebra) doc.rect(PAGE.left, y, CONTENT_W, rowH).fill(C.zebra);
      zebra = !zebra;
      let x = PAGE.left;
      COLS.forEach((col, i) => {
        const w = col.width - CELL_PAD * 2;
        if (i === 0) say(doc, 'tableText', item.description, x + CELL_PAD, y + 5, { width: w });
        else if (i === 1) drawQuantity(doc, item.quantity, x + CELL_PAD, x + col.width - CELL_PAD, y + 5);
        else if (i === 2)
          say(doc, 'tableText', item.unit, x + CELL_PAD, y + 5, { width: w, oneLine: true, minSize: 6.5 });
        else
          say(
            doc,
            i === 4 ? 'tableNumberStrong' : 'tableNumber',
            formatCents(i === 3 ? item.unitPriceCents : item.totalCents),
            x + CELL_PAD,
            y + 5,
            {
              width: w,
              align: 'right',
              oneLine: true,
              minSize: 7,
            },
          );
        x += col.width;
      });
      y += rowH;
      doc
        .moveTo(PAGE.left, y)
        .lineTo(PAGE.left + CONTENT_W, y)
        .lineWidth(0.3)
        .strokeColor(C.rule)
        .stroke();
    }
  }

  // totals: subtotal, overhead and profit with its rate, sales tax, expected total
  const tax = est.salesTax;
  const taxValue = tax.included
    ? tax.cents > 0
      ? `${formatCents(tax.cents)} incl.`
      : 'Included'
    : tax.cents > 0
      ? formatCents(tax.cents)
      : 'Not included';
  const taxLabel = `Sales tax on materials${tax.ratePercent > 0 ? ` (${formatNumber(tax.ratePercent, 3)} %${tax.state ? `, ${tax.state}` : ''})` : ''}`;
  // Overhead and profit is charged on the work lines only (fmv-2025.4); estimates priced before
  // carry no base and charged it on the whole subtotal.
  const opBase = est.overheadAndProfitBaseCents;
  const market = est.lineItems.find((i) => i.code === 'MARKET')?.totalCents ?? 0;
  const totals: [string, string, boolean][] =
    opBase === undefined
      ? [
          ['Subtotal before overhead and profit', formatCents(est.subtotalCents), false],
          [
            `Overhead and profit (${rateLabel(est.overheadAndProfitRate)})`,
            formatCents(est.overheadAndProfitCents),
            false,
          ],
          [taxLabel, taxValue, false],
        ]
      : [
          ['Work (line items without tax and market adjustment)', formatCents(opBase), false],
          [
            `Overhead and profit (${rateLabel(est.overheadAndProfitRate)}) on the work`,
            formatCents(est.overheadAndProfitCents),
            false,
          ],
          [taxLabel, taxValue, false],
          ...(market !== 0
            ? [['Local market adjustment', formatCents(market), false] as [string, string, boolean]]
            : []),
        ];
  totals.push([
    data.estimate.basis === 'preliminary'
      ? 'Expected total (preliminary)'
      : 'Expected total (Fair Market Value)',
    formatCents(est.totalCents),
    true,
  ]);
  const notes = [
    labelled('Overhead and profit', est.overheadAndProfitNote),
    labelled('Sales tax', tax.text),
  ].filter(Boolean);
  const boxW = 340;
  const labelX = PAGE.left + CONTENT_W - boxW;
  // the totals and their notes stay together
  const notesH = notes.reduce((h, n) => h + heightOf(doc, 'small', n, CONTENT_W) + 4, 0);
  if (y + totals.length * 22 + 16 + notesH > BOTTOM) y = continuedHeader(false);
  y += 8;
  for (const [label, value, strong] of totals) {
    if (strong) doc.rect(labelX - 8, y - 5, boxW + 8, 22).fill(C.navy);
    const color = strong ? '#ffffff' : C.ink;
    say(doc, strong ? 'bodyStrong' : 'body', label, labelX, y, {
      width: boxW - 120,
      color,
      size: strong ? 10.5 : 9.5,
      oneLine: true,
      minSize: 7,
    });
    say(doc, 'bodyStrong', value, labelX + boxW - 118, y, {
      width: 118 - CELL_PAD,
      align: 'right',
      color,
      size: strong ? 10.5 : 9.5,
      oneLine: true,
      minSize: 7,
    });
    y += 22;
  }
  y += 4;
  for (const n of notes) {
    if (y + heightOf(doc, 'small', n, CONTENT_W) > BOTTOM) y = plainPage(doc, data);
    y = say(doc, 'small', n, PAGE.left, y, { width: CONTENT_W }) + 4;
  }
  return y;
}
