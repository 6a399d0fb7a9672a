import { PRELIMINARY_MARK } from '../../../../domain/estimates/report/report-content';
import { isPreliminary, type ReportData, versionOf } from './report-data';
import { C, type Doc, PAGE } from './style';
import { CONTENT_W, heightOf, SHEET_BOX, say, type TextStyle } from './text-styles';

/** The lowest y of the content area. */
export const BOTTOM = PAGE.height - PAGE.bottom;

/** Page numbers (1-based) where each section starts, filled while rendering (for 'In this report'). */
export type SectionPages = Map<string, number>;

export { brandMark } from './style';

export function currentPageNumber(doc: Doc): number {
  return doc.bufferedPageRange().count;
}

/** A page with the running header (brand, Project ID, version, preliminary mark); returns the first free y. */
export function plainPage(doc: Doc, data: ReportData): number {
  doc.addPage();
  const right = `Fair Market Value Report  |  Project ID ${data.reference}  |  Version ${versionOf(data)}`;
  say(doc, 'header', right, PAGE.left + CONTENT_W - CONTENT_W * 0.62, 30, {
    width: CONTENT_W * 0.62,
    align: 'right',
    oneLine: true,
    minSize: 7,
    container: SHEET_BOX,
  });
  const leftW = CONTENT_W - CONTENT_W * 0.62 - 8;
  if (isPreliminary(data)) {
    say(doc, 'mark', PRELIMINARY_MARK, PAGE.left, 30, {
      width: leftW,
      oneLine: true,
      minSize: 7,
      container: SHEET_BOX,
    });
  } else {
    say(doc, 'headerStrong', data.brandName, PAGE.left, 30, {
      width: leftW,
      oneLine: true,
      container: SHEET_BOX,
    });
  }
  doc
    .moveTo(PAGE.left, 44)
    .lineTo(PAGE.width - PAGE.right, 44)
    .lineWidth(0.75)
    .strokeColor(isPreliminary(data) ? C.alert : C.rule)
    .stroke();
  return PAGE.top + 6;
}

/** A section's big title, orange rule and intro line, from y. */
export function heading(doc: Doc, title: string, subtitle: string | undefined, y: number): number {
  y = say(doc, 'title', title, PAGE.left, y, { width: CONTENT_W }) + 2;
  doc.rect(PAGE.left, y + 2, 36, 3).fill(C.orange);
  y += 12;
  if (subtitle) y = say(doc, 'intro', subtitle, PAGE.left, y, { width: CONTENT_W }) + 10;
  return y;
}

/** The height `heading` takes: the title, its rule, and the subtitle when there is one. */
export function headingHeight(doc: Doc, title: string, subtitle?: string): number {
  const titleH = heightOf(doc, 'title', title, CONTENT_W) + 14;
  return subtitle ? titleH + heightOf(doc, 'intro', subtitle, CONTENT_W) + 10 : titleH;
}

export function newPage(doc: Doc, data: ReportData, title: string, subtitle?: string): number {
  return heading(doc, title, subtitle, plainPage(doc, data));
}

export function sectionTitle(doc: Doc, text: string, x: number, y: number, width = CONTENT_W): number {
  const after = say(doc, 'h2', text, x, y, { width }) + 3;
  doc
    .moveTo(x, after)
    .lineTo(x + width, after)
    .lineWidth(0.5)
    .strokeColor(C.rule)
    .stroke();
  return after + 7;
}

/** The height `sectionTitle` takes: its line, 3 pt to the rule and 7 pt below it. */
export function sectionTitleHeight(doc: Doc, text: string, width = CONTENT_W): number {
  return heightOf(doc, 'h2', text, width) + 10;
}

/**
 * Label / value rows; values wrap (long names and e-mails never run out of the column). `rowGap`
 * is the space after each row (4 pt; a full cover page tightens it to keep its block on the page).
 */
export function keyValues(
  doc: Doc,
  rows: [string, string | null | undefined][],
  x: number,
  y: number,
  width: number,
  labelWidth = 92,
  rowGap = 4,
): number {
  for (const [label, value] of rows) {
    const given = value && value.trim() !== '';
    const shown = given ? value : 'Not given';
    const a = say(doc, 'label', label, x, y, { width: labelWidth - 6 });
    const b = say(doc, 'value', shown, x + labelWidth, y - 0.5, {
      width: width - labelWidth,
      color: given ? C.ink : C.muted,
    });
    y = Math.max(a, b, y + 12) + rowGap;
  }
  return y;
}

/** The height `keyValues` will take for these rows. */
export function keyValuesHeight(
  doc: Doc,
  rows: [string, string | null | undefined][],
  width: number,
  labelWidth = 92,
  rowGap = 4,
): number {
  return rows.reduce((h, [label, value]) => {
    const shown = value && value.trim() !== '' ? value : 'Not given';
    const a = heightOf(doc, 'label', label, labelWidth - 6);
    const b = heightOf(doc, 'value', shown, width - labelWidth) - 0.5;
    return h + Math.max(a, b, 12) + rowGap;
  }, 0);
}

/** Bulleted paragraphs; a paragraph that does not fit goes to `nextPage()`. */
export function bullets(
  doc: Doc,
  items: readonly string[],
  x: number,
  y: number,
  width: number,
  nextPage: () => number,
  style: TextStyle = 'body',
): number {
  for (const item of items) {
    const h = heightOf(doc, style, item, width - 14);
    if (y + h > BOTTOM) y = nextPage();
    doc.circle(x + 3, y + 4.3, 1.6).fill(C.orange);
    y = say(doc, style, item, x + 14, y, { width: width - 14 }) + 5;
  }
  return y;
}

/** A row of `numberRows`. */
export const NUMBER_ROW_H = 16;

/** Zebra rows of a label and right-aligned number columns (aligned on their decimal point). */
export function numberRows(
  doc: Doc,
  rows: { label: string; values: string[] }[],
  x: number,
  y: number,
  width: number,
  columnWidths: number[],
): number {
  const numbersW = columnWidths.reduce((s, w) => s + w, 0);
  rows.forEach((row, i) => {
    if (i % 2 === 0) doc.rect(x, y - 3, width, NUMBER_ROW_H).fill(C.zebra);
    say(doc, 'tableText', row.label, x + 6, y, { width: width - numbersW - 12, oneLine: true, minSize: 7.5 });
    let right = x + width - 6;
    for (let c = row.values.length - 1; c >= 0; c--) {
      const w = columnWidths[c] ?? 60;
      say(doc, 'tableNumberStrong', row.values[c] ?? '', right - w, y, {
        width: w,
        align: 'right',
        oneLine: true,
      });
      right -= w;
    }
    y += NUMBER_ROW_H;
  });
  return y;
}
