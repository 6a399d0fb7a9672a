import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { parseMeasurementFile } from '../parsers/index';
import { MeasurementParseError, type MeasurementSource } from '../types';
import { computeEstimate } from './estimate';
import { GEOMETRY_CHECK, priceability } from './priceable';

const read = (name: string) => fs.readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name), 'utf8');
const GAF: MeasurementSource = 'GAF QuickSquare .xml';
const EV: MeasurementSource = 'Eagleview .xml';

/** The EagleView complex roof without its summary (the "Bid Perfect" style) */
const bidPerfect = () =>
  read('eagleview-complex.xml').replace(/<OVERALL_SUMMARY>[\s\S]*<\/OVERALL_SUMMARY>/, '');

/** ...with one polygon attribute changed (size and unrounded size alike). */
function evWith(face: string, attrName: 'unroundedsize' | 'pitch', value: (old: number) => number) {
  const text = bidPerfect().replace(new RegExp(`(<POLYGON id="${face}"[^>]*) size="[^"]+"`), '$1');
  const re = new RegExp(`(<POLYGON id="${face}"[^>]*\\b${attrName}=")([^"]+)(")`);
  expect(re.test(text)).toBe(true);
  return text.replace(re, (_all, a: string, v: string, b: string) => `${a}${value(Number(v))}${b}`);
}

function price(source: MeasurementSource, text: string) {
  const measurement = parseMeasurementFile(source, 'roof.xml', text);
  return computeEstimate({
    measurement,
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
  });
}

describe('priceability: one decision for the upload and for pricing (issue 24 #1)', () => {
  it('accepts every vendor fixture without a geometry warning', () => {
    for (const [file, source] of [
      ['eagleview-complex.xml', EV],
      ['eagleview-hip.xml', EV],
      ['gaf-quicksquare-complex.xml', GAF],
      ['gaf-quicksquare-hip.xml', GAF],
    ] as const) {
      const m = parseMeasurementFile(source, file, read(file));
      expect(priceability(m)).toEqual({ problem: null, warnings: [] });
    }
  });

  it('refuses at upload the pitch table that pricing refuses (25 % off the roof area)', () => {
    const m = parseMeasurementFile(GAF, 'roof.xml', read('gaf-quicksquare-complex.xml'));
    const skewed = { ...m, areaByPitch: { '6/12': m.totalAreaSqFt * 0.7 } };
    const { problem } = priceability(skewed);
    expect(problem).toMatch(/area-by-pitch table covers .* too far apart to price/);
    expect(() =>
      computeEstimate({
        measurement: skewed,
        zipCode: '75201',
        roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
        roofLayers: '1 Layer',
        buildingHeight: '1-Story',
        plywoodNeeded: 'No',
      }),
    ).toThrow(problem as string);
  });
});

describe('geometry checked against itself (issue 24 #3)', () => {
  const base = price(EV, bidPerfect()).totalCents;

  it('refuses a doubled face size (it priced +41 % before, silently)', () => {
    const text = evWith('P5', 'unroundedsize', (v) => v * 2);
    expect(() => parseMeasurementFile(EV, 'roof.xml', text)).toThrow(MeasurementParseError);
    expect(() => parseMeasurementFile(EV, 'roof.xml', text)).toThrow(
      /face F5 states 2,576 sq ft, its outline measures 1,288.*contradicts itself/,
    );
  });

  it('refuses a wrong pitch attribute on a large face (it priced +12 % before)', () => {
    const text = evWith('P5', 'pitch', () => 12);
    expect(() => parseMeasurementFile(EV, 'roof.xml', text)).toThrow(
      /stated pitches differ from their own outlines by more than 2\/12.*face F5 states 12\/12, its outline is 6\/12/,
    );
  });

  it('warns about a small face whose size is off, and prices it', () => {
    const text = evWith('P8', 'unroundedsize', (v) => v * 1.2); // 438 -> 526 sq ft, 1.6 % of the roof
    const m = parseMeasurementFile(EV, 'roof.xml', text);
    expect(m.warnings.join(' ')).toMatch(/stated size of 1 face\(s\) differs .*face F8 states 526 sq ft/);
    const e = price(EV, text);
    expect(e.totalCents).toBeGreaterThan(base);
    expect(e.warnings.filter((w) => w.message.includes('face F8'))).toHaveLength(1);
  });

  it('warns about a pitch off by more than the rounding, within the refusal', () => {
    const text = evWith('P8', 'pitch', () => 3.5); // outline 2/12
    const m = parseMeasurementFile(EV, 'roof.xml', text);
    expect(m.warnings.join(' ')).toMatch(
      /stated pitch of 1 face\(s\) .*face F8 states 3.5\/12, its outline is 2\/12/,
    );
  });

  it("leaves a size within the vendors' rounding alone", () => {
    const text = evWith('P5', 'unroundedsize', (v) => v * (1 + GEOMETRY_CHECK.warnAreaShare / 2));
    expect(parseMeasurementFile(EV, 'roof.xml', text).warnings).toEqual([]);
  });

  it('names a HOVER XML export chosen as EagleView or GAF, and does not price it', () => {
    const hoverXml = read('eagleview-hip.xml')
      .replace(/EAGLEVIEW_EXPORT/g, 'DATA_EXPORT')
      .replace(/<FACE designator="(\w)" id="F(\d+)"/g, '<FACE name="RF-$2" id="F$2"');
    for (const source of [EV, GAF]) {
      expect(() => parseMeasurementFile(source, 'hover.xml', hoverXml)).toThrow(
        /"hover\.xml" is a HOVER file \(a HOVER XML export, main element <DATA_EXPORT>\)/,
      );
    }
    // faces named like HOVER's under another root are recognised too
    const renamed = hoverXml.replace(/DATA_EXPORT/g, 'EXPORT');
    expect(() => parseMeasurementFile(EV, 'hover.xml', renamed)).toThrow(/is a HOVER file/);
    expect(() => parseMeasurementFile('HOVER .json', 'hover.xml', hoverXml)).toThrow(
      /looks like a HOVER XML export, not a HOVER measurements JSON file/,
    );
  });
});
