import type PDFDocument from 'pdfkit';

/**
 * The certificate's page and the product's look, as the estimate report has them
 * (src/server/features/estimates/report/style.ts: US Letter, Helvetica, the logo's navy and
 * orange); kept here since a feature does not reach into another's files.
 */
export type Doc = InstanceType<typeof PDFDocument>;
export const PAGE = { width: 612, height: 792, top: 58, bottom: 64, left: 54, right: 54 } as const;
export const CONTENT_W = PAGE.width - PAGE.left - PAGE.right;
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';
export const C = {
  navy: '#16253d',
  orange: '#e8912f',
  ink: '#1f2937',
  muted: '#5f6b7a',
  rule: '#d5dae1',
  light: '#f1f4f8',
} as const;

/** The brand's mark: the navy tile with the orange roof line (as on the report's cover). */
export function brandMark(doc: Doc, x: number, y: number, size: number): void {
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

/** Writes `text` at (x, y) in `width`; answers the y below it. */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  opts: {
    width: number;
    font?: string;
    size?: number;
    color?: string;
    align?: 'left' | 'right' | 'center';
    gap?: number;
  },
): number {
  doc
    .font(opts.font ?? FONT)
    .fontSize(opts.size ?? 9.5)
    .fillColor(opts.color ?? C.ink);
  const options = { width: opts.width, align: opts.align ?? 'left', lineGap: opts.gap ?? 1.5 } as const;
  const h = doc.heightOfString(text, options);
  doc.text(text, x, y, options);
  return y + h;
}

/** A section title with a rule under it; answers the y below. */
export function sectionTitle(doc: Doc, title: string, y: number): number {
  const below = write(doc, title, PAGE.left, y, {
    width: CONTENT_W,
    font: FONT_BOLD,
    size: 11,
    color: C.navy,
  });
  doc
    .moveTo(PAGE.left, below + 3)
    .lineTo(PAGE.left + CONTENT_W, below + 3)
    .lineWidth(0.6)
    .strokeColor(C.rule)
    .stroke();
  return below + 10;
}

/** The y to write `height` points at: `y`, or the top of a new page when it would not fit. */
export function room(doc: Doc, y: number, height: number): number {
  if (y + height <= PAGE.height - PAGE.bottom) return y;
  doc.addPage();
  return PAGE.top;
}
