/**
 * Vendor measurement fixtures and small mutations of them (a number replaced or scaled, a line
 * dropped or repeated), for the property tests of issue 24 #1: every file the upload accepts can
 * be priced (src/domain/estimates/model/accepted-files.test.ts) and yields a report PDF
 * (src/server/features/estimates/accepted-files-report.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseMeasurementFile } from '../../src/domain/estimates/parsers/index';
import {
  MeasurementParseError,
  type MeasurementSource,
  type RoofMeasurement,
} from '../../src/domain/estimates/types';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';

const SOURCES: Record<string, MeasurementSource> = {
  hover: 'HOVER .json',
  eagleview: 'Eagleview .xml',
  roofr: 'Roofr .csv',
  'gaf-quicksquare': 'GAF QuickSquare .xml',
};
export const MUTATION_FILES = fs
  .readdirSync(MEASUREMENT_FIXTURES_DIR)
  .filter((f) => /\.(json|xml|csv)$/.test(f) && f !== 'expected.json')
  .map((name) => ({
    name,
    source: SOURCES[name.replace(/-(gable|hip|complex)\.\w+$/, '')] as MeasurementSource,
    text: fs.readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, name), 'utf8'),
  }));
// the Bid Perfect style: EagleView exports without their summary (faces priced from their own sizes)
for (const f of MUTATION_FILES.filter((f) => f.source === 'Eagleview .xml'))
  MUTATION_FILES.push({
    ...f,
    name: `${f.name} (no summary)`,
    text: f.text.replace(/<OVERALL_SUMMARY>[\s\S]*<\/OVERALL_SUMMARY>/, ''),
  });

const NUMBER = /-?\d+(?:\.\d+)?/g;

/** A number of the file replaced, or one line dropped or repeated. */
export const arbMutation = fc.oneof(
  fc.record({
    kind: fc.constant('number' as const),
    at: fc.nat(),
    value: fc.oneof(
      fc.constantFrom(0, -1, 0.5, 2, 1e6, 1e12),
      fc.double({ min: -1e4, max: 1e5, noNaN: true }),
      fc.integer({ min: 0, max: 30 }),
    ),
    scale: fc.boolean(),
  }),
  fc.record({ kind: fc.constantFrom('drop' as const, 'repeat' as const), at: fc.nat() }),
);
export type Mutation = typeof arbMutation extends fc.Arbitrary<infer T> ? T : never;

export function mutate(text: string, m: Mutation): string {
  if (m.kind === 'number') {
    const hits = [...text.matchAll(NUMBER)];
    const hit = hits[m.at % hits.length];
    if (!hit || hit.index === undefined) return text;
    const value = m.scale ? Number(hit[0]) * (m.value % 4) : m.value;
    return text.slice(0, hit.index) + String(value) + text.slice(hit.index + hit[0].length);
  }
  const lines = text.split('\n');
  const i = m.at % lines.length;
  if (m.kind === 'drop') lines.splice(i, 1);
  else lines.splice(i, 0, lines[i] as string);
  return lines.join('\n');
}

/**
 * A vendor file with its mutations applied, read as the upload reads it: its measurement, or null
 * when it is refused with the visitor's sentence (MeasurementParseError). Anything else thrown is a
 * crash, and fails the property that called it.
 */
export function parseMutated(
  file: (typeof MUTATION_FILES)[number],
  mutations: Mutation[],
): RoofMeasurement | null {
  const text = mutations.reduce(mutate, file.text);
  try {
    return parseMeasurementFile(file.source, file.name, text);
  } catch (err) {
    if (err instanceof MeasurementParseError) return null;
    throw err;
  }
}
