/**
 * The sample roof of the landing and How It Works pages, priced by the estimate engine itself, so
 * marketing never contradicts the product. Not imported by the app: scripts/generate-sample-quote.mjs
 * writes its result to sample-quote.generated.ts (run by `npm run build`), and
 * sample-quote.test.ts fails when that file is stale.
 */

import type { Estimate, LineItemCategory } from '../../../domain/estimates/estimate-types';
import { measurementFromArea } from '../../../domain/estimates/model/ballpark';
import { computeEstimate } from '../../../domain/estimates/model/estimate';
import type { EstimateInput } from '../../../domain/estimates/types';

/** A fixed sample roof: 2,400 sq ft of 30-year laminate shingles at 8/12 on a one-story house in Columbus, Ohio. */
export const SAMPLE_ROOF = {
  roofAreaSqFt: 2400,
  pitch: 8,
  zipCode: '43215',
  place: 'Columbus, Ohio',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  materialText: 'architectural (30-year laminate) shingle',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
} as const;

export function sampleRoofInput(): EstimateInput {
  return {
    measurement: measurementFromArea(SAMPLE_ROOF.roofAreaSqFt, SAMPLE_ROOF.pitch, 'Manual entry'),
    zipCode: SAMPLE_ROOF.zipCode,
    roofSurfaceMaterial: SAMPLE_ROOF.roofSurfaceMaterial,
    roofLayers: SAMPLE_ROOF.roofLayers,
    buildingHeight: SAMPLE_ROOF.buildingHeight,
    plywoodNeeded: SAMPLE_ROOF.plywoodNeeded,
  };
}

export interface SampleQuoteLine {
  label: string;
  detail: string;
  cents: number;
}

export interface SampleQuote {
  roofAreaSqFt: number;
  pitch: number;
  place: string;
  materialText: string;
  lines: SampleQuoteLine[];
  /** The engine's expected total (= the sum of the lines). */
  totalCents: number;
  lowCents: number;
  highCents: number;
  modelVersion: string;
}

const area = SAMPLE_ROOF.roofAreaSqFt.toLocaleString('en-US');

/** The engine's line items in the page's groups; overhead and profit as its own line with its rate. */
const GROUPS: { label: string; detail: (e: Estimate) => string; categories: LineItemCategory[] }[] = [
  {
    label: 'Materials',
    detail: (e) =>
      `Shingles, underlayment, flashing and edge metal for ${area} sq ft (${e.wastePercent}% waste)`,
    categories: ['materials'],
  },
  {
    label: 'Tear-off and disposal',
    detail: () => 'Removing the old roof, dumpster and landfill fees',
    categories: ['tear-off'],
  },
  {
    label: 'Labor and installation',
    detail: (e) =>
      e.lineItems.some((i) => i.category === 'labor' && i.code.startsWith('STEEP'))
        ? `Installation, with the steep-roof charge for ${SAMPLE_ROOF.pitch}/12`
        : 'Installation',
    categories: ['labor'],
  },
  {
    label: 'Permits',
    detail: () => 'Building permit and inspection',
    categories: ['fees'],
  },
  {
    label: 'Local market adjustment',
    detail: () => 'Learned from completed jobs in the price zone',
    categories: ['adjustment'],
  },
];

export function sampleQuoteFrom(estimate: Estimate): SampleQuote {
  const lines: SampleQuoteLine[] = GROUPS.map((g) => ({
    label: g.label,
    detail: g.detail(estimate),
    cents: estimate.lineItems
      .filter((i) => g.categories.includes(i.category))
      .reduce((s, i) => s + i.totalCents, 0),
  })).filter((line) => line.cents !== 0);
  lines.push({
    label: 'Overhead and profit',
    detail: `${Math.round(estimate.overheadAndProfitRate * 1000) / 10}% of the work, not of the tax`,
    cents: estimate.overheadAndProfitCents,
  });
  const sum = lines.reduce((s, line) => s + line.cents, 0);
  if (sum !== estimate.totalCents) {
    throw new Error(
      `The sample lines add up to ${sum} cents, the engine's total is ${estimate.totalCents}: group the new line items.`,
    );
  }
  return {
    roofAreaSqFt: SAMPLE_ROOF.roofAreaSqFt,
    pitch: SAMPLE_ROOF.pitch,
    place: SAMPLE_ROOF.place,
    materialText: SAMPLE_ROOF.materialText,
    lines,
    totalCents: estimate.totalCents,
    lowCents: estimate.range.lowCents,
    highCents: estimate.range.highCents,
    modelVersion: estimate.modelVersion,
  };
}

/** The sample quote as the engine prices it today. */
export function buildSampleQuote(): SampleQuote {
  return sampleQuoteFrom(computeEstimate(sampleRoofInput()));
}
