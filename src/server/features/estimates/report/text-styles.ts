import { C, type Doc, FONT, FONT_BOLD, PAGE } from './style';

/**
 * The report's named text styles. Every text of the report is drawn with `say` and one of these
 * names (no ad-hoc font / size calls), so sizes stay consistent and every draw can be checked:
 * `say` records the box each text really takes (measured with pdfkit) against the box it was
 * given, which is what the layout test asserts.
 */
export const TEXT_STYLES = {
  /** Brand name on the cover band. */
  brand: { font: FONT_BOLD, size: 22, color: '#ffffff' },
  /** Page title. */
  title: { font: FONT_BOLD, size: 18, color: C.navy },
  /** Intro line under a page title. */
  intro: { font: FONT, size: 10, color: C.muted, lineGap: 2 },
  /** Section title with a rule below. */
  h2: { font: FONT_BOLD, size: 11, color: C.navy },
  /** Running text and bullets. */
  body: { font: FONT, size: 9.5, color: C.ink, lineGap: 1.5 },
  bodyStrong: { font: FONT_BOLD, size: 9.5, color: C.ink, lineGap: 1.5 },
  /** Smaller running text (data sources, notes). */
  small: { font: FONT, size: 8.5, color: C.muted, lineGap: 1 },
  /** Captions, header and footer. */
  caption: { font: FONT, size: 8, color: C.muted },
  /** Upper-case labels above a figure. */
  caps: { font: FONT, size: 8.5, color: C.muted, characterSpacing: 1 },
  /** Label of a key / value row. */
  label: { font: FONT, size: 9, color: C.muted },
  /** Value of a key / value row. */
  value: { font: FONT_BOLD, size: 9.5, color: C.ink, lineGap: 1 },
  /** Property line on the cover. */
  address: { font: FONT_BOLD, size: 20, color: C.ink },
  addressSub: { font: FONT, size: 13, color: C.ink },
  /** The cover's headline figure. */
  headline: { font: FONT_BOLD, size: 30, color: C.navy },
  /** Figures of tiles and the range boxes. */
  figure: { font: FONT_BOLD, size: 20, color: C.navy },
  /** Table header cells (white on navy). */
  tableHead: { font: FONT_BOLD, size: 8.5, color: '#ffffff' },
  /** Table text cells. */
  tableText: { font: FONT, size: 9, color: C.ink, lineGap: 1 },
  /** Table numbers (right-aligned on the decimal point). */
  tableNumber: { font: FONT, size: 9, color: C.ink },
  tableNumberStrong: { font: FONT_BOLD, size: 9, color: C.ink },
  /** Group rows of a table. */
  tableGroup: { font: FONT_BOLD, size: 9, color: C.navy },
  /** Running header. */
  header: { font: FONT, size: 9, color: C.muted },
  headerStrong: { font: FONT_BOLD, size: 9, color: C.navy },
  /** Labels inside the roof drawing and its legend. */
  drawingLabel: { font: FONT_BOLD, size: 7.5, color: C.navy },
  drawingSmall: { font: FONT, size: 7, color: C.ink },
  legend: { font: FONT, size: 8, color: C.ink },
  legendStrong: { font: FONT_BOLD, size: 8, color: C.navy },
  /** The 'Preliminary — not measured' marking. */
  mark: { font: FONT_BOLD, size: 9, color: C.alert },
  markLarge: { font: FONT_BOLD, size: 14, color: C.alert },
} as const;

export type TextStyle = keyof typeof TEXT_STYLES;

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextOptions {
  width: number;
  align?: 'left' | 'center' | 'right';
  color?: string;
  /** Size override (e.g. a figure shrunk to fit). */
  size?: number;
  characterSpacing?: number;
  /**
   * One line only: the text is shrunk down to `minSize` and then cut with an ellipsis so it
   * never runs out of `width`.
   */
  oneLine?: boolean;
  minSize?: number;
  /** Wrapped text: at most this many lines, the last one cut with an ellipsis. */
  maxLines?: number;
  /** The box the text must stay in (default: the page's content area, header and footer excluded). */
  container?: Box;
}

/** One text draw as measured: the layout test checks `drawn` stays inside `container`. */
export interface TextDraw {
  page: number;
  text: string;
  style: TextStyle;
  drawn: Box;
  container: Box;
}

export const CONTENT_W = PAGE.width - PAGE.left - PAGE.right;
export const CONTENT_BOX: Box = {
  x: PAGE.left,
  y: PAGE.top,
  width: CONTENT_W,
  height: PAGE.height - PAGE.top - PAGE.bottom,
};
/** The whole sheet minus a small edge (cover band, header, footer). */
export const SHEET_BOX: Box = { x: 24, y: 20, width: PAGE.width - 48, height: PAGE.height - 40 };

const recorders = new WeakMap<Doc, TextDraw[]>();

/** Starts recording every text draw of this document (for the layout test). */
export function recordTextDraws(doc: Doc): TextDraw[] {
  const list: TextDraw[] = [];
  recorders.set(doc, list);
  return list;
}

function pageIndex(doc: Doc): number {
  const buffer = (doc as unknown as { _pageBuffer?: unknown[] })._pageBuffer;
  return buffer ? buffer.indexOf(doc.page) : 0;
}

function apply(doc: Doc, style: TextStyle, size?: number): void {
  const s = TEXT_STYLES[style];
  doc.font(s.font).fontSize(size ?? s.size);
}

/** Width of a one-line text in this style. */
export function widthOf(doc: Doc, style: TextStyle, text: string, size?: number): number {
  apply(doc, style, size);
  const cs =
    'characterSpacing' in TEXT_STYLES[style]
      ? (TEXT_STYLES[style] as { characterSpacing: number }).characterSpacing
      : 0;
  return doc.widthOfString(text, { characterSpacing: cs });
}

/** Height of a wrapped text in this style at this width. */
export function heightOf(doc: Doc, style: TextStyle, text: string, width: number, size?: number): number {
  apply(doc, style, size);
  const s = TEXT_STYLES[style];
  return doc.heightOfString(text, { width, lineGap: 'lineGap' in s ? s.lineGap : 0 });
}

/** The text cut with an ellipsis so it fits `width` on one line at the current font. */
function ellipsize(doc: Doc, text: string, width: number, characterSpacing: number): string {
  if (doc.widthOfString(text, { characterSpacing }) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = `${text.slice(0, mid).trimEnd()}…`;
    if (doc.widthOfString(candidate, { characterSpacing }) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/**
 * Draws a text in a named style at (x, y) within `width`; wraps unless `oneLine`. Returns the
 * y below the text.
 */
export function say(
  doc: Doc,
  style: TextStyle,
  text: string,
  x: number,
  y: number,
  opts: TextOptions,
): number {
  const s = TEXT_STYLES[style];
  const lineGap = 'lineGap' in s ? s.lineGap : 0;
  const characterSpacing = opts.characterSpacing ?? ('characterSpacing' in s ? s.characterSpacing : 0);
  let size = opts.size ?? s.size;
  let shown = text;
  doc.font(s.font).fontSize(size);
  if (opts.oneLine) {
    const min = opts.minSize ?? size;
    while (size > min && doc.widthOfString(shown, { characterSpacing }) > opts.width) {
      size = Math.max(min, size - 0.5);
      doc.fontSize(size);
    }
    shown = ellipsize(doc, shown, opts.width, characterSpacing);
  }
  doc.fillColor(opts.color ?? s.color);
  const base = { width: opts.width, align: opts.align ?? 'left', characterSpacing, lineGap };
  let height: number;
  let drawnW: number;
  if (opts.oneLine) {
    height = doc.currentLineHeight(true);
    drawnW = doc.widthOfString(shown, { characterSpacing });
    doc.text(shown, x, y, { ...base, lineBreak: false });
  } else if (opts.maxLines) {
    const lineH = doc.currentLineHeight(true) + lineGap;
    const maxH = opts.maxLines * lineH;
    height = Math.min(doc.heightOfString(shown, base), maxH);
    drawnW = opts.width;
    doc.text(shown, x, y, { ...base, height: maxH - lineGap / 2, ellipsis: '…' });
  } else {
    height = doc.heightOfString(shown, base);
    // the widest word must fit too: pdfkit breaks a word longer than the width by characters
    drawnW = opts.width;
    doc.text(shown, x, y, base);
  }
  const list = recorders.get(doc);
  if (list) {
    const left =
      opts.align === 'right'
        ? x + opts.width - drawnW
        : opts.align === 'center'
          ? x + (opts.width - drawnW) / 2
          : x;
    list.push({
      page: pageIndex(doc),
      text: shown,
      style,
      drawn: { x: Math.min(left, x), y, width: Math.max(drawnW, 0), height },
      container: opts.container ?? CONTENT_BOX,
    });
  }
  return y + height;
}
