/**
 * Measurement-file parsers: HOVER .json, EagleView .xml, Roofr .csv, GAF QuickSquare .xml
 * (GAF QuickMeasure XML), each into one normalized RoofMeasurement. Pure: runs in Node and the browser.
 */

import { priceability } from '../model/priceable';
import { MeasurementParseError, type MeasurementSource, type RoofMeasurement } from '../types';
import { parseGeometryXml } from './geometry-xml';
import { parseHoverJson } from './hover';
import { checkPlausibility } from './plausibility';
import { parseRoofrCsv } from './roofr';
import { describeContent, sniffContent } from './sniff';

export { buildMeasurement, formatPitch, parsePitchLabel } from './common';
export { MEASUREMENT_LIMITS } from './limits';
export { checkPlausibility, PLAUSIBLE_ROOF } from './plausibility';
export { detectMeasurementSource, sniffContent } from './sniff';

/** Largest file the parsers accept (characters). Real exports are a few hundred kB at most. */
export const MAX_MEASUREMENT_FILE_CHARS = 20 * 1024 * 1024;

/**
 * Reads a measurement file of the given source into a normalized RoofMeasurement.
 * Throws MeasurementParseError with a user-facing message (what is wrong, and where in the
 * file) when the file cannot be read, is of another source, or lacks the roof data.
 */
export function parseMeasurementFile(
  source: MeasurementSource,
  fileName: string,
  text: string,
): RoofMeasurement {
  const ctx = { source, fileName };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new MeasurementParseError(
      `The file "${fileName}" is empty. Upload the ${expectedKind(source)} exported from the provider.`,
      ctx,
    );
  }
  if (body.length > MAX_MEASUREMENT_FILE_CHARS) {
    throw new MeasurementParseError(
      `The file "${fileName}" is too large to be a ${expectedKind(source)} (over 20 MB). Check that you chose the right file.`,
      ctx,
    );
  }
  const sniff = sniffContent(body);
  const wantKind = source === 'HOVER .json' ? 'json' : source === 'Roofr .csv' ? 'csv' : 'xml';
  if (sniff.kind !== wantKind) {
    throw new MeasurementParseError(
      `The file "${fileName}" does not match the source you chose ("${source}"): it looks like ${describeContent(sniff)}, not a ${expectedKind(source)}. ${sniff.likelySource && sniff.likelySource !== source ? `Choose "${sniff.likelySource}" as the measurement file source, or upload the ${expectedKind(source)}.` : `Upload the ${expectedKind(source)}.`}`,
      ctx,
    );
  }
  if (sniff.hoverXml && source !== 'HOVER .json') {
    throw new MeasurementParseError(
      `The file "${fileName}" is a HOVER file (a HOVER XML export, main element <${sniff.rootElement ?? 'DATA_EXPORT'}>), not the ${expectedKind(source)} chosen as the source. Choose "HOVER .json" as the measurement file source and upload the HOVER measurements JSON file.`,
      { ...ctx, where: `<${sniff.rootElement ?? 'DATA_EXPORT'}>` },
    );
  }
  const m = parseBySource(source, body, ctx);
  // what cannot be a house's roof is refused; figures that disagree are priced with a warning
  m.warnings.push(...checkPlausibility(ctx, m));
  // the same decision as pricing's (issue 24 #1): a file accepted here is never refused later
  const { problem, warnings } = priceability(m);
  if (problem) throw new MeasurementParseError(`In "${fileName}": ${problem}`, ctx);
  m.warnings.push(...warnings);
  return m;
}

function parseBySource(
  source: MeasurementSource,
  body: string,
  ctx: { source: MeasurementSource; fileName: string },
): RoofMeasurement {
  switch (source) {
    case 'HOVER .json':
      return parseHoverJson(body, ctx);
    case 'Roofr .csv':
      return parseRoofrCsv(body, ctx);
    case 'Eagleview .xml':
    case 'GAF QuickSquare .xml':
      return parseGeometryXml(body, ctx);
    default: {
      const never: never = source;
      throw new MeasurementParseError(`Unknown measurement file source "${String(never)}".`, ctx);
    }
  }
}

function expectedKind(source: MeasurementSource): string {
  switch (source) {
    case 'HOVER .json':
      return 'HOVER measurements JSON file (.json)';
    case 'Eagleview .xml':
      return 'EagleView XML file (.xml)';
    case 'Roofr .csv':
      return 'Roofr measurements CSV file (.csv)';
    case 'GAF QuickSquare .xml':
      return 'GAF QuickMeasure XML file (.xml)';
  }
}
