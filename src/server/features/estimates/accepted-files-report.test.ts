/**
 * Issue 24 #1, to the end: every mutated vendor file the upload accepts yields a report PDF (the
 * measured one), not only a price (src/domain/estimates/model/accepted-files.test.ts checks many
 * more files for the price; the PDF is slower, so fewer runs here). Seeded; FUZZ_SEED, FUZZ_RUNS.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbMutation, MUTATION_FILES, parseMutated } from '../../../../tests/helpers/mutated-measurements';
import { compareAddresses } from '../../../domain/estimates/address-match';
import { computeEstimate } from '../../../domain/estimates/index';
import { REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import { renderReportPdf } from './report-pdf';

const seed = Number(process.env.FUZZ_SEED ?? 24_002);
const numRuns = Number(process.env.FUZZ_RUNS ?? 40);
const order = {
  zipCode: '75201',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '1-Story',
  plywoodNeeded: 'No',
} as const;

describe('every file the upload accepts yields a report (issue 24 #1)', () => {
  it('mutated vendor files: accepted means a rendered PDF', { timeout: 120_000 }, async () => {
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...MUTATION_FILES),
        fc.array(arbMutation, { minLength: 1, maxLength: 2 }),
        async (file, mutations) => {
          const measurement = parseMutated(file, mutations);
          if (!measurement) return;
          const estimate = computeEstimate({ ...order, measurement });
          const check = compareAddresses(measurement.address, {
            streetAddress: '1420 Maple Ridge Dr',
            zipCode: '75201',
          });
          const pdf = await renderReportPdf({
            brandName: 'Ridgeline',
            supportEmail: 'support@ridgeline.test',
            generatedAt: new Date('2026-01-05T12:00:00Z'),
            reference: 'RL-PROP2401',
            orderedAt: new Date('2026-01-05T11:00:00Z'),
            requester: { name: 'Riley Requester', email: 'riley@example.com' },
            homeowner: { name: 'Pat Owner', email: null, phone: null },
            property: { line1: '1420 Maple Ridge Dr', line2: null, cityStateZip: 'Dallas, Texas 75201' },
            insurance: null,
            roof: { ...order },
            measurementSource: file.source,
            measurementFileName: file.name,
            measurement,
            estimate,
            dataSources: REPORT_DATA_SOURCES,
            addressCheck:
              check.kind === 'match' ? null : { kind: check.kind, message: check.message, confirmed: false },
          });
          expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
          rendered++;
        },
      ),
      { seed, numRuns },
    );
    expect(rendered).toBeGreaterThan(numRuns / 10);
  });
});
