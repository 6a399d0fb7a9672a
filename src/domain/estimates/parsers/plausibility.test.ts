import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEASUREMENT_FIXTURES_DIR } from '../../../../tests/fixtures/paths';
import { MeasurementParseError, type MeasurementSource } from '../types';
import { parseMeasurementFile } from './index';

const read = (name: string) => fs.readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name), 'utf8');
const hover = () => JSON.parse(read('hover-hip.json'));

function refused(source: MeasurementSource, name: string, text: string): MeasurementParseError {
  try {
    parseMeasurementFile(source, name, text);
  } catch (err) {
    expect(err).toBeInstanceOf(MeasurementParseError);
    return err as MeasurementParseError;
  }
  throw new Error(`${name} was accepted`);
}

/** Roofr hip fixture with one column's value on line 2 replaced. */
function roofrWith(column: string, value: string): string {
  const [header, row] = read('roofr-hip.csv').trim().split(/\r?\n/) as [string, string];
  const h = header.split(',');
  const cells = row.match(/("[^"]*"|[^,]+)/g) as string[];
  cells[h.indexOf(column)] = value;
  return `${header}\n${cells.join(',')}\n`;
}

describe('implausible measurements are refused, naming the field and its value', () => {
  it('refuses a ridge of 1e12 ft', () => {
    const e = refused('Roofr .csv', 'r.csv', roofrWith('Ridges (LF)', '1e12'));
    expect(e.message).toBe(
      'In "r.csv", the total ridge length is 1.00e+12 ft, far more than a house\'s roof has (at most 10,000 ft). Check that the file is in feet. Check that you chose the right file, or export the measurements again from the provider.',
    );
    expect(e.where).toBe('ridge length');
  });

  it('refuses a number that is not finite', () => {
    const e = refused('Roofr .csv', 'r.csv', roofrWith('Eaves (LF)', '1e400'));
    expect(e.message).toContain('the total eave length is not a finite number (Infinity)');
  });

  it('refuses a negative number', () => {
    const xml = read('eagleview-gable.xml').replace(
      '<ATTRIBUTE name="TotalValleysLength" value="0.0" />',
      '<ATTRIBUTE name="TotalValleysLength" value="-28" />',
    );
    const e = refused('Eagleview .xml', 'ev.xml', xml);
    expect(e.message).toContain('In "ev.xml", the total valley length is negative (-28 ft)');
    expect(e.where).toBe('valley length');
  });

  it('refuses a roof area outside 100 .. 100,000 sq ft', () => {
    const small = refused('Roofr .csv', 'r.csv', roofrWith('Total roof area (Sqft)', '40'));
    expect(small.message).toContain(
      "the roof area is 40 sq ft, outside the range of a house's roof (100 to 100,000 sq ft)",
    );
    const doc = hover();
    doc.roof.roof_facets.area = 3_212_000;
    expect(refused('HOVER .json', 'h.json', JSON.stringify(doc)).message).toContain(
      'the roof area is 3,212,000 sq ft, outside the range',
    );
  });

  it('refuses a pitch outside 0/12 .. 24/12', () => {
    const doc = hover();
    doc.roof.pitch[0].roof_pitch = '30/12';
    const e = refused('HOVER .json', 'h.json', JSON.stringify(doc));
    expect(e.message).toContain('is 30/12, outside the pitches of a roof (0/12 to 24/12)');
    const xml = read('gaf-quicksquare-gable.xml').replace(
      'path="L1,L2,L3,L4" pitch="6"',
      'path="L1,L2,L3,L4" pitch="36"',
    );
    expect(refused('GAF QuickSquare .xml', 'g.xml', xml).message).toContain(
      'the pitch of face F1 is 36/12, outside the pitches of a roof',
    );
  });

  it('refuses a drawn line miles long', () => {
    // the areas and totals come from the file's figures; only the drawing is off
    const xml = read('eagleview-gable.xml').replace(
      '<POINT id="C2" data="46.000000000,0.000000000,0.000000000" />',
      '<POINT id="C2" data="90000000,0.000000000,0.000000000" />',
    );
    expect(refused('Eagleview .xml', 'ev.xml', xml).message).toMatch(
      /eave line 1 is [\d,.e+]+ ft long, far more than a house's roof has/,
    );
  });
});

describe('doubtful measurements are priced with a warning', () => {
  it('flags a summary area that disagrees with the sum of the faces by more than 3 %', () => {
    const xml = read('eagleview-hip.xml').replace(
      /name="TotalRoofArea" value="[^"]+"/,
      'name="TotalRoofArea" value="3500"',
    );
    const m = parseMeasurementFile('Eagleview .xml', 'ev.xml', xml);
    expect(m.totalAreaSqFt).toBe(3500);
    expect(m.warnings.join('\n')).toMatch(
      /The roof area \(3,500 sq ft\) differs from the sum of its \d+ faces \(3,212 sq ft\) by 8\.2 %/,
    );
  });

  it('does not flag a disagreement within 3 %', () => {
    const xml = read('eagleview-hip.xml').replace(
      /name="TotalRoofArea" value="[^"]+"/,
      'name="TotalRoofArea" value="3250"',
    );
    expect(parseMeasurementFile('Eagleview .xml', 'ev.xml', xml).warnings).toEqual([]);
  });

  it('flags an area-by-pitch table that does not cover the total', () => {
    const doc = hover();
    doc.roof.pitch = doc.roof.pitch.filter((p: { roof_pitch: string }) => p.roof_pitch !== '4/12');
    const m = parseMeasurementFile('HOVER .json', 'h.json', JSON.stringify(doc));
    expect(m.totalAreaSqFt).toBe(3212);
    expect(m.warnings).toEqual([
      "The area-by-pitch table covers 2,529 sq ft, but the roof area is 3,212 sq ft (21.3 % missing); the roof area was priced with the table's proportions. Check the measurements before relying on this estimate.",
    ]);
    const csv = roofrWith('8/12 pitch (Sqft)', '2000');
    expect(parseMeasurementFile('Roofr .csv', 'r.csv', csv).warnings.join(' ')).toContain(
      'The area-by-pitch table covers 2,683 sq ft, but the roof area is 3,212 sq ft',
    );
  });
});
