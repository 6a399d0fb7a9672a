import { describe, expect, it } from 'vitest';
import {
  csvHugeRows,
  csvLongNumber,
  csvManyColumns,
  jsonDeepNesting,
  xmlCommentFullOfLt,
  xmlDeepNesting,
  xmlFacetWithManyEdges,
} from '../../../../tests/helpers/hostile-measurements';
import { MeasurementParseError } from '../types';
import { parseNumberText } from './common';
import { parseMeasurementFile } from './index';
import { jsonTooDeep, MEASUREMENT_LIMITS, scanXml } from './limits';
import { chainRing } from './polygon';
import { xmlRootName } from './sniff';

function refusal(f: { source: Parameters<typeof parseMeasurementFile>[0]; fileName: string; text: string }) {
  try {
    parseMeasurementFile(f.source, f.fileName, f.text);
  } catch (err) {
    expect(err).toBeInstanceOf(MeasurementParseError);
    return (err as MeasurementParseError).message;
  }
  throw new Error(`${f.fileName} was accepted`);
}

// Each of these took seconds to minutes before the parsers were made linear and bounded; a
// regression shows up as the test timing out.
describe('hostile measurement files are read in one pass, or refused by a bound', () => {
  it('finds the root element after a 117 KB comment full of "<" and reads the roof', () => {
    const f = xmlCommentFullOfLt();
    expect(f.text.length).toBeGreaterThan(115_000);
    expect(xmlRootName(f.text)).toBe('QUICKMEASURE_EXPORT');
    const m = parseMeasurementFile(f.source, f.fileName, f.text);
    expect(m.totalAreaSqFt).toBeCloseTo(1800, 0);
    expect(m.warnings).toEqual([]);
  });

  it('skips comments, CDATA, declarations and closing tags when finding the root', () => {
    expect(
      xmlRootName('<?xml version="1.0"?><!DOCTYPE x><!-- <NOT> --><![CDATA[<NO>]]><ns:ROOT a="1">'),
    ).toBe('ROOT');
    expect(xmlRootName('<!-- never closed <A>')).toBeUndefined();
  });

  it('chains the 45,000 edges of one face, listed backwards, into its ring', () => {
    const n = 45_000;
    const ends = new Map<string, [string, string]>();
    for (let i = 0; i < n; i++) ends.set(`L${i}`, [`C${i}`, `C${(i + 1) % n}`]);
    const ids = Array.from({ length: n }, (_, i) => `L${n - 1 - i}`);
    const ring = chainRing(ids, ends);
    expect(ring).toHaveLength(n);
    expect(new Set(ring).size).toBe(n);
    expect(chainRing(ids.slice(1), ends)).toBeNull();
  });

  it('refuses a file with one face of 45,000 edges, naming the bound', () => {
    expect(refusal(xmlFacetWithManyEdges())).toContain('has more than 50,000 XML elements');
    // within the element bound, the face itself is over its edge bound
    const f = xmlFacetWithManyEdges(MEASUREMENT_LIMITS.edgesPerFacet + 1);
    expect(refusal(f)).toContain(`more than the ${MEASUREMENT_LIMITS.edgesPerFacet} a roof face can have`);
  });

  it('refuses XML and JSON nested deeper than the bound', () => {
    expect(refusal(xmlDeepNesting())).toContain('nests its XML more than 32 levels deep');
    expect(refusal(jsonDeepNesting())).toContain('nests its JSON more than 32 levels deep');
    expect(scanXml('<a><b x="<c><d>"/><!-- <e><f> --></a>', { depth: 2, elements: 10 })).toEqual({
      tooDeep: false,
      tooMany: false,
    });
    expect(jsonTooDeep('{"a":"[[[[[[","b":[[1]]}', 3)).toBe(false);
    expect(jsonTooDeep('{"b":[[[1]]]}', 3)).toBe(true);
  });

  it('refuses a CSV with too many lines or columns', () => {
    expect(refusal(csvHugeRows())).toContain('has more than 1,000 lines');
    expect(refusal(csvManyColumns())).toContain('has more than 1,000 columns');
  });

  it('refuses a 2-million-digit number without backtracking, quoting only its start', () => {
    const message = refusal(csvLongNumber());
    expect(message).toContain('"Total roof area (Sqft)" value on line 2 is "1111');
    expect(message.length).toBeLessThan(300);
    expect(Number.isNaN(parseNumberText(`${'9'.repeat(100_000)}x`) as number)).toBe(true);
    expect(parseNumberText('2,345.5')).toBe(2345.5);
    expect(parseNumberText('1e3')).toBe(1000);
  });
});
