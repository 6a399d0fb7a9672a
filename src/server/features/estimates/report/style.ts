import type PDFDocument from 'pdfkit';

export type Doc = InstanceType<typeof PDFDocument>;

/** US Letter in points, with the report's margins. */
export const PAGE = { width: 612, height: 792, top: 58, bottom: 64, left: 54, right: 54 } as const;

/** The standard PDF fonts: nothing to embed, every viewer has them. */
export const FONT = 'Helvetica';
export const FONT_BOLD = 'Helvetica-Bold';

/** The brand's colours (the logo's navy and orange) and neutral greys. */
export const C = {
  navy: '#16253d',
  orange: '#e8912f',
  ink: '#1f2937',
  muted: '#5f6b7a',
  rule: '#d5dae1',
  light: '#f1f4f8',
  zebra: '#f6f8fa',
  groupBg: '#e6ecf3',
  /** The preliminary marking and warnings. */
  alert: '#b42318',
  alertBg: '#fdeceb',
  warnBg: '#fff5e6',
} as const;
