import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { MeasurementParseError, type MeasurementSource } from '../types';
import { detectMeasurementSource, parseMeasurementFile } from './index';

const FIXTURES = MEASUREMENT_FIXTURES_DIR;

interface ExpectedFile {
  roof: string;
  totalAreaSqFt: number;
  squares: number;
  predominantPitch: string;
  facetCount: number | null;
  lengthsFt: Record<
    'ridge' | 'hip' | 'valley' | 'rake' | 'eave' | 'flashing' | 'stepFlashing',
    number | null
  >;
  ridgeHipFt: number;
  dripEdgeFt: number;
  areaByPitchSqFt: Record<string, number>;
  wasteTableSqFt?: Record<string, number>;
  suggestedWastePct?: number;
  flatAreaSqFt?: number;
}
interface Expected {
  tolerance: { areaSqFt: number; squares: number; lengthFt: number };
  roofs: Record<string, { lowSlopeAreaSqFt: number; address: string; stories: string }>;
  files: Record<string, ExpectedFile>;
  bad: Record<string, { kind: string; why: string }>;
}

const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'expected.json'), 'utf8')) as Expected;
const tol = expected.tolerance;

function sourceOf(fileName: string): MeasurementSource {
  const base = path.basename(fileName);
  if (base.startsWith('hover-')) return 'HOVER .json';
  if (base.startsWith('eagleview-')) return 'Eagleview .xml';
  if (base.startsWith('roofr-')) return 'Roofr .csv';
  if (base.startsWith('gaf-quicksquare-')) return 'GAF QuickSquare .xml';
  throw new Error(`no source for ${fileName}`);
}

function read(rel: string): string {
  return fs.readFileSync(path.join(FIXTURES, rel), 'utf8');
}

function parseError(source: MeasurementSource, fileName: string, text: string): MeasurementParseError {
  try {
    parseMeasurementFile(source, fileName, text);
  } catch (e) {
    if (e instanceof MeasurementParseError) return e;
    throw e;
  }
  throw new Error(`${fileName} was accepted as ${source}`);
}

describe('measurement fixtures parse to expected.json', () => {
  const names = Object.keys(expected.files);
  it('covers every fixture file in the folder', () => {
    const onDisk = fs
      .readdirSync(FIXTURES)
      .filter((f) => /\.(json|xml|csv)$/.test(f) && f !== 'expected.json');
    expect(onDisk.sort()).toEqual([...names].sort());
    expect(names).toHaveLength(12);
  });

  for (const name of names) {
    const exp = expected.files[name] as ExpectedFile;
    it(`${name}`, () => {
      const m = parseMeasurementFile(sourceOf(name), name, read(name));
      expect(m.source).toBe(sourceOf(name));
      expect(Math.abs(m.totalAreaSqFt - exp.totalAreaSqFt)).toBeLessThanOrEqual(tol.areaSqFt);
      expect(Math.abs(m.squares - exp.squares)).toBeLessThanOrEqual(tol.squares);
      expect(`${m.predominantPitch}/12`).toBe(exp.predominantPitch);
      expect(m.facetCount).toBe(exp.facetCount);
      const L = m.lengths;
      const pairs: Array<[number, number | null]> = [
        [L.valleys, exp.lengthsFt.valley],
        [L.rakes, exp.lengthsFt.rake],
        [L.eaves, exp.lengthsFt.eave],
        [L.flashing, exp.lengthsFt.flashing],
        [L.stepFlashing, exp.lengthsFt.stepFlashing],
        [L.ridges + L.hips, exp.ridgeHipFt],
        [L.eaves + L.rakes, exp.dripEdgeFt],
      ];
      if (m.ridgesAndHipsCombined) {
        expect(exp.lengthsFt.ridge).toBeNull();
        expect(exp.lengthsFt.hip).toBeNull();
      } else {
        pairs.push([L.ridges, exp.lengthsFt.ridge], [L.hips, exp.lengthsFt.hip]);
      }
      for (const [got, want] of pairs) {
        expect(want).not.toBeNull();
        expect(Math.abs(got - (want as number))).toBeLessThanOrEqual(tol.lengthFt);
      }
      expect(Object.keys(m.areaByPitch).sort()).toEqual(Object.keys(exp.areaByPitchSqFt).sort());
      for (const [pitch, area] of Object.entries(exp.areaByPitchSqFt)) {
        expect(Math.abs((m.areaByPitch[pitch] ?? 0) - area)).toBeLessThanOrEqual(tol.areaSqFt);
      }
      const roof = expected.roofs[exp.roof] as Expected['roofs'][string];
      expect(Math.abs(m.lowSlopeAreaSqFt - roof.lowSlopeAreaSqFt)).toBeLessThanOrEqual(tol.areaSqFt);
      expect(m.address).toBe(sourceOf(name) === 'HOVER .json' ? undefined : roof.address);
      const facetSum = m.facets.reduce((s, f) => s + f.areaSqFt, 0);
      expect(Math.abs(facetSum - exp.totalAreaSqFt)).toBeLessThanOrEqual(tol.areaSqFt);
      if (exp.wasteTableSqFt) {
        expect(m.wasteTable?.map((w) => [String(w.percent), w.areaSqFt])).toEqual(
          Object.entries(exp.wasteTableSqFt),
        );
      } else {
        expect(m.wasteTable).toBeUndefined();
      }
      expect(m.suggestedWastePercent).toBe(exp.suggestedWastePct);
      expect(m.warnings).toEqual([]);
    });
  }

  it('facets carry 3D outlines for the geometry formats, with areas from the outline', () => {
    for (const name of ['eagleview-complex.xml', 'gaf-quicksquare-complex.xml']) {
      const m = parseMeasurementFile(sourceOf(name), name, read(name));
      expect(m.facets).toHaveLength(8);
      for (const f of m.facets) {
        expect(f.polygon?.length).toBeGreaterThanOrEqual(3);
        expect(f.id).toMatch(/^F\d+$/);
      }
      expect(m.lines?.length).toBeGreaterThan(10);
    }
  });

  it('all four formats of one roof agree with each other', () => {
    for (const roof of ['gable', 'hip', 'complex']) {
      const ms = (['hover', 'eagleview', 'roofr', 'gaf-quicksquare'] as const).map((p) => {
        const name = `${p}-${roof}.${p === 'hover' ? 'json' : p === 'roofr' ? 'csv' : 'xml'}`;
        return parseMeasurementFile(sourceOf(name), name, read(name));
      });
      const first = ms[0] as (typeof ms)[number];
      for (const m of ms) {
        expect(Math.abs(m.totalAreaSqFt - first.totalAreaSqFt)).toBeLessThanOrEqual(tol.areaSqFt);
        expect(m.predominantPitch).toBe(first.predominantPitch);
        expect(
          Math.abs(m.lengths.ridges + m.lengths.hips - (first.lengths.ridges + first.lengths.hips)),
        ).toBeLessThanOrEqual(tol.lengthFt);
      }
    }
  });
});

describe('bad files are refused with a message naming what and where', () => {
  it('covers every file in bad/', () => {
    expect(
      fs
        .readdirSync(path.join(FIXTURES, 'bad'))
        .map((f) => `bad/${f}`)
        .sort(),
    ).toEqual(Object.keys(expected.bad).sort());
  });

  it('EagleView cut off inside <LINES>', () => {
    const e = parseError('Eagleview .xml', 'eagleview-truncated.xml', read('bad/eagleview-truncated.xml'));
    expect(e.message).toContain('"eagleview-truncated.xml" is incomplete');
    expect(e.message).toContain('inside the <LINES> section');
    expect(e.message).toMatch(/line \d+/);
    expect(e.message).toContain('download the XML from EagleView again');
    expect(e.where).toMatch(/^<LINES>, line \d+$/);
    expect(e.source).toBe('Eagleview .xml');
    expect(e.fileName).toBe('eagleview-truncated.xml');
  });

  it('HOVER JSON without the roof section', () => {
    const e = parseError('HOVER .json', 'hover-missing-roof.json', read('bad/hover-missing-roof.json'));
    expect(e.message).toContain('the "roof" section is missing');
    expect(e.message).toContain('"area", "roofline"');
    expect(e.where).toBe('roof');
  });

  it('Roofr CSV with CRM columns', () => {
    const e = parseError('Roofr .csv', 'roofr-wrong-headers.csv', read('bad/roofr-wrong-headers.csv'));
    expect(e.message).toContain('not a Roofr measurements CSV');
    expect(e.message).toContain('header row (line 1) has no "Total roof area (Sqft)" column');
    expect(e.message).toContain('"Job ID"');
    expect(e.where).toBe('line 1 (header row)');
  });

  it('GAF chosen but the XML is KML', () => {
    const e = parseError(
      'GAF QuickSquare .xml',
      'gaf-quicksquare-wrong-schema.xml',
      read('bad/gaf-quicksquare-wrong-schema.xml'),
    );
    expect(e.message).toContain('is XML, but not a roof measurement export');
    expect(e.message).toContain('<kml> (a Google Earth KML outline)');
    expect(e.message).toContain('Upload the GAF QuickMeasure XML');
    expect(e.where).toBe('<kml> (line 3)');
  });
});

describe('wrong source and damaged files', () => {
  it('refuses a HOVER file chosen as Roofr .csv and names the right source', () => {
    const e = parseError('Roofr .csv', 'hover-gable.json', read('hover-gable.json'));
    expect(e.message).toBe(
      'The file "hover-gable.json" does not match the source you chose ("Roofr .csv"): it looks like a HOVER measurements JSON file, not a Roofr measurements CSV file (.csv). Choose "HOVER .json" as the measurement file source, or upload the Roofr measurements CSV file (.csv).',
    );
  });

  it('refuses every fixture under every other family of source', () => {
    for (const name of Object.keys(expected.files)) {
      const right = sourceOf(name);
      for (const chosen of ['HOVER .json', 'Roofr .csv', 'Eagleview .xml'] as const) {
        const sameFamily =
          right === chosen || (right === 'GAF QuickSquare .xml' && chosen === 'Eagleview .xml');
        if (sameFamily) continue;
        const e = parseError(chosen, name, read(name));
        expect(e.message).toContain(`does not match the source you chose ("${chosen}")`);
        expect(e.message).toContain(
          `Choose "${right === 'GAF QuickSquare .xml' ? 'GAF QuickSquare .xml' : right}"`,
        );
      }
    }
  });

  it('reads an EagleView export chosen as GAF (same layout) and says so', () => {
    const m = parseMeasurementFile('GAF QuickSquare .xml', 'ev.xml', read('eagleview-hip.xml'));
    expect(m.totalAreaSqFt).toBe(3212);
    expect(m.warnings.join(' ')).toContain('EagleView XML export');
  });

  it('detects the source of each fixture from its content', () => {
    for (const name of Object.keys(expected.files))
      expect(detectMeasurementSource(read(name))).toBe(sourceOf(name));
    expect(detectMeasurementSource(read('bad/gaf-quicksquare-wrong-schema.xml'))).toBeNull();
  });

  it('refuses an empty file, a PDF, and cut-off JSON', () => {
    expect(parseError('HOVER .json', 'empty.json', '  \n').message).toBe(
      'The file "empty.json" is empty. Upload the HOVER measurements JSON file (.json) exported from the provider.',
    );
    expect(parseError('Eagleview .xml', 'report.pdf', '%PDF-1.7\n...').message).toContain(
      'a PDF document (a printed report)',
    );
    const cut = read('hover-hip.json').slice(0, 400);
    const e = parseError('HOVER .json', 'hover-hip.json', cut);
    expect(e.message).toContain('is not valid JSON');
    expect(e.message).toContain('the file appears to be cut off');
  });

  it('names the column and line of a value that is not a number (Roofr)', () => {
    const text = read('roofr-gable.csv').replace(/\r\n1800,/, '\r\nabc,');
    const e = parseError('Roofr .csv', 'roofr.csv', text);
    expect(e.message).toBe(
      'In "roofr.csv", the "Total roof area (Sqft)" value on line 2 is "abc", which is not a number.',
    );
    expect(e.where).toBe('line 2, column "Total roof area (Sqft)"');
  });

  it('matches Roofr columns by name, not position, and reads thousands separators', () => {
    const [header, row] = read('roofr-hip.csv').trim().split(/\r?\n/) as [string, string];
    const h = header.split(',');
    const r = row.match(/("[^"]*"|[^,]+)/g) as string[];
    const order = h.map((_, i) => i).reverse();
    const text = `${order.map((i) => h[i]).join(',')}\n${order.map((i) => (i === 0 ? '"3,212"' : r[i])).join(',')}\n`;
    const m = parseMeasurementFile('Roofr .csv', 'reordered.csv', text);
    expect(m.totalAreaSqFt).toBe(3212);
    expect(m.lengths.hips).toBeCloseTo(134.9, 5);
    expect(m.predominantPitch).toBe(8);
  });

  it('refuses a HOVER pitch entry that is not a pitch, naming the entry', () => {
    const doc = JSON.parse(read('hover-gable.json'));
    doc.roof.pitch[0].roof_pitch = 'steep';
    const e = parseError('HOVER .json', 'h.json', JSON.stringify(doc));
    expect(e.message).toBe(
      'In "h.json", entry 1 of "roof.pitch" has the pitch "steep"; expected a pitch like "6/12".',
    );
    expect(e.where).toBe('roof.pitch[0].roof_pitch');
  });

  it('computes EagleView totals from geometry when OVERALL_SUMMARY is missing', () => {
    const text = read('eagleview-complex.xml').replace(/<OVERALL_SUMMARY>[\s\S]*<\/OVERALL_SUMMARY>/, '');
    const m = parseMeasurementFile('Eagleview .xml', 'ev.xml', text);
    expect(Math.abs(m.totalAreaSqFt - 5518)).toBeLessThanOrEqual(2);
    expect(m.lengths.valleys).toBeCloseTo(27.71, 1);
    expect(m.lengths.stepFlashing).toBeCloseTo(35.78, 1);
  });

  it('refuses a face whose outline does not close when the area must be computed', () => {
    const text = read('gaf-quicksquare-gable.xml').replace(
      /(<POLYGON id="P1" path=")([^"]+)"/,
      (_m, a: string, p: string) => `${a}${p.split(',').slice(0, 2).join(',')}"`,
    );
    const e = parseError('GAF QuickSquare .xml', 'g.xml', text);
    expect(e.message).toContain('does not form a closed shape');
    expect(e.where).toBe('face F1 in <ROOF id="ROOF1">');
  });

  it('refuses XML with a broken tag, with line and column', () => {
    const text = read('eagleview-gable.xml').replace('</FACES>', '</FACE>');
    const e = parseError('Eagleview .xml', 'ev.xml', text);
    expect(e.message).toMatch(/is not valid XML \(line \d+, column \d+: /);
  });
});
