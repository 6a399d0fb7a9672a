/**
 * HOVER measurements JSON (`summarized_json` version): the `roof` section.
 * Ridges and hips come as one combined length (`ridges_hips`); eaves from `gutters_eaves`.
 */
import type { RoofFacet, WasteRow } from '../types';
import {
  assertPlausibleRoof,
  buildMeasurement,
  emptyLengths,
  fail,
  formatPitch,
  type ParseContext,
  parseNumberText,
  parsePitchLabel,
  round,
  shown,
} from './common';
import { MEASUREMENT_LIMITS, structureProblem, tooManyMessage } from './limits';

type Json = unknown;

/** A value from the file as JSON in a message, cut short when long. */
const js = (v: Json) => shown(JSON.stringify(v ?? null));

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lineColOf(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return { line, column };
}

const WASTE_KEYS: Array<[string, number]> = [
  ['zero', 0],
  ['plus_5_percent', 5],
  ['plus_10_percent', 10],
  ['plus_15_percent', 15],
  ['plus_20_percent', 20],
];

export function parseHoverJson(text: string, ctx: ParseContext) {
  // bounded before JSON.parse reads it: nesting depth in one pass
  const structure = structureProblem('json', ctx.fileName, text);
  if (structure) fail(ctx, structure, 'the JSON structure');
  let doc: Json;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const pos = /position (\d+)/.exec(msg);
    const where = pos
      ? (() => {
          const lc = lineColOf(text, Number(pos[1]));
          return `line ${lc.line}, column ${lc.column}`;
        })()
      : /end of JSON input/i.test(msg)
        ? 'the end of the file'
        : undefined;
    const truncated = /end of JSON input|Unterminated/i.test(msg);
    fail(
      ctx,
      `The file "${ctx.fileName}" is not valid JSON${where ? ` (problem at ${where})` : ''}${truncated ? ': the file appears to be cut off' : ''}. Download the measurements JSON from HOVER again and upload it unchanged.`,
      where,
    );
  }
  const roof = findRoof(doc);
  if (!roof) {
    const keys = isObject(doc) ? Object.keys(doc) : [];
    fail(
      ctx,
      `The file "${ctx.fileName}" has no roof measurements: the "roof" section is missing${keys.length ? ` (the file only has ${keys.map((k) => `"${k}"`).join(', ')})` : ''}. It may be a siding-only or walls-only HOVER export. Download the roof measurements JSON (summarized_json) from HOVER.`,
      'roof',
    );
  }
  const warnings: string[] = [];
  const facetsBlock = roof.roof_facets;
  if (!isObject(facetsBlock)) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has a "roof" section without "roof_facets", so the roof area is unknown. Download the roof measurements JSON from HOVER again.`,
      'roof.roof_facets',
    );
  }
  const total = parseNumberText(facetsBlock.area);
  if (total === null || Number.isNaN(total) || total <= 0) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has no usable roof area: "roof.roof_facets.area" is ${js(facetsBlock.area ?? null)}. Download the roof measurements JSON from HOVER again.`,
      'roof.roof_facets.area',
    );
  }
  const facetCountRaw = parseNumberText(facetsBlock.total);
  const facetCount =
    facetCountRaw !== null && Number.isFinite(facetCountRaw) ? Math.round(facetCountRaw) : null;

  const lengthOf = (key: string): number => {
    const block = roof[key];
    if (block === undefined || block === null) {
      warnings.push(`The HOVER file has no "roof.${key}" entry; taken as 0 ft.`);
      return 0;
    }
    if (!isObject(block))
      fail(
        ctx,
        `In "${ctx.fileName}", "roof.${key}" should be an object with a "length", but it is ${js(block)}.`,
        `roof.${key}`,
      );
    const n = parseNumberText(block.length);
    if (n === null) return 0;
    if (Number.isNaN(n) || n < 0)
      fail(
        ctx,
        `In "${ctx.fileName}", "roof.${key}.length" is ${js(block.length)}, which is not a length in feet.`,
        `roof.${key}.length`,
      );
    return n;
  };
  const lengths = emptyLengths();
  lengths.ridges = lengthOf('ridges_hips');
  lengths.hips = 0;
  lengths.valleys = lengthOf('valleys');
  lengths.rakes = lengthOf('rakes');
  lengths.eaves = lengthOf('gutters_eaves');
  lengths.flashing = lengthOf('flashing');
  lengths.stepFlashing = lengthOf('step_flashing');

  const pitchList = roof.pitch;
  if (!Array.isArray(pitchList) || pitchList.length === 0) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has no roof pitch: "roof.pitch" is missing or empty. Download the roof measurements JSON from HOVER again.`,
      'roof.pitch',
    );
  }
  if (pitchList.length > MEASUREMENT_LIMITS.pitchEntries)
    fail(
      ctx,
      tooManyMessage(ctx.fileName, 'entries in "roof.pitch"', MEASUREMENT_LIMITS.pitchEntries),
      'roof.pitch',
    );
  const facets: RoofFacet[] = [];
  const areaByPitch: Record<string, number> = {};
  pitchList.forEach((entry, i) => {
    const where = `roof.pitch[${i}]`;
    if (!isObject(entry))
      fail(
        ctx,
        `In "${ctx.fileName}", entry ${i + 1} of "roof.pitch" is not an object with "roof_pitch" and "area".`,
        where,
      );
    const p =
      typeof entry.roof_pitch === 'number'
        ? entry.roof_pitch
        : parsePitchLabel(String(entry.roof_pitch ?? ''));
    if (p === null || !Number.isFinite(p)) {
      fail(
        ctx,
        `In "${ctx.fileName}", entry ${i + 1} of "roof.pitch" has the pitch ${js(entry.roof_pitch ?? null)}; expected a pitch like "6/12".`,
        `${where}.roof_pitch`,
      );
    }
    const a = parseNumberText(entry.area);
    if (a === null || Number.isNaN(a) || a < 0) {
      fail(
        ctx,
        `In "${ctx.fileName}", entry ${i + 1} of "roof.pitch" (${formatPitch(p)}) has the area ${js(entry.area ?? null)}; expected square feet.`,
        `${where}.area`,
      );
    }
    if (a === 0) return;
    const label = formatPitch(p);
    areaByPitch[label] = (areaByPitch[label] ?? 0) + a;
    facets.push({ id: `pitch-${label}`, areaSqFt: a, pitch: p });
  });
  if (facets.length === 0) {
    fail(
      ctx,
      `The file "${ctx.fileName}" gives no area for any pitch in "roof.pitch". Download the roof measurements JSON from HOVER again.`,
      'roof.pitch',
    );
  }
  // a table that does not cover the roof area is flagged by checkPlausibility (plausibility.ts)

  let wasteTable: WasteRow[] | undefined;
  const wf = isObject(roof.waste_factor) && isObject(roof.waste_factor.area) ? roof.waste_factor.area : null;
  if (wf) {
    const rows: WasteRow[] = [];
    for (const [key, percent] of WASTE_KEYS) {
      const v = parseNumberText(wf[key]);
      if (v !== null && Number.isFinite(v) && v > 0)
        rows.push({ percent, areaSqFt: v, squares: round(v / 100, 2) });
    }
    if (rows.length > 0) wasteTable = rows;
  }

  const m = buildMeasurement({
    source: ctx.source,
    facets,
    facetCount,
    totalAreaSqFt: total,
    areaByPitch,
    lengths,
    ridgesAndHipsCombined: true,
    ...(wasteTable ? { wasteTable } : {}),
    warnings,
  });
  assertPlausibleRoof(ctx, m, 'roof.roof_facets.area');
  return m;
}

/** The `roof` object of a summarized_json document (also when wrapped in a `measurements` key). */
function findRoof(doc: Json): Record<string, Json> | null {
  if (!isObject(doc)) return null;
  const candidates: Json[] = [doc, doc.measurements, doc.summarized_json, doc.data];
  for (const c of candidates) {
    if (isObject(c) && isObject(c.roof)) return c.roof;
  }
  return null;
}
