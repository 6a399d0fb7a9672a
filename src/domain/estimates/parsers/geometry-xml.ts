/**
 * Roof geometry XML: EagleView `EAGLEVIEW_EXPORT` and GAF QuickMeasure (same STRUCTURES/ROOF/
 * FACES/LINES/POINTS layout; detected by structure, not by root name). Facet area is taken from
 * POLYGON `unroundedsize`/`size` when present, otherwise computed from the 3D outline (Newell);
 * lengths from 3D point distances per LINE type. An EagleView OVERALL_SUMMARY, when present, is
 * the authority for totals (the geometry is checked against it).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RoofFacet, RoofLengths, RoofLine } from '../types';
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
import { asArray, attr, type Node, readFace, readPoints } from './geometry-xml-faces';
import { MEASUREMENT_LIMITS, structureProblem, tooManyMessage } from './limits';
import { dist } from './polygon';
import { xmlRootName } from './sniff';
import { describeXmlError, lineNumberOf } from './xml-errors';

const ARRAY_TAGS = new Set(['ROOF', 'FACE', 'POLYGON', 'LINE', 'POINT', 'ATTRIBUTE']);

const LINE_TYPES: Record<string, RoofLine['type']> = {
  RIDGE: 'ridge',
  HIP: 'hip',
  VALLEY: 'valley',
  EAVE: 'eave',
  RAKE: 'rake',
  FLASHING: 'flashing',
  FLASH: 'flashing',
  STEPFLASH: 'stepFlashing',
  STEPFLASHING: 'stepFlashing',
  STEP_FLASHING: 'stepFlashing',
  PARAPET: 'parapet',
};

const LENGTH_KEY: Partial<Record<RoofLine['type'], keyof RoofLengths>> = {
  ridge: 'ridges',
  hip: 'hips',
  valley: 'valleys',
  eave: 'eaves',
  rake: 'rakes',
  flashing: 'flashing',
  stepFlashing: 'stepFlashing',
};

const SUMMARY_LENGTHS: Array<[keyof RoofLengths, string]> = [
  ['ridges', 'TotalRidgesLength'],
  ['hips', 'TotalHipsLength'],
  ['valleys', 'TotalValleysLength'],
  ['rakes', 'TotalRakesLength'],
  ['eaves', 'TotalEavesLength'],
  ['flashing', 'TotalFlashingLength'],
  ['stepFlashing', 'TotalStepFlashingLength'],
];

export function parseGeometryXml(text: string, ctx: ParseContext) {
  // bounded before any library reads it: nesting depth and element count in one pass
  const structure = structureProblem('xml', ctx.fileName, text);
  if (structure) fail(ctx, structure, 'the XML structure');
  const valid = XMLValidator.validate(text);
  if (valid !== true) describeXmlError(text, ctx, valid.err);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    removeNSPrefix: true,
    isArray: (name) => ARRAY_TAGS.has(name),
  });
  const doc = parser.parse(text) as Node;
  const rootName = xmlRootName(text) ?? Object.keys(doc).find((k) => !k.startsWith('?')) ?? '';
  const root = doc[rootName] as Node | undefined;
  const providerName = ctx.source === 'Eagleview .xml' ? 'EagleView' : 'GAF QuickMeasure';
  const structures = root && typeof root === 'object' ? (root.STRUCTURES as Node | undefined) : undefined;
  const roofs = asArray(structures?.ROOF);
  const summaryNode =
    root && typeof root === 'object' ? (root.OVERALL_SUMMARY as Node | undefined) : undefined;
  const summary = new Map<string, string>();
  for (const a of asArray(summaryNode?.ATTRIBUTE)) {
    const name = attr(a, 'name');
    const value = attr(a, 'value');
    if (name && value !== undefined) summary.set(name.trim(), value.trim());
  }
  if (roofs.length === 0 && !summary.has('TotalRoofArea')) {
    const kind = /^kml$/i.test(rootName)
      ? ' (a Google Earth KML outline)'
      : /^svg$/i.test(rootName)
        ? ' (an SVG drawing)'
        : '';
    fail(
      ctx,
      `The file "${ctx.fileName}" is XML, but not a roof measurement export: its main element is <${rootName}>${kind}, and it has no <STRUCTURES> with <ROOF>, <FACES>, <LINES> and <POINTS>. Upload the ${providerName} XML measurement file.`,
      `<${rootName}> (line ${lineNumberOf(text, new RegExp(`<(\\w+:)?${rootName}[\\s>/]`)) ?? 1})`,
    );
  }
  const L = MEASUREMENT_LIMITS;
  const tooMany = (what: string, limit: number, where: string): never =>
    fail(ctx, tooManyMessage(ctx.fileName, what, limit), where);
  if (roofs.length > L.roofs) tooMany('roof structures', L.roofs, '<STRUCTURES>');
  let pointCount = 0;
  let lineCount = 0;
  let faceCount = 0;
  for (const roof of roofs) {
    pointCount += asArray((roof.POINTS as Node | undefined)?.POINT).length;
    lineCount += asArray((roof.LINES as Node | undefined)?.LINE).length;
    faceCount += asArray((roof.FACES as Node | undefined)?.FACE).length;
  }
  if (pointCount > L.points) tooMany('points', L.points, '<POINTS>');
  if (lineCount > L.lines) tooMany('roof lines', L.lines, '<LINES>');
  if (faceCount > L.facets) tooMany('roof faces', L.facets, '<FACES>');

  const warnings: string[] = [];
  if (ctx.source === 'GAF QuickSquare .xml' && rootName === 'EAGLEVIEW_EXPORT') {
    warnings.push('The file is an EagleView XML export; it was read as the same roof geometry layout.');
  }
  const facets: RoofFacet[] = [];
  const lines: RoofLine[] = [];
  const geomLengths = emptyLengths();
  let unknownLineTypes = 0;
  let roofFaces = 0;

  for (const [ri, roof] of roofs.entries()) {
    const roofId = attr(roof, 'id') ?? `#${ri + 1}`;
    const roofWhere = `<ROOF id="${roofId}">`;
    const points = readPoints(roof, roofWhere, ctx);
    const lineEnds = new Map<string, [string, string]>();
    for (const l of asArray((roof.LINES as Node | undefined)?.LINE)) {
      const id = attr(l, 'id');
      const path = (attr(l, 'path') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const typeRaw = (attr(l, 'type') ?? '').trim().toUpperCase();
      if (!id) continue;
      if (path.length !== 2) {
        fail(
          ctx,
          `In "${ctx.fileName}", line ${id} in ${roofWhere} has the path "${shown(attr(l, 'path'))}"; expected two point ids like "C1,C2".`,
          `${roofWhere} <LINES> ${id}`,
        );
      }
      const [a, b] = path as [string, string];
      const pa = points.get(a);
      const pb = points.get(b);
      if (!pa || !pb) {
        fail(
          ctx,
          `In "${ctx.fileName}", line ${id} in ${roofWhere} refers to point ${!pa ? a : b}, which is not in <POINTS>. The file is incomplete; export it again.`,
          `${roofWhere} <LINES> ${id}`,
        );
      }
      lineEnds.set(id, [a, b]);
      const type = LINE_TYPES[typeRaw];
      if (!type) {
        unknownLineTypes++;
        continue;
      }
      lines.push({ type, from: pa, to: pb });
      const key = LENGTH_KEY[type];
      if (key) geomLengths[key] += dist(pa, pb);
    }
    for (const face of asArray((roof.FACES as Node | undefined)?.FACE)) {
      const ftype = (attr(face, 'type') ?? 'ROOF').trim().toUpperCase();
      if (ftype !== 'ROOF') continue;
      roofFaces++;
      const fid = attr(face, 'id') ?? `face ${roofFaces}`;
      facets.push(readFace(face, fid, roofWhere, points, lineEnds, ctx));
    }
  }
  if (unknownLineTypes > 0)
    warnings.push(`${unknownLineTypes} roof line(s) of an unknown type were ignored.`);

  // Summary values (EagleView) are the authority when present; geometry otherwise.
  const sNum = (name: string): number | null => {
    const raw = summary.get(name);
    if (raw === undefined) return null;
    const n = parseNumberText(raw);
    if (n === null || Number.isNaN(n)) {
      fail(
        ctx,
        `In "${ctx.fileName}", the summary value ${shown(name)} is "${shown(raw)}", which is not a number.`,
        `<OVERALL_SUMMARY> ${name}`,
      );
    }
    return n;
  };
  if (facets.length === 0 && sNum('TotalRoofArea') === null) {
    fail(
      ctx,
      `The file "${ctx.fileName}" has no roof faces: no <FACE type="ROOF"> in <STRUCTURES>, and no TotalRoofArea summary. Upload the ${providerName} XML of the roof report.`,
      '<FACES>',
    );
  }
  const lengths = emptyLengths();
  const geomHasLines = lines.length > 0;
  for (const [key, name] of SUMMARY_LENGTHS) {
    const s = sNum(name);
    lengths[key] = s ?? geomLengths[key];
    if (s !== null && geomHasLines && Math.abs(s - geomLengths[key]) > Math.max(1, s * 0.02)) {
      warnings.push(
        `${name} in the summary (${s} ft) differs from the drawn lines (${round(geomLengths[key], 1)} ft); the summary is used.`,
      );
    }
  }
  // the summary is the authority; a summary that disagrees with the faces is flagged by
  // checkPlausibility (plausibility.ts)
  const summaryTotal = sNum('TotalRoofArea');
  const areaByPitch: Record<string, number> = {};
  for (const [name, raw] of summary) {
    const m = /^RoofAreaPerPitch:(.+)$/.exec(name);
    if (!m) continue;
    const p = parsePitchLabel(m[1] ?? '');
    const a = parseNumberText(raw);
    if (p === null || a === null || Number.isNaN(a)) continue;
    if (a > 0) areaByPitch[formatPitch(p)] = (areaByPitch[formatPitch(p)] ?? 0) + a;
  }
  if (facets.length === 0 && summaryTotal !== null) {
    // Area-only report: one pseudo-facet at the stated predominant pitch.
    const p = parsePitchLabel(summary.get('PredominantPitch') ?? '') ?? null;
    if (p === null && Object.keys(areaByPitch).length === 0) {
      fail(
        ctx,
        `The file "${ctx.fileName}" has a roof area but no pitch (no PredominantPitch in <OVERALL_SUMMARY>).`,
        '<OVERALL_SUMMARY>',
      );
    }
    if (Object.keys(areaByPitch).length > 0) {
      for (const [label, a] of Object.entries(areaByPitch))
        facets.push({ id: `pitch-${label}`, areaSqFt: a, pitch: parsePitchLabel(label) ?? 0 });
    } else {
      facets.push({ id: 'summary', areaSqFt: summaryTotal, pitch: p as number });
    }
    warnings.push('The file has no roof geometry; the summary totals were used.');
  }
  const facetCountSummary = sNum('TotalRoofFacets');
  const waste = sNum('SuggestedWastePercentage');
  const stories = summary.get('NumberOfStories');
  const loc = root && typeof root === 'object' ? (root.LOCATION as Node | undefined) : undefined;
  const address = loc
    ? [
        attr(loc, 'address'),
        attr(loc, 'city'),
        [attr(loc, 'state'), attr(loc, 'postal')].filter(Boolean).join(' '),
      ]
        .map((s) => (s ?? '').trim())
        .filter(Boolean)
        .join(', ')
    : '';

  const m = buildMeasurement({
    source: ctx.source,
    facets,
    facetCount: roofFaces > 0 ? roofFaces : facetCountSummary !== null ? Math.round(facetCountSummary) : null,
    ...(summaryTotal !== null ? { totalAreaSqFt: summaryTotal } : {}),
    ...(Object.keys(areaByPitch).length > 0 ? { areaByPitch } : {}),
    lengths,
    ...(lines.length > 0 ? { lines } : {}),
    ...(waste !== null ? { suggestedWastePercent: waste } : {}),
    ...(stories ? { stories } : {}),
    ...(address ? { address } : {}),
    warnings,
  });
  assertPlausibleRoof(ctx, m, summaryTotal !== null ? 'TotalRoofArea' : '<FACES>');
  return m;
}
