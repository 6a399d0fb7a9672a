import type PDFDocument from 'pdfkit';

/**
 * The product's look in its PDFs (the estimate report, the warranty certificate): US Letter with
 * the report's margins, the standard fonts (nothing to embed, every viewer has them), the logo's
 * navy and orange with neutral greys, and the logo itself.
 */
export type Doc = InstanceType<typeof PDFDocument>;

/** US Letter in points, with the report's margins. */
export const PAGE = { width: 612, height: 792, top: 58, bottom: 64, left: 54, right: 54 } as const;

export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

/** The brand's colours (the logo's navy and orange) and neutral greys. */
export const BRAND_COLORS = {
  navy: '#16253d',
  orange: '#e8912f',
  ink: '#1f2937',
  muted: '#5f6b7a',
  rule: '#d5dae1',
  light: '#f1f4f8',
} as const;

/** The brand's mark: the navy tile with the orange roof line, `size` points square at (x, y). */
export function brandMark(doc: Doc, x: number, y: number, size: number): void {
  const s = size / 32;
  doc.save();
  doc.roundedRect(x, y, size, size, 7 * s).fill(BRAND_COLORS.navy);
  doc
    .moveTo(x + 5 * s, y + 19.5 * s)
    .lineTo(x + 16 * s, y + 9 * s)
    .lineTo(x + 27 * s, y + 19.5 * s)
    .lineWidth(3.2 * s)
    .lineCap('round')
    .lineJoin('round')
    .strokeColor(BRAND_COLORS.orange)
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
