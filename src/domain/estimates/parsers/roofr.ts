/**
 * Roofr measurements CSV: one header row and one data row per property. Columns are matched by
 * header name (case and spacing ignored), never by position. Pitch appears only in headers:
 * `<n>/12 pitch (Sqft)` columns hold the area at that pitch.
 */
import Papa from 'papaparse';
import type { RoofFacet, RoofLengths } from '../types';
import {
  assertPlausibleRoof,
  buildMeasurement,
  emptyLengths,
  fail,
  formatPitch,
  type ParseContext,
  parseNumberText,
  shown,
} from './common';
import { structureProblem } from './limits';

const TOTAL = 'Total roof area (Sqft)';
const LENGTH_COLUMNS: Array<[keyof RoofLengths, string]> = [
  ['eaves', 'Eaves (LF)'],
  ['valleys', 'Valleys (LF)'],
  ['hips', 'Hips (LF)'],
  ['ridges', 'Ridges (LF)'],
  ['rakes', 'Rakes (LF)'],
  ['flashing', 'Wall Flashing (LF)'],
  ['stepFlashing', 'Step Flashing (LF)'],
];
const PITCH_COLUMN = /^(\d+(?:\.\d+)?)\s*\/\s*12\s*pitch\s*\(sq\s*ft\)$/i;

function norm(header: string): string {
  return header
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\(sq ft\)/i, '(sqft)')
    .toLowerCase();
}

export function parseRoofrCsv(text: string, ctx: ParseContext) {
  // bounded before the CSV library reads it: lines and header columns in one pass
  const structure = structureProblem('csv', ctx.fileName, text);
  if (structure) fail(ctx, structure, 'the CSV layout');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) {
    const where = fatal.row !== undefined ? `line ${fatal.row + 1}` : undefined;
    fail(
      ctx,
      `The file "${ctx.fileName}" is not a readable CSV${where ? ` (${where})` : ''}: ${fatal.message}. Download the CSV from Roofr again and upload it unchanged.`,
      where,
    );
  }
  const rows = parsed.data;
  const header = rows[0];
  if (!header || header.length < 2) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has no header row with column names. A Roofr measurements CSV starts with columns such as "${TOTAL}", "Eaves (LF)" and "Ridges (LF)".`,
      'line 1',
    );
  }
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    const key = norm(h);
    if (!index.has(key)) index.set(key, i);
  });
  const totalIdx = index.get(norm(TOTAL));
  if (totalIdx === undefined) {
    const found = header
      .slice(0, 6)
      .map((h) => `"${h.trim()}"`)
      .join(', ');
    fail(
      ctx,
      `The file "${ctx.fileName}" is not a Roofr measurements CSV: its header row (line 1) has no "${TOTAL}" column. It has columns such as ${found}${header.length > 6 ? ', ...' : ''}. Export the measurements CSV from the Roofr report.`,
      'line 1 (header row)',
    );
  }
  const dataRows = rows.slice(1).filter((r) => r.some((c) => c.trim() !== ''));
  if (dataRows.length === 0) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has column names but no measurement row (line 2 is missing or empty). Export the measurements CSV from Roofr again.`,
      'line 2',
    );
  }
  const warnings: string[] = [];
  if (dataRows.length > 1)
    warnings.push(`The CSV has ${dataRows.length} data rows; only the first (line 2) is used.`);
  const row = dataRows[0] as string[];

  const cell = (idx: number | undefined, column: string, required: boolean): number => {
    if (idx === undefined) {
      if (required) fail(ctx, `The file "${ctx.fileName}" has no "${column}" column.`, 'line 1 (header row)');
      warnings.push(`The CSV has no "${column}" column; taken as 0.`);
      return 0;
    }
    const raw = row[idx];
    const n = parseNumberText(raw);
    if (n === null) {
      if (required)
        fail(
          ctx,
          `In "${ctx.fileName}", the "${column}" value on line 2 is empty.`,
          `line 2, column "${column}"`,
        );
      return 0;
    }
    if (Number.isNaN(n) || n < 0) {
      fail(
        ctx,
        `In "${ctx.fileName}", the "${column}" value on line 2 is "${shown(raw)}", which is not a number.`,
        `line 2, column "${column}"`,
      );
    }
    return n;
  };

  const total = cell(totalIdx, TOTAL, true);
  const lengths = emptyLengths();
  for (const [key, column] of LENGTH_COLUMNS) lengths[key] = cell(index.get(norm(column)), column, false);

  const facets: RoofFacet[] = [];
  const areaByPitch: Record<string, number> = {};
  header.forEach((h, i) => {
    const m = PITCH_COLUMN.exec(h.trim());
    if (!m) return;
    const pitch = Number(m[1]);
    const a = cell(i, h.trim(), false);
    if (a <= 0) return;
    const label = formatPitch(pitch);
    areaByPitch[label] = (areaByPitch[label] ?? 0) + a;
    facets.push({ id: `pitch-${label}`, areaSqFt: a, pitch });
  });
  const flatIdx = index.get(norm('Total flat area (Sqft)'));
  const flat = flatIdx === undefined ? undefined : cell(flatIdx, 'Total flat area (Sqft)', false);
  if (facets.length === 0) {
    if (total > 0 && flat !== undefined && flat >= total - 1) {
      facets.push({ id: 'pitch-0/12', areaSqFt: total, pitch: 0 });
      areaByPitch['0/12'] = total;
    } else {
      fail(
        ctx,
        `The file "${ctx.fileName}" gives no area for any pitch: there are no "<n>/12 pitch (Sqft)" columns with a value on line 2, so the roof pitch is unknown.`,
        'line 2, pitch columns',
      );
    }
  }
  // pitch columns that do not cover the total are flagged by checkPlausibility (plausibility.ts)
  const twoStoryIdx = index.get(norm('Two Story (Sqft)'));
  const twoStory = twoStoryIdx === undefined ? undefined : cell(twoStoryIdx, 'Two Story (Sqft)', false);
  const addressIdx = index.get('address');
  const address = addressIdx === undefined ? undefined : (row[addressIdx] ?? '').trim() || undefined;

  const m = buildMeasurement({
    source: ctx.source,
    facets,
    facetCount: null,
    totalAreaSqFt: total,
    areaByPitch,
    ...(flat !== undefined ? { lowSlopeAreaSqFt: flat } : {}),
    lengths,
    ...(twoStory !== undefined ? { stories: twoStory > 0 ? '>1' : '1' } : {}),
    ...(address ? { address } : {}),
    warnings,
  });
  assertPlausibleRoof(ctx, m, `the "${TOTAL}" column`);
  return m;
}
