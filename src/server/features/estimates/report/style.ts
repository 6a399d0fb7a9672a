import { BRAND_COLORS } from '../../../platform/pdf/brand';

/** The page, fonts and logo shared with the product's other PDFs (platform/pdf/brand.ts). */
export { brandMark, type Doc, FONT, FONT_BOLD, PAGE } from '../../../platform/pdf/brand';

/** The brand's colours, and the report's own shades. */
export const C = {
  ...BRAND_COLORS,
  zebra: '#f6f8fa',
  groupBg: '#e6ecf3',
  /** The preliminary marking and warnings. */
  alert: '#b42318',
  alertBg: '#fdeceb',
  warnBg: '#fff5e6',
} as const;
