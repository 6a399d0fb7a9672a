import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../../../../../tests/helpers/sample-project';
import { projectCsvColumns, projectsCsv, projectsCsvFileName } from './projects-csv';

function parse(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('Export as CSV', () => {
  it('writes one row per project under a header of every column', () => {
    const csv = projectsCsv([sampleProject(), sampleProject({ title: 'SWRX-2026-0412', status: 'matched' })]);
    const rows = parse(csv);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0] ?? {})).toEqual(projectCsvColumns.map(([h]) => h));
    expect(rows[1]?.['Job ID']).toBe('SWRX-2026-0412');
    expect(rows[1]?.Status).toBe('matched');
  });

  it('keeps dates ISO, money in dollars, and leaves the approved budget out', () => {
    const [row] = parse(
      projectsCsv([
        sampleProject({
          status: 'completed',
          contractorPaymentAmount: 2_002_000,
          finalCost: 2_512_550,
          completionDate: '2026-04-01T17:00:00.000Z',
          permitStatus: 'not_required',
          installPhotos: ['/a.jpg', '/b.jpg'],
        }),
      ]),
    );
    expect(row?.['Your Payment (USD)']).toBe('20020.00');
    expect(row?.['Final Cost (USD)']).toBe('25125.50');
    expect(row?.['Completion Date']).toBe('2026-04-01T17:00:00.000Z');
    expect(row?.['Start Date']).toBe('2026-03-05T15:00:00.000Z');
    expect(row?.['Permit Status']).toBe('not required');
    expect(row?.['Installation Photos']).toBe('2');
    expect(row?.['Homeowner Email']).toBe('homeowner@demo.test');
    expect(Object.keys(row ?? {}).some((h) => /estimated|budget/i.test(h))).toBe(false);
  });

  it('quotes commas and line breaks, and defuses cells a spreadsheet would run as formulas', () => {
    const csv = projectsCsv([
      sampleProject({
        address: '1 Main St, Unit 2',
        installNotes: 'line one\nline two',
        permitNotes: '=HYPERLINK("x")',
      }),
    ]);
    const [row] = parse(csv);
    expect(row?.Address).toBe('1 Main St, Unit 2');
    expect(row?.['Install Notes']).toBe('line one\nline two');
    expect(row?.['Permit Notes']).toBe(`'=HYPERLINK("x")`);
  });

  it('names the file by day, and by job id for one project', () => {
    const day = new Date(2026, 4, 14, 9);
    expect(projectsCsvFileName(day)).toBe('ridgeline-projects-2026-05-14.csv');
    expect(projectsCsvFileName(day, 'SWRX-2026-0287')).toBe('ridgeline-SWRX-2026-0287-2026-05-14.csv');
  });
});
