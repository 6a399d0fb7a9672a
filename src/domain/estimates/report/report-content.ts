/**
 * Fixed wording of the Fair Market Value report (PDF and mail): disclaimers, the public data the
 * price is built from with its years, and the labels of roof lines. One place, so the PDF, the
 * mail and any screen that shows the report say the same thing.
 */
import type { LineItemCategory } from '../estimate-types';
import type { RoofLine } from '../types';

export interface DataSourceNote {
  name: string;
  what: string;
  year: string;
}

/**
 * The public figures behind the prices (see scripts/data/PROVENANCE.md and docs/estimate-model.md,
 * "Data files and their provenance").
 */
export const REPORT_DATA_SOURCES: readonly DataSourceNote[] = [
  {
    name: 'U.S. Bureau of Labor Statistics, Occupational Employment and Wage Statistics',
    what: 'mean hourly wages of roofers (SOC 47-2181) by state, for the labor index',
    year: 'May 2023',
  },
  {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by state (SARPP)',
    what: 'goods and all-items price levels',
    year: '2023',
  },
  {
    name: 'U.S. Bureau of Economic Analysis, Regional Price Parities by metro area (MARPP)',
    what: '381 metro price levels',
    year: '2023',
  },
  {
    name: 'U.S. Census Bureau, ZCTA-county and county-metro relationship files',
    what: 'ZIP code to state and metro area',
    year: '2020 geography',
  },
  {
    name: 'Tax Foundation, State and Local Sales Tax Rates',
    what: 'state sales-tax rates and, for ten states, the average local rate, for the tax on materials',
    year: 'January 2025',
  },
  {
    name: 'Published installed-cost guides for roofing materials',
    what: 'installed cost per sq ft, for calibration',
    year: 'mostly undated; some 2025',
  },
];

export function reportDisclaimers(brandName: string): string[] {
  return [
    `${brandName} is a marketplace only. It does not perform roofing work and is not a contractor; independent, pre-verified, licensed contractors do the work.`,
    'This report is an estimate of fair market value. It is not a bid, a contract, an offer to perform work or a guarantee of price. Final prices depend on an on-site inspection, local code requirements, material availability and the contractor chosen.',
    'Measurements come from the measurement file or figures supplied with the order and were not verified on site. Rotten decking is priced only as the re-deck allowance the order asks for, else in the high end of the range.',
    "Prices are in U.S. dollars. Sales tax on materials is its own line at the state's rate, plus the state's average local rate where one is on file (the line says which). Regional figures are the latest public data below, at the metro price level where there is one.",
  ];
}

export const ROOF_LINE_LABELS: Record<RoofLine['type'], string> = {
  ridge: 'Ridges',
  hip: 'Hips',
  valley: 'Valleys',
  rake: 'Rakes',
  eave: 'Eaves',
  flashing: 'Flashing',
  stepFlashing: 'Step flashing',
  parapet: 'Parapets',
};

/** Colours of roof lines in the drawing and its legend (print-safe, distinguishable). */
export const ROOF_LINE_COLORS: Record<RoofLine['type'], string> = {
  ridge: '#c0392b',
  hip: '#d9730d',
  valley: '#1f6fb2',
  rake: '#1e8449',
  eave: '#2c3e50',
  flashing: '#8e44ad',
  stepFlashing: '#b0307e',
  parapet: '#7f8c8d',
};

/** Line item groups of the report, in the order they are listed. */
export const LINE_ITEM_CATEGORY_LABELS: Record<LineItemCategory, string> = {
  'tear-off': 'Tear-off and disposal',
  materials: 'Materials',
  labor: 'Labor',
  fees: 'Permits and fees',
  adjustment: 'Local market adjustment',
  'overhead-profit': 'Overhead and profit',
};

/** The marking of a report priced without a measured roof (cover, every header and footer, mail). */
export const PRELIMINARY_MARK = 'Preliminary — not measured';

/** Captions of the roof drawing. */
export const DRAWING_CAPTIONS = {
  toScale:
    'Plan view drawn to scale from the facet outlines in the measurement file. Labels give each facet, its pitch and its sloped area.',
  schematicFile: 'Schematic - not to scale; the file has no roof outlines',
  schematicNoFile: 'Schematic - not to scale; no roof outlines were measured',
  schematicNote:
    'The shape only shows which kinds of roof lines there are; their lengths are the totals listed in the legend and the table below, not lengths of single edges.',
} as const;

/** Titles of the report's sections, also listed with their page numbers under 'In this report'. */
export const REPORT_SECTIONS = {
  measurements: 'Roof measurements and drawing',
  checks: 'Checks of the inputs: warnings and how we settled differences',
  lineItems: 'Line items, overhead and profit, sales tax',
  range: 'Fair Market Value range and what it covers',
  assumptions: 'Assumptions, data sources and disclaimers',
} as const;
export type ReportSection = keyof typeof REPORT_SECTIONS;

/** "Version 2 of this report. The earlier report stays valid; this one adds ..." */
export function versionNote(version: number, preliminary: boolean): string | null {
  if (version <= 1) return null;
  return preliminary
    ? `Version ${version} of this report. It replaces nothing: the earlier report stays valid.`
    : `Version ${version} of this report, made from measurements. It replaces nothing: the earlier report stays valid, and this one is based on the measured roof.`;
}
