import PDFDocument from 'pdfkit';
import type { Estimate, LineItem, RoofMeasurement } from '../../../domain/estimate/types';
import {
  formatCents,
  formatCentsWhole,
  formatFeet,
  formatLongDate,
  formatNumber,
  formatPitchRise,
  formatSqFt,
} from '../../../domain/estimates-report/format';
import {
  type DataSourceNote,
  LINE_ITEM_CATEGORY_LABELS,
  reportDisclaimers,
} from '../../../domain/estimates-report/report-content';
import { drawRoof } from './report-drawing';
import { C, type Doc, FONT, FONT_BOLD, PAGE } from './report-style';

/** Everything the report shows; built from the quote row, the measurement and the priced estimate. */
export interface ReportData {
  brandName: string;
  supportEmail: string;
  generatedAt: Date;
  /** The quote's public reference, shown as Project ID. */
  reference: string;
  orderedAt: Date;
  requester: { name: string; email: string };
  homeowner: { name: string; email: string | null; phone: string | null };
  property: { line1: string; line2: string | null; cityStateZip: string };
  insurance: {
    carrierName: string | null;
    claimNumber: string | null;
    adjusterName: string | null;
    adjusterEmail: string | null;
    adjusterPhone: string | null;
  } | null;
  roof: { roofSurfaceMaterial: string; roofLayers: string; buildingHeight: string; plywoodNeeded: string };
  /** 'Eagleview .xml', ... or 'Manual entry'. */
  measurementSource: string;
  measurementFileName: string | null;
  measurement: RoofMeasurement;
  estimate: Estimate;
  dataSources: readonly DataSourceNote[];
}

const CONTENT_W = PAGE.width - PAGE.left - PAGE.right;

/** Renders the multi-page Fair Market Value report. */
export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
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
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  coverPage(doc, data);
  measurementPage(doc, data);
  const afterItems = lineItemPages(doc, data);
  rangePage(doc, data, afterItems);
  assumptionsPage(doc, data);
  pageFurniture(doc, data);
  doc.end();
  return done;
}

// ------------------------------------------------------------------ building blocks

/** A page with the running header (brand, Project ID); returns the first free y. */
function plainPage(doc: Doc, data: ReportData): number {
  doc.addPage();
  doc.font(FONT_BOLD).fontSize(9).fillColor(C.navy).text(data.brandName, PAGE.left, 30, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(C.muted)
    .text(`Fair Market Value Report  |  Project ID ${data.reference}`, PAGE.left, 30, {
      width: CONTENT_W,
      align: 'right',
      lineBreak: false,
    });
  doc
    .moveTo(PAGE.left, 44)
    .lineTo(PAGE.width - PAGE.right, 44)
    .lineWidth(0.75)
    .strokeColor(C.rule)
    .stroke();
  return PAGE.top + 6;
}

function newPage(doc: Doc, data: ReportData, title: string, subtitle?: string): number {
  return heading(doc, title, subtitle, plainPage(doc, data));
}

/** A section's big title, orange rule and intro line, from y. */
function heading(doc: Doc, title: string, subtitle: string | undefined, y: number): number {
  doc.font(FONT_BOLD).fontSize(18).fillColor(C.navy).text(title, PAGE.left, y, { width: CONTENT_W });
  y = doc.y + 2;
  doc.rect(PAGE.left, y + 2, 36, 3).fill(C.orange);
  y += 12;
  if (subtitle) {
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(C.muted)
      .text(subtitle, PAGE.left, y, { width: CONTENT_W, lineGap: 2 });
    y = doc.y + 10;
  }
  return y;
}

function sectionTitle(doc: Doc, text: string, x: number, y: number, width = CONTENT_W): number {
  doc.font(FONT_BOLD).fontSize(11).fillColor(C.navy).text(text, x, y, { width });
  const after = doc.y + 3;
  doc
    .moveTo(x, after)
    .lineTo(x + width, after)
    .lineWidth(0.5)
    .strokeColor(C.rule)
    .stroke();
  return after + 7;
}

/** Label / value rows; returns the y after the last row. */
function keyValues(
  doc: Doc,
  rows: [string, string | null | undefined][],
  x: number,
  y: number,
  width: number,
  labelWidth = 92,
): number {
  for (const [label, value] of rows) {
    const shown = value && value.trim() !== '' ? value : 'Not given';
    doc.font(FONT).fontSize(9).fillColor(C.muted).text(label, x, y, { width: labelWidth });
    doc
      .font(value ? FONT_BOLD : FONT)
      .fontSize(9.5)
      .fillColor(value ? C.ink : C.muted)
      .text(shown, x + labelWidth, y - 0.5, { width: width - labelWidth, lineGap: 1 });
    y = Math.max(doc.y, y + 12) + 4;
  }
  return y;
}

function bullets(
  doc: Doc,
  items: string[],
  x: number,
  y: number,
  width: number,
  size = 9.5,
  nextPage: () => number = () => {
    doc.addPage();
    return PAGE.top + 6;
  },
): number {
  for (const item of items) {
    const h = doc
      .font(FONT)
      .fontSize(size)
      .heightOfString(item, { width: width - 14, lineGap: 1.5 });
    if (y + h > PAGE.height - PAGE.bottom) y = nextPage();
    doc.circle(x + 3, y + size * 0.45, 1.6).fill(C.orange);
    doc
      .font(FONT)
      .fontSize(size)
      .fillColor(C.ink)
      .text(item, x + 14, y, { width: width - 14, lineGap: 1.5 });
    y = doc.y + 5;
  }
  return y;
}

function brandMark(doc: Doc, x: number, y: number, size: number): void {
  const s = size / 32;
  doc.save();
  doc.roundedRect(x, y, size, size, 7 * s).fill(C.navy);
  doc
    .moveTo(x + 5 * s, y + 19.5 * s)
    .lineTo(x + 16 * s, y + 9 * s)
    .lineTo(x + 27 * s, y + 19.5 * s)
    .lineWidth(3.2 * s)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(C.orange)
    .stroke();
  doc
    .moveTo(x + 9.5 * s, y + 18.5 * s)
    .lineTo(x + 9.5 * s, y + 25 * s)
    .lineTo(x + 22.5 * s, y + 25 * s)
    .lineTo(x + 22.5 * s, y + 18.5 * s)
    .lineWidth(2.6 * s)
    .lineJoin('round')
    .strokeColor('#ffffff')
    .stroke();
  doc.restore();
}

function squaresOf(m: RoofMeasurement): string {
  return formatNumber(m.squares, 2, 2);
}

// ------------------------------------------------------------------ page 1: cover

function coverPage(doc: Doc, data: ReportData): void {
  const { estimate: est } = data;
  doc.addPage();
  // band
  doc.rect(0, 0, PAGE.width, 118).fill(C.navy);
  doc.rect(0, 118, PAGE.width, 4).fill(C.orange);
  brandMark(doc, PAGE.left, 34, 40);
  doc
    .font(FONT_BOLD)
    .fontSize(22)
    .fillColor('#ffffff')
    .text(data.brandName, PAGE.left + 52, 36, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(10.5)
    .fillColor('#c9d3e0')
    .text('Fair Market Value Roof Estimate', PAGE.left + 52, 63, { lineBreak: false });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#c9d3e0')
    .text('PROJECT ID', PAGE.left, 38, { width: CONTENT_W, align: 'right', characterSpacing: 1 });
  doc
    .font(FONT_BOLD)
    .fontSize(16)
    .fillColor('#ffffff')
    .text(data.reference, PAGE.left, 51, { width: CONTENT_W, align: 'right' });
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor('#c9d3e0')
    .text(`Issued ${formatLongDate(data.generatedAt)}`, PAGE.left, 73, { width: CONTENT_W, align: 'right' });

  // title and property
  let y = 150;
  doc.font(FONT).fontSize(10).fillColor(C.muted).text('PROPERTY', PAGE.left, y, { characterSpacing: 1 });
  y = doc.y + 2;
  doc
    .font(FONT_BOLD)
    .fontSize(20)
    .fillColor(C.ink)
    .text(data.property.line1, PAGE.left, y, { width: CONTENT_W });
  y = doc.y + 1;
  const line2 = [data.property.line2, data.property.cityStateZip].filter(Boolean).join(', ');
  doc.font(FONT).fontSize(13).fillColor(C.ink).text(line2, PAGE.left, y, { width: CONTENT_W });
  y = doc.y + 18;

  // headline figure
  const boxH = 104;
  doc.roundedRect(PAGE.left, y, CONTENT_W, boxH, 6).fill(C.light);
  doc.rect(PAGE.left, y, 5, boxH).fill(C.orange);
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(C.muted)
    .text('EXPECTED FAIR MARKET VALUE', PAGE.left + 22, y + 16, { characterSpacing: 1 });
  doc
    .font(FONT_BOLD)
    .fontSize(30)
    .fillColor(C.navy)
    .text(formatCentsWhole(est.range.expectedCents), PAGE.left + 22, y + 30);
  doc
    .font(FONT)
    .fontSize(10)
    .fillColor(C.ink)
    .text(
      `Range ${formatCentsWhole(est.range.lowCents)} to ${formatCentsWhole(est.range.highCents)}`,
      PAGE.left + 22,
      y + 70,
    );
  const rx = PAGE.left + CONTENT_W / 2 + 20;
  const rw = CONTENT_W / 2 - 40;
  const facts: [string, string][] = [
    ['Roof area', `${formatSqFt(data.measurement.totalAreaSqFt)} (${squaresOf(data.measurement)} squares)`],
    ['Predominant pitch', formatPitchRise(data.measurement.predominantPitch)],
    ['Price zone', `${est.zone.name}`],
    ['Local completed jobs', localJobsText(est.zone.localJobs)],
  ];
  let fy = y + 16;
  for (const [label, value] of facts) {
    doc.font(FONT).fontSize(8.5).fillColor(C.muted).text(label, rx, fy, { width: 100 });
    doc
      .font(FONT_BOLD)
      .fontSize(9)
      .fillColor(C.ink)
      .text(value, rx + 100, fy, { width: rw - 100 });
    fy = Math.max(doc.y, fy + 11) + 10;
  }
  y += boxH + 24;

  // order, people, roof
  const colW = (CONTENT_W - 24) / 2;
  const leftX = PAGE.left;
  const rightX = PAGE.left + colW + 24;
  let ly = sectionTitle(doc, 'Order', leftX, y, colW);
  ly = keyValues(
    doc,
    [
      ['Project ID', data.reference],
      ['Order date', formatLongDate(data.orderedAt)],
      ['Report date', formatLongDate(data.generatedAt)],
      ['Requested by', data.requester.name],
      ['Requester e-mail', data.requester.email],
      [
        'Measurements',
        data.measurementFileName
          ? `${data.measurementSource} (${data.measurementFileName})`
          : data.measurementSource,
      ],
    ],
    leftX,
    ly,
    colW,
  );
  let ry = sectionTitle(doc, 'Property owner', rightX, y, colW);
  ry = keyValues(
    doc,
    [
      ['Name', data.homeowner.name],
      ['E-mail', data.homeowner.email],
      ['Phone', data.homeowner.phone],
    ],
    rightX,
    ry,
    colW,
  );
  ry = sectionTitle(doc, 'Roof specification', rightX, ry + 8, colW);
  ry = keyValues(
    doc,
    [
      ['Surface material', data.roof.roofSurfaceMaterial],
      ['Existing layers', data.roof.roofLayers],
      ['Building height', data.roof.buildingHeight],
      ['Plywood needed', data.roof.plywoodNeeded],
    ],
    rightX,
    ry,
    colW,
  );
  y = Math.max(ly, ry) + 10;

  if (data.insurance) {
    const ins = data.insurance;
    y = sectionTitle(doc, 'Insurance claim', leftX, y);
    const a = keyValues(
      doc,
      [
        ['Carrier', ins.carrierName],
        ['Claim number', ins.claimNumber],
      ],
      leftX,
      y,
      colW,
    );
    const b = keyValues(
      doc,
      [
        ['Adjuster', ins.adjusterName],
        ['Adjuster e-mail', ins.adjusterEmail],
        ['Adjuster phone', ins.adjusterPhone],
      ],
      rightX,
      y,
      colW,
    );
    y = Math.max(a, b) + 10;
  }

  // contents
  const contents = [
    'Roof measurements and drawing',
    'Line items: quantity, unit, unit price and total',
    'Fair Market Value range and why it is this wide',
    'Assumptions, data sources and disclaimers',
  ];
  if (y < PAGE.height - PAGE.bottom - 90) {
    y = sectionTitle(doc, 'In this report', leftX, y);
    contents.forEach((c, i) => {
      doc
        .font(FONT)
        .fontSize(9.5)
        .fillColor(C.ink)
        .text(`${i + 2}.  ${c}`, leftX, y, { width: CONTENT_W });
      y = doc.y + 3;
    });
  }
}

function localJobsText(n: number): string {
  if (n === 0) return 'none yet (regional data only)';
  return `${n} completed ${n === 1 ? 'job' : 'jobs'}`;
}

// ------------------------------------------------------------------ page 2: measurements

function measurementPage(doc: Doc, data: ReportData): void {
  const m = data.measurement;
  const geometry = m.facets.some((f) => (f.polygon?.length ?? 0) >= 3);
  const basis = 'Areas are sloped (true) roof areas; 1 square = 100 sq ft; waste is not included.';
  let y = newPage(
    doc,
    data,
    'Roof measurements',
    data.measurementFileName
      ? `From the ${data.measurementSource} file "${data.measurementFileName}". ${basis}`
      : `Total area and predominant pitch entered by our estimating team; line lengths are estimated (see the notes below). ${basis}`,
  );

  // figure tiles
  const tiles: [string, string][] = [
    ['Total roof area', formatSqFt(m.totalAreaSqFt)],
    ['Squares', squaresOf(m)],
    ['Predominant pitch', formatPitchRise(m.predominantPitch)],
    [
      'Facets',
      m.facetCount === null
        ? data.measurementFileName
          ? 'Not in file'
          : 'Not measured'
        : String(m.facetCount),
    ],
  ];
  const gap = 10;
  const tw = (CONTENT_W - gap * 3) / 4;
  tiles.forEach(([label, value], i) => {
    const x = PAGE.left + i * (tw + gap);
    doc.roundedRect(x, y, tw, 50, 4).fill(C.light);
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.muted)
      .text(label.toUpperCase(), x + 10, y + 10, {
        width: tw - 20,
        characterSpacing: 0.6,
      });
    let size = 15;
    while (size > 9 && doc.font(FONT_BOLD).fontSize(size).widthOfString(value) > tw - 20) size -= 1;
    doc
      .font(FONT_BOLD)
      .fontSize(size)
      .fillColor(C.navy)
      .text(value, x + 10, y + 24 + (15 - size) / 2, { width: tw - 20, lineBreak: false });
  });
  y += 64;

  // drawing
  const drawH = 250;
  doc.roundedRect(PAGE.left, y, CONTENT_W, drawH, 4).lineWidth(0.75).strokeColor(C.rule).stroke();
  drawRoof(doc, m, { x: PAGE.left + 1, y: y + 1, width: CONTENT_W - 2, height: drawH - 2 });
  y += drawH + 6;
  doc
    .font(FONT)
    .fontSize(8)
    .fillColor(C.muted)
    .text(
      geometry
        ? 'Plan view drawn to scale from the facet outlines in the measurement file. Labels give each facet, its pitch and its sloped area.'
        : data.measurementFileName
          ? 'Schematic, not to scale: the measurement file gives totals, not facet outlines. The lines shown stand for the totals listed.'
          : 'Schematic, not to scale: only the total area and predominant pitch are known. The lines shown stand for the estimated totals listed.',
      PAGE.left,
      y,
      { width: CONTENT_W },
    );
  y = doc.y + 14;

  // lengths and pitch tables side by side
  const colW = (CONTENT_W - 24) / 2;
  const lx = PAGE.left;
  const rx = PAGE.left + colW + 24;
  const L = m.lengths;
  const lengthRows: [string, string][] = m.ridgesAndHipsCombined
    ? [['Ridges and hips (combined in file)', formatFeet(L.ridges + L.hips)]]
    : [
        ['Ridges', formatFeet(L.ridges)],
        ['Hips', formatFeet(L.hips)],
      ];
  lengthRows.push(
    ['Valleys', formatFeet(L.valleys)],
    ['Rakes', formatFeet(L.rakes)],
    ['Eaves', formatFeet(L.eaves)],
    ['Drip edge (eaves + rakes)', formatFeet(L.eaves + L.rakes)],
    ['Flashing (headwall / apron)', formatFeet(L.flashing)],
    ['Step flashing', formatFeet(L.stepFlashing)],
  );
  let ly = sectionTitle(doc, 'Lengths', lx, y, colW);
  ly = simpleRows(doc, lengthRows, lx, ly, colW);

  let ry = sectionTitle(doc, 'Area by pitch', rx, y, colW);
  const pitches = Object.entries(m.areaByPitch)
    .map(([label, area]) => ({ label, area, rise: Number.parseFloat(label) }))
    .sort((a, b) => a.rise - b.rise);
  const total = m.totalAreaSqFt || 1;
  ry = simpleRows(
    doc,
    pitches.map((p) => [
      `${p.label}${p.rise <= 2 ? '  (low slope)' : ''}`,
      `${formatSqFt(p.area)}   ${formatNumber((p.area / total) * 100, 1, 1)}%`,
    ]),
    rx,
    ry,
    colW,
  );
  const extra: [string, string][] = [];
  if (m.suggestedWastePercent !== undefined)
    extra.push(['Waste suggested by the file', `${m.suggestedWastePercent}%`]);
  extra.push(['Waste applied in this estimate', `${formatNumber(data.estimate.wastePercent, 1)}%`]);
  if (m.stories) extra.push(['Stories (from file)', m.stories]);
  ry = simpleRows(doc, extra, rx, ry + 6, colW);
  y = Math.max(ly, ry) + 6;

  // every facet of a file with geometry, as labelled in the drawing
  const drawn = m.facets.filter((f) => (f.polygon?.length ?? 0) >= 3);
  const perRow = 4;
  const facetRows = Math.ceil(drawn.length / perRow);
  if (drawn.length > 0 && y + 30 + facetRows * 16 < PAGE.height - PAGE.bottom) {
    y = sectionTitle(doc, 'Facets', lx, y);
    const cw = CONTENT_W / perRow;
    drawn.forEach((f, i) => {
      const x = lx + (i % perRow) * cw;
      const ry2 = y + Math.floor(i / perRow) * 16;
      if (Math.floor(i / perRow) % 2 === 0) doc.rect(x, ry2 - 3, cw, 16).fill(C.zebra);
      doc
        .font(FONT_BOLD)
        .fontSize(9)
        .fillColor(C.navy)
        .text(f.id ?? String(i + 1), x + 6, ry2, { lineBreak: false });
      doc
        .font(FONT)
        .fontSize(9)
        .fillColor(C.ink)
        .text(`${formatPitchRise(f.pitch)}   ${formatSqFt(f.areaSqFt)}`, x + 30, ry2, {
          width: cw - 52,
          align: 'right',
          lineBreak: false,
        });
    });
    y += facetRows * 16 + 8;
  }

  if (m.wasteTable && m.wasteTable.length > 0 && y < PAGE.height - PAGE.bottom - 70) {
    y = sectionTitle(doc, 'Waste table from the file', lx, y);
    const cw = CONTENT_W / m.wasteTable.length;
    m.wasteTable.forEach((row, i) => {
      const x = lx + i * cw;
      doc
        .font(FONT_BOLD)
        .fontSize(9)
        .fillColor(C.ink)
        .text(`${row.percent}%`, x, y, { width: cw, align: 'center' });
      doc
        .font(FONT)
        .fontSize(8.5)
        .fillColor(C.muted)
        .text(`${formatSqFt(row.areaSqFt)}\n${formatNumber(row.squares, 2, 2)} sq`, x, y + 12, {
          width: cw,
          align: 'center',
        });
    });
    y += 40;
  }
  if (m.warnings.length > 0) {
    // the notes are part of the estimate (a doubtful file is priced with them): never left out
    if (y >= PAGE.height - PAGE.bottom - 60) y = plainPage(doc, data);
    y = sectionTitle(
      doc,
      data.measurementFileName ? 'Notes on the measurement file' : 'Notes on the measurements',
      lx,
      y,
    );
    bullets(doc, m.warnings, lx, y, CONTENT_W, 8.5, () => plainPage(doc, data));
  }
}

function simpleRows(doc: Doc, rows: [string, string][], x: number, y: number, width: number): number {
  rows.forEach(([label, value], i) => {
    if (i % 2 === 0) doc.rect(x, y - 3, width, 16).fill(C.zebra);
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(C.ink)
      .text(label, x + 6, y, { width: width * 0.62, lineBreak: false });
    doc
      .font(FONT_BOLD)
      .fontSize(9)
      .fillColor(C.ink)
      .text(value, x + width * 0.5, y, { width: width * 0.5 - 6, align: 'right', lineBreak: false });
    y += 16;
  });
  return y;
}

// ------------------------------------------------------------------ pages 3+: line items

const COLS = [
  { key: 'description', label: 'Description', width: 230, align: 'left' as const },
  { key: 'quantity', label: 'Quantity', width: 64, align: 'right' as const },
  { key: 'unit', label: 'Unit', width: 44, align: 'left' as const },
  { key: 'unitPrice', label: 'Unit price', width: 78, align: 'right' as const },
  { key: 'total', label: 'Total', width: CONTENT_W - 230 - 64 - 44 - 78, align: 'right' as const },
];
const CELL_PAD = 5;
const BOTTOM = PAGE.height - PAGE.bottom;

function tableHeader(doc: Doc, y: number): number {
  doc.rect(PAGE.left, y, CONTENT_W, 20).fill(C.navy);
  let x = PAGE.left;
  for (const col of COLS) {
    doc
      .font(FONT_BOLD)
      .fontSize(8.5)
      .fillColor('#ffffff')
      .text(col.label, x + CELL_PAD, y + 6, {
        width: col.width - CELL_PAD * 2,
        align: col.align,
        lineBreak: false,
      });
    x += col.width;
  }
  return y + 20;
}

/** Quantities are aligned on the decimal point: whole counts end where the others' point is. */
function drawQuantity(doc: Doc, quantity: number, right: number, y: number): void {
  const whole = Number.isInteger(quantity);
  const text = formatNumber(quantity, whole ? 0 : 2, whole ? 0 : 2);
  const [intPart = text, frac] = text.split('.');
  doc.font(FONT).fontSize(9).fillColor(C.ink);
  const fracW = doc.widthOfString('.00');
  const intW = doc.widthOfString(intPart);
  doc.text(intPart, right - fracW - intW, y, { lineBreak: false });
  if (frac !== undefined) doc.text(`.${frac}`, right - fracW, y, { lineBreak: false });
}

/** Returns the y below the totals. */
function lineItemPages(doc: Doc, data: ReportData): number {
  const est = data.estimate;
  let y = newPage(
    doc,
    data,
    'Line items',
    `Priced for price zone ${est.zone.id} (${est.zone.name}). Quantities include ${formatNumber(est.wastePercent, 1)}% waste on field material where stated.`,
  );
  y = tableHeader(doc, y);
  const continuedHeader = (withTableHeader = true) => {
    let ny = plainPage(doc, data);
    doc.font(FONT_BOLD).fontSize(11).fillColor(C.navy).text('Line items (continued)', PAGE.left, ny);
    ny = doc.y + 8;
    return withTableHeader ? tableHeader(doc, ny) : ny + 4;
  };

  const order = Object.keys(LINE_ITEM_CATEGORY_LABELS) as LineItem['category'][];
  const groups = order
    .map((cat) => ({ cat, items: est.lineItems.filter((i) => i.category === cat) }))
    .filter((g) => g.items.length > 0);
  let zebra = false;
  for (const group of groups) {
    // keep a group title with at least one row
    if (y + 18 + 22 > BOTTOM) y = continuedHeader();
    doc.rect(PAGE.left, y, CONTENT_W, 18).fill(C.groupBg);
    doc
      .font(FONT_BOLD)
      .fontSize(9)
      .fillColor(C.navy)
      .text(LINE_ITEM_CATEGORY_LABELS[group.cat], PAGE.left + CELL_PAD, y + 5, { lineBreak: false });
    const groupTotal = group.items.reduce((s, i) => s + i.totalCents, 0);
    doc
      .font(FONT_BOLD)
      .fontSize(9)
      .fillColor(C.navy)
      .text(formatCents(groupTotal), PAGE.left, y + 5, {
        width: CONTENT_W - CELL_PAD,
        align: 'right',
        lineBreak: false,
      });
    y += 18;
    zebra = false;
    for (const item of group.items) {
      const descW = (COLS[0]?.width ?? 230) - CELL_PAD * 2;
      doc.font(FONT).fontSize(9);
      const descH = doc.heightOfString(item.description, { width: descW, lineGap: 1 });
      const rowH = Math.max(17, descH + 8);
      if (y + rowH > BOTTOM) {
        y = continuedHeader();
        zebra = false;
      }
      if (zebra) doc.rect(PAGE.left, y, CONTENT_W, rowH).fill(C.zebra);
      zebra = !zebra;
      const cells = [
        item.description,
        '',
        item.unit,
        formatCents(item.unitPriceCents),
        formatCents(item.totalCents),
      ];
      let x = PAGE.left;
      COLS.forEach((col, i) => {
        if (i === 1) {
          drawQuantity(doc, item.quantity, x + col.width - CELL_PAD, y + 5);
          x += col.width;
          return;
        }
        doc
          .font(i === 4 ? FONT_BOLD : FONT)
          .fontSize(9)
          .fillColor(C.ink)
          .text(cells[i] ?? '', x + CELL_PAD, y + 5, {
            width: col.width - CELL_PAD * 2,
            align: col.align,
            lineGap: 1,
            lineBreak: i === 0,
          });
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

  // totals
  const totals: [string, string, boolean][] = [
    ['Subtotal before overhead and profit', formatCents(est.subtotalCents), false],
    ['Overhead and profit', formatCents(est.overheadAndProfitCents), false],
    ['Expected total (Fair Market Value)', formatCents(est.totalCents), true],
  ];
  if (y + totals.length * 22 + 10 > BOTTOM) y = continuedHeader(false);
  y += 8;
  const labelX = PAGE.left + CONTENT_W - 330;
  for (const [label, value, strong] of totals) {
    if (strong) {
      doc.rect(labelX - 8, y - 5, 330 + 8, 22).fill(C.navy);
    }
    doc
      .font(strong ? FONT_BOLD : FONT)
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(strong ? '#ffffff' : C.ink)
      .text(label, labelX, y, { width: 210, lineBreak: false });
    doc
      .font(FONT_BOLD)
      .fontSize(strong ? 10.5 : 9.5)
      .fillColor(strong ? '#ffffff' : C.ink)
      .text(value, labelX + 200, y, { width: 130 - CELL_PAD, align: 'right', lineBreak: false });
    y += 22;
  }
  return y;
}

// ------------------------------------------------------------------ FMV range

/** Starts below the line items when most of that page is free (the totals alone spilled over), else on a new page. */
function rangePage(doc: Doc, data: ReportData, afterItems: number): void {
  const est = data.estimate;
  const r = est.range;
  const title = 'Fair Market Value range';
  const intro =
    'What this roof should cost at fair local market prices: the expected value, and the range in which most fair bids for this scope of work should fall.';
  const reasonsH = est.rangeReasons.reduce(
    (h, reason) =>
      h +
      doc
        .font(FONT)
        .fontSize(9.5)
        .heightOfString(reason, { width: CONTENT_W - 14, lineGap: 1.5 }) +
      5,
    0,
  );
  // title 60, figures 88, bar 56, line 30, two section titles 50, zone rows and sentence 100
  const needed = 384 + reasonsH;
  let y =
    afterItems + 36 + needed <= BOTTOM
      ? heading(doc, title, intro, afterItems + 36)
      : newPage(doc, data, title, intro);

  // three figures
  const figs: [string, number, boolean][] = [
    ['Low', r.lowCents, false],
    ['Expected', r.expectedCents, true],
    ['High', r.highCents, false],
  ];
  const gap = 12;
  const w = (CONTENT_W - gap * 2) / 3;
  figs.forEach(([label, cents, strong], i) => {
    const x = PAGE.left + i * (w + gap);
    doc.roundedRect(x, y, w, 64, 5).fill(strong ? C.navy : C.light);
    doc
      .font(FONT)
      .fontSize(8.5)
      .fillColor(strong ? '#c9d3e0' : C.muted)
      .text(label.toUpperCase(), x, y + 12, { width: w, align: 'center', characterSpacing: 1 });
    doc
      .font(FONT_BOLD)
      .fontSize(20)
      .fillColor(strong ? '#ffffff' : C.navy)
      .text(formatCentsWhole(cents), x, y + 28, { width: w, align: 'center' });
  });
  y += 88;

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
  const tick = (c: number, label: string) => {
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.muted)
      .text(label, px(c) - 50, y + 30, { width: 100, align: 'center' });
  };
  tick(r.lowCents, formatCentsWhole(r.lowCents));
  tick(r.expectedCents, formatCentsWhole(r.expectedCents));
  tick(r.highCents, formatCentsWhole(r.highCents));
  y += 56;

  const perSquare = data.measurement.squares > 0 ? r.expectedCents / data.measurement.squares : 0;
  const widthPct = r.expectedCents > 0 ? ((r.highCents - r.lowCents) / r.expectedCents) * 100 : 0;
  doc
    .font(FONT)
    .fontSize(9.5)
    .fillColor(C.ink)
    .text(
      `Expected ${formatCents(perSquare)} per square over ${formatNumber(data.measurement.squares, 2, 2)} squares. The range spans ${formatNumber(widthPct, 0)}% of the expected value.`,
      PAGE.left,
      y,
      { width: CONTENT_W },
    );
  y = doc.y + 18;

  y = sectionTitle(doc, 'Why the range is this wide', PAGE.left, y);
  y = bullets(doc, est.rangeReasons, PAGE.left, y, CONTENT_W, 9.5, () => plainPage(doc, data));
  y += 10;

  y = sectionTitle(doc, 'Local market data', PAGE.left, y);
  const z = est.zone;
  const local =
    z.localJobs === 0
      ? `No completed ${data.brandName} jobs in price zone ${z.id} carry a final cost yet, so this price rests on the regional public data alone.`
      : `${z.localJobs} completed local ${z.localJobs === 1 ? 'job' : 'jobs'} in price zone ${z.id} informed this price: the zone's factor moves toward what was really paid, more as local data grows.`;
  y = keyValues(
    doc,
    [
      ['Price zone', `${z.id}: ${z.name}`],
      ['Labor index', `${formatNumber(z.laborIndex, 3, 2)} (national = 1.00)`],
      ['Material index', `${formatNumber(z.materialIndex, 3, 2)} (national = 1.00)`],
      ['Local completed jobs', String(z.localJobs)],
    ],
    PAGE.left,
    y,
    CONTENT_W,
    110,
  );
  doc
    .font(FONT)
    .fontSize(9.5)
    .fillColor(C.ink)
    .text(local, PAGE.left, y + 2, { width: CONTENT_W, lineGap: 1.5 });
}

// ------------------------------------------------------------------ assumptions and disclaimers

function assumptionsPage(doc: Doc, data: ReportData): void {
  const next = () => plainPage(doc, data);
  let y = newPage(doc, data, 'Assumptions and disclaimers');
  y = sectionTitle(doc, 'Assumptions of this estimate', PAGE.left, y);
  y = bullets(doc, data.estimate.assumptions, PAGE.left, y, CONTENT_W, 9.5, next);
  y += 8;
  if (y > BOTTOM - 120) y = next();
  y = sectionTitle(doc, 'Important', PAGE.left, y);
  y = bullets(doc, reportDisclaimers(data.brandName), PAGE.left, y, CONTENT_W, 9.5, next);
  y += 8;
  if (y > BOTTOM - 120) y = next();
  y = sectionTitle(doc, 'Data sources', PAGE.left, y);
  y = bullets(
    doc,
    data.dataSources.map((s) => `${s.name} (${s.year}): ${s.what}.`),
    PAGE.left,
    y,
    CONTENT_W,
    9,
    next,
  );
  y += 14;
  if (y > BOTTOM - 40) y = next();
  doc
    .font(FONT)
    .fontSize(8.5)
    .fillColor(C.muted)
    .text(
      `Pricing model ${data.estimate.modelVersion}. Questions about this report: ${data.supportEmail}, quoting Project ID ${data.reference}.`,
      PAGE.left,
      y,
      { width: CONTENT_W },
    );
}

// ------------------------------------------------------------------ footer on every page

function pageFurniture(doc: Doc, data: ReportData): void {
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
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.muted)
      .text(`${data.brandName}  |  Project ID ${data.reference}  |  An estimate, not a bid`, PAGE.left, y, {
        width: CONTENT_W,
        lineBreak: false,
      });
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(C.muted)
      .text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.left, y, {
        width: CONTENT_W,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}
