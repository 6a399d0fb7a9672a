import { BRAND_COLORS, type Doc, FONT, FONT_BOLD, PAGE } from '../../../platform/pdf/brand';

/**
 * The certificate's page and the product's look, shared with the estimate report
 * (platform/pdf/brand.ts: US Letter, Helvetica, the logo's navy and orange, the logo).
 */
export { brandMark, type Doc, FONT, FONT_BOLD, PAGE } from '../../../platform/pdf/brand';
export const CONTENT_W = PAGE.width - PAGE.left - PAGE.right;
export const C = BRAND_COLORS;

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
