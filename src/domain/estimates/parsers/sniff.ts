import type { MeasurementSource } from '../types';

export type ContentKind = 'json' | 'xml' | 'csv' | 'pdf' | 'zip' | 'binary' | 'text';

export interface ContentSniff {
  kind: ContentKind;
  /** The measurement source the content most likely comes from, when recognisable. */
  likelySource: MeasurementSource | null;
  /** For XML: the root element name. */
  rootElement?: string;
  /** For XML: a HOVER XML export (root DATA_EXPORT, or faces named "RF-1"), which no source of ours reads. */
  hoverXml?: boolean;
}

/** Looks at the start of a file (cheap, no full parse) to tell its kind and likely source. */
export function sniffContent(text: string): ContentSniff {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const head = body.slice(0, 4096);
  if (head.startsWith('%PDF')) return { kind: 'pdf', likelySource: null };
  if (head.startsWith('PK\u0003\u0004')) return { kind: 'zip', likelySource: null };
  if (head.includes('\u0000')) return { kind: 'binary', likelySource: null };
  const trimmed = head.trimStart();
  const first = trimmed.charAt(0);
  if (first === '{' || first === '[') {
    const hover = /"(roof_facets|ridges_hips|gutters_eaves|roofline|waste_factor)"/.test(
      body.slice(0, 200_000),
    );
    return { kind: 'json', likelySource: hover ? 'HOVER .json' : null };
  }
  if (first === '<') {
    const start = body.slice(0, 200_000);
    const root = xmlRootName(start);
    let likely: MeasurementSource | null = null;
    if (root === 'EAGLEVIEW_EXPORT') likely = 'Eagleview .xml';
    else if (root && /QUICKMEASURE|QUICKSQUARE|GAF/i.test(root)) likely = 'GAF QuickSquare .xml';
    // HOVER's XML export: EagleView's layout under <DATA_EXPORT>, faces named "RF-1" (FORMATS.md)
    const hoverXml =
      root === 'DATA_EXPORT' ||
      (likely === null && /<FACE\b[^>]{0,500}?\bname\s*=\s*["']RF-\d+["']/i.test(start));
    return {
      kind: 'xml',
      likelySource: likely,
      ...(root ? { rootElement: root } : {}),
      ...(hoverXml ? { hoverXml } : {}),
    };
  }
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? '';
  if (/total roof area \(sqft\)/i.test(firstLine)) return { kind: 'csv', likelySource: 'Roofr .csv' };
  if (/[,;\t]/.test(firstLine)) return { kind: 'csv', likelySource: null };
  return { kind: 'text', likelySource: null };
}

/** The source a file's content most likely comes from, or null when unrecognisable. */
export function detectMeasurementSource(text: string): MeasurementSource | null {
  return sniffContent(text).likelySource;
}

/**
 * Name of the first element of an XML text (skipping the declaration, comments, doctype, CDATA).
 * One pass: each skipped construct is jumped over by searching for its end once.
 */
export function xmlRootName(text: string): string | undefined {
  let i = text.indexOf('<');
  while (i >= 0) {
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) return undefined;
      i = text.indexOf('<', end + 3);
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end < 0) return undefined;
      i = text.indexOf('<', end + 3);
      continue;
    }
    const next = text.charAt(i + 1);
    if (next === '?' || next === '!' || next === '/') {
      const end = text.indexOf('>', i + 2);
      if (end < 0) return undefined;
      i = text.indexOf('<', end + 1);
      continue;
    }
    const m = /^[^\s/>!?<]+/.exec(text.slice(i + 1, i + 257));
    if (!m) {
      i = text.indexOf('<', i + 1);
      continue;
    }
    return m[0].replace(/^[^:]+:/, '');
  }
  return undefined;
}

export function describeContent(s: ContentSniff): string {
  switch (s.kind) {
    case 'pdf':
      return 'a PDF document (a printed report); upload the data file the provider delivers with it instead';
    case 'zip':
      return 'a ZIP archive or Excel workbook';
    case 'binary':
      return 'a binary file (an image or other non-text file)';
    case 'json':
      return s.likelySource === 'HOVER .json' ? 'a HOVER measurements JSON file' : 'a JSON file';
    case 'xml':
      if (s.hoverXml) return 'a HOVER XML export';
      if (s.likelySource === 'Eagleview .xml') return 'an EagleView XML file';
      if (s.likelySource === 'GAF QuickSquare .xml') return 'a GAF QuickMeasure XML file';
      return s.rootElement ? `an XML file (main element <${s.rootElement}>)` : 'an XML file';
    case 'csv':
      return s.likelySource === 'Roofr .csv' ? 'a Roofr CSV file' : 'a CSV (spreadsheet) file';
    case 'text':
      return 'plain text';
  }
}
