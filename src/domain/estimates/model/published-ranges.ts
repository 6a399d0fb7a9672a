/**
 * Published installed-cost ranges (USD per sq ft of roof, materials and labor) that the price book
 * is calibrated to (issue 9, item 12), copied from scripts/data/material-cost-ranges.csv (its
 * PROVENANCE.md names the pages; every row keeps its page's address). Used by the calibration test;
 * the model itself never reads them.
 *
 * The target of a material is where its sources agree: the intersection of its ranges (point
 * figures are left out). Where the sources do not overlap (wood shakes: $6.00-$9.15 on one page,
 * $10.00-$16.50 on another), the target is the gap between them, so the price sits at the edge of both.
 */
import type { ZoneInfo } from '../regional/zones';
import type { RoofSurfaceMaterial } from '../types';

export interface PublishedRange {
  variant: string;
  low: number;
  high: number;
  url: string;
}

const ROOFINITY = 'https://www.roofinity.com/how-much-does-it-cost-to-replace-a-roof/';
const RES = 'https://realestimateservice.com/blog/the-best-roof-estimating-services-near-me/';
const RRC = 'https://www.roofreplacementcost.ai/roof-replacement-cost-by-material-asphalt-metal';
const SK = 'https://skroofingandconstruction.com/14472-2';
const RENO = 'https://www.renocompare.com/roofing/slate-roofing/';
const BRAVA = 'https://www.bravarooftile.com/blog/slate-roof-cost/';

const THREE_TAB: PublishedRange[] = [
  { variant: '3-tab strip shingles', low: 4, high: 6, url: ROOFINITY },
  { variant: '3-tab shingles', low: 4.5, high: 6.5, url: RRC },
  { variant: '3-tab asphalt', low: 3.5, high: 5, url: SK },
];
const ARCHITECTURAL: PublishedRange[] = [
  { variant: 'architectural / dimensional shingles', low: 4.5, high: 8.5, url: ROOFINITY },
  { variant: 'architectural asphalt', low: 4, high: 8.5, url: SK },
];

export const PUBLISHED_RANGES: Record<RoofSurfaceMaterial, PublishedRange[]> = {
  '25 YEAR 3-TAB SHINGLE': THREE_TAB,
  '30 YEAR LAMINATE SHINGLE': ARCHITECTURAL,
  '40 YEAR LAMINATE SHINGLE': ARCHITECTURAL,
  '50 YEAR LAMINATE SHINGLE': ARCHITECTURAL,
  'PRESIDENTIAL SHAKE SHINGLE': [
    { variant: 'premium designer / specialty shingles', low: 6.5, high: 9.5, url: ROOFINITY },
  ],
  'WOOD SHAKE': [
    { variant: 'cedar shakes', low: 10, high: 16.5, url: ROOFINITY },
    { variant: 'wood shakes / shingles', low: 6, high: 9.15, url: RES },
  ],
  'TILE - CLAY': [{ variant: 'clay tile', low: 10, high: 25, url: ROOFINITY }],
  'TILE - CONCRETE': [{ variant: 'concrete tile', low: 8, high: 20, url: ROOFINITY }],
  METAL: [{ variant: 'standing seam', low: 10, high: 18, url: ROOFINITY }],
  SLATE: [
    { variant: 'slate', low: 23.49, high: 31.77, url: RES },
    { variant: 'genuine (natural) slate', low: 14.5, high: 28, url: RENO },
    { variant: 'natural slate', low: 12, high: 33, url: BRAVA },
  ],
};

/** [low, high] USD per sq ft a material's installed price must land in (see the file comment). */
export function targetRange(material: RoofSurfaceMaterial): [number, number] {
  const ranges = PUBLISHED_RANGES[material];
  const low = Math.max(...ranges.map((r) => r.low));
  const high = Math.min(...ranges.map((r) => r.high));
  if (low <= high) return [low, high];
  return [high, low]; // disjoint sources: the gap between them
}

/** A zone at national indices (every index 1, no sales tax on file): the calibration's zone. */
export const NATIONAL_ZONE: ZoneInfo = {
  id: 'Z-US',
  name: 'United States (national average)',
  state: 'US',
  stateName: 'United States',
  laborIndex: 1,
  materialIndex: 1,
  costIndex: 1,
  confidence: 'low',
  confidenceNotes: [],
  metro: null,
};
