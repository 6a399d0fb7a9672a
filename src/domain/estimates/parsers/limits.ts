/**
 * Bounds on what a measurement file may hold, and linear pre-scans that enforce the structural
 * ones before any library parses the text (a hostile file must not cost more than one pass).
 * The numbers are far above any real single-property export (the largest real roofs have a
 * few hundred faces and lines; the files nest 6 levels deep) and far below what would stall a parse.
 */
export const MEASUREMENT_LIMITS = {
  /** XML element nesting depth (EagleView / GAF exports nest about 6 deep). */
  xmlDepth: 32,
  /** XML elements in one file. */
  xmlElements: 50_000,
  /** JSON object/array nesting depth (HOVER summarized_json nests about 5 deep). */
  jsonDepth: 32,
  /** Lines of a CSV (Roofr exports have a header and one data row). */
  csvLines: 1_000,
  /** Columns of a CSV header (Roofr exports have about 30). */
  csvColumns: 1_000,
  /** Roof structures in one XML file. */
  roofs: 100,
  /** Roof faces (facets) in one file, over all structures. */
  facets: 1_000,
  /** Edges in the outline of one face. */
  edgesPerFacet: 500,
  /** Roof lines (ridges, eaves, ...) in one file. */
  lines: 20_000,
  /** Points in one file. */
  points: 20_000,
  /** Entries of HOVER's area-by-pitch list. */
  pitchEntries: 1_000,
  /** Characters of one number (longer text is not a measurement). */
  numberChars: 64,
} as const;

const fmt = (n: number) => n.toLocaleString('en-US');
const named = (fileName: string | undefined) => (fileName ? ` "${fileName}"` : '');

/** The sentence for a file that holds more of something than any roof measurement export. */
export function tooManyMessage(fileName: string | undefined, what: string, limit: number): string {
  return `The file${named(fileName)} has more than ${fmt(limit)} ${what}, far more than a measurement export of one property has, so it was not read. Check that you chose the right file, or export the measurements again from the provider.`;
}

/** The sentence for a file nested deeper than any roof measurement export. */
export function tooDeepMessage(fileName: string | undefined, kind: 'XML' | 'JSON', limit: number): string {
  return `The file${named(fileName)} nests its ${kind} more than ${limit} levels deep, far more than a measurement export has, so it was not read. Check that you chose the right file, or export the measurements again from the provider.`;
}

/**
 * One pass over an XML text: the deepest element nesting and the element count, stopping as soon
 * as a limit is passed. Skips comments, CDATA, processing instructions, the doctype and quoted
 * attribute values, so a `<` inside them counts for nothing. Malformed input is left to the validator.
 */
export function scanXml(
  text: string,
  limits: { depth: number; elements: number } = {
    depth: MEASUREMENT_LIMITS.xmlDepth,
    elements: MEASUREMENT_LIMITS.xmlElements,
  },
): { tooDeep: boolean; tooMany: boolean } {
  let depth = 0;
  let elements = 0;
  let i = text.indexOf('<');
  while (i >= 0 && i < text.length) {
    const next = text.charCodeAt(i + 1);
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      i = end < 0 ? -1 : text.indexOf('<', end + 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      i = end < 0 ? -1 : text.indexOf('<', end + 3);
      continue;
    }
    if (next === 0x3f /* ? */ || next === 0x21 /* ! */) {
      const end = text.indexOf('>', i + 2);
      i = end < 0 ? -1 : text.indexOf('<', end + 1);
      continue;
    }
    if (next === 0x2f /* / */) {
      depth = Math.max(0, depth - 1);
      const end = text.indexOf('>', i + 2);
      i = end < 0 ? -1 : text.indexOf('<', end + 1);
      continue;
    }
    // a start tag: find its end, skipping quoted attribute values
    let j = i + 1;
    let quote = 0;
    for (; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (quote) {
        if (c === quote) quote = 0;
      } else if (c === 0x22 || c === 0x27) quote = c;
      else if (c === 0x3e /* > */) break;
    }
    elements++;
    if (elements > limits.elements) return { tooDeep: false, tooMany: true };
    if (text.charCodeAt(j - 1) !== 0x2f /* self-closing */) {
      depth++;
      if (depth > limits.depth) return { tooDeep: true, tooMany: false };
    }
    i = j >= text.length ? -1 : text.indexOf('<', j + 1);
  }
  return { tooDeep: false, tooMany: false };
}

/** One pass over a JSON text: whether objects/arrays nest deeper than `limit` (strings skipped). */
export function jsonTooDeep(text: string, limit: number = MEASUREMENT_LIMITS.jsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Upper bound of a CSV's lines (line breaks inside quotes count too) without parsing it, stopping past `limit`. */
export function csvLinesOver(text: string, limit: number = MEASUREMENT_LIMITS.csvLines): boolean {
  let lines = 0;
  let i = text.indexOf('\n');
  while (i >= 0) {
    // blank lines are skipped by the parsers: do not count them
    if (i + 1 < text.length && text.charCodeAt(i + 1) !== 0x0a && text.charCodeAt(i + 1) !== 0x0d) lines++;
    if (lines >= limit) return true;
    i = text.indexOf('\n', i + 1);
  }
  return false;
}

/** Upper bound of the columns of a CSV's first line (separators inside quotes count too). */
export function csvColumnsOver(text: string, limit: number = MEASUREMENT_LIMITS.csvColumns): boolean {
  const end = text.indexOf('\n');
  const first = end < 0 ? text : text.slice(0, end);
  let columns = 1;
  for (let i = first.indexOf(','); i >= 0; i = first.indexOf(',', i + 1)) {
    columns++;
    if (columns > limit) return true;
  }
  return false;
}

/** The first structural limit a file of this kind passes, as the sentence to show; null when within them. */
export function structureProblem(
  kind: 'json' | 'xml' | 'csv',
  fileName: string | undefined,
  text: string,
): string | null {
  const L = MEASUREMENT_LIMITS;
  if (kind === 'json') return jsonTooDeep(text) ? tooDeepMessage(fileName, 'JSON', L.jsonDepth) : null;
  if (kind === 'xml') {
    const s = scanXml(text);
    if (s.tooDeep) return tooDeepMessage(fileName, 'XML', L.xmlDepth);
    if (s.tooMany) return tooManyMessage(fileName, 'XML elements', L.xmlElements);
    return null;
  }
  if (csvLinesOver(text)) return tooManyMessage(fileName, 'lines', L.csvLines);
  if (csvColumnsOver(text)) return tooManyMessage(fileName, 'columns', L.csvColumns);
  return null;
}

/** The sentence for a file whose reading took longer than the time budget (it was stopped). */
export function tooSlowMessage(fileName: string | undefined, budgetMs: number): string {
  const seconds = Math.round(budgetMs / 100) / 10;
  return `The file${named(fileName)} took more than ${seconds} ${seconds === 1 ? 'second' : 'seconds'} to read, far longer than a measurement export takes, so it was not read. Check that you chose the right file, or export the measurements again from the provider.`;
}

/** The sentence for a file whose reading needed more memory than allowed (the reader was stopped). */
export function tooHeavyMessage(fileName: string | undefined): string {
  return `The file${named(fileName)} needs more memory to read than a measurement export does, so it was not read. Check that you chose the right file, or export the measurements again from the provider.`;
}
