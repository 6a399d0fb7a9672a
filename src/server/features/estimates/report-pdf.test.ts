import { describe, expect, it } from 'vitest';
import { fixture, pdfText } from '../../../../tests/helpers/report-quotes';
import { computeEstimate, type Estimate, parseMeasurementFile } from '../../../domain/estimates/index';
import { formatCents } from '../../../domain/estimates/report/format';
import { REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import type { QuoteRow } from './estimates.repo';
import { reportRecipients } from './report-mail';
import { type ReportData, renderReportPdf } from './report-pdf';

function data(
  file: string,
  source: Parameters<typeof parseMeasurementFile>[0],
  over: Partial<ReportData> = {},
): ReportData {
  const measurement = parseMeasurementFile(source, file, fixture(file).toString('utf8'));
  const estimate = computeEstimate({
    measurement,
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
  });
  return {
    brandName: 'Ridgeline',
    supportEmail: 'support@ridgeline.test',
    generatedAt: new Date('2025-03-04T12:00:00Z'),
    reference: 'RL-TEST2345',
    orderedAt: new Date('2025-03-04T11:00:00Z'),
    requester: { name: 'Riley Requester', email: 'riley@example.com' },
    homeowner: { name: 'Pat Owner', email: 'pat@example.com', phone: null },
    property: { line1: '200 Sample Rd', line2: null, cityStateZip: 'Dallas, Texas 75201' },
    insurance: null,
    roof: {
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '1 Layer',
      buildingHeight: '1-Story',
      plywoodNeeded: 'No',
    },
    measurementSource: source,
    measurementFileName: file,
    measurement,
    estimate,
    dataSources: REPORT_DATA_SOURCES,
    ...over,
  };
}

const pages = (text: string) => text.split('\f').filter((p) => p.trim() !== '');

describe('renderReportPdf', () => {
  it('renders a multi-page PDF with the order, totals, range and numbered pages', async () => {
    const d = data('eagleview-hip.xml', 'Eagleview .xml');
    const pdf = await renderReportPdf(d);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const all = pages(text);
    expect(all.length).toBeGreaterThanOrEqual(4);
    all.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${all.length}`);
    });
    expect(text).toContain('RL-TEST2345');
    expect(text).toContain('200 Sample Rd');
    expect(text).toContain('Riley Requester');
    expect(text).toContain(formatCents(d.estimate.totalCents));
    for (const item of d.estimate.lineItems) expect(text).toContain(formatCents(item.totalCents));
    expect(text).toContain('Plan view drawn to scale');
    expect(text).toContain('Fair Market Value range');
    expect(text).toContain('not a bid');
    expect(text).toContain('May 2023');
    expect(text).not.toContain('Insurance claim');
  });

  it('shows the insurance block when insurance is involved', async () => {
    const text = pdfText(
      await renderReportPdf(
        data('hover-gable.json', 'HOVER .json', {
          insurance: {
            carrierName: 'Acme Mutual',
            claimNumber: 'CLM-77',
            adjusterName: 'Alex Adjuster',
            adjusterEmail: 'alex@carrier.example',
            adjusterPhone: '(214) 555-0199',
          },
        }),
      ),
    );
    expect(text).toContain('Insurance claim');
    for (const v of ['Acme Mutual', 'CLM-77', 'Alex Adjuster', 'alex@carrier.example', '(214) 555-0199']) {
      expect(text).toContain(v);
    }
    // no facet outlines in a HOVER file: the labelled schematic
    expect(text).toContain('Schematic - not to scale; the file has no roof outlines');
    expect(text).toContain('Ridges and hips (combined in file)');
  });

  it('breaks a long line item table over pages and repeats its header', async () => {
    const d = data('roofr-complex.csv', 'Roofr .csv');
    const base = d.estimate.lineItems[0] as Estimate['lineItems'][number];
    const many = Array.from({ length: 70 }, (_, i) => ({
      ...base,
      code: `X${i}`,
      description: `Extra item number ${i + 1} with a description long enough to wrap onto a second line in the table`,
    }));
    const pdf = await renderReportPdf({
      ...d,
      estimate: { ...d.estimate, lineItems: [...d.estimate.lineItems, ...many] },
    });
    const all = pages(pdfText(pdf));
    const tableHeader = /Description\s+Quantity\s+Unit\s+Unit price\s+Total/;
    const itemPages = all.filter((p) => tableHeader.test(p));
    expect(itemPages.length).toBeGreaterThanOrEqual(3);
    // every page the table continues on repeats its header (the totals may follow on a page of their own)
    expect(all.filter((p) => p.includes('Line items (continued)') && tableHeader.test(p)).length).toBe(
      itemPages.length - 1,
    );
    const text = all.join('\n');
    expect(text).toContain('Extra item number 1 ');
    expect(text).toContain('Extra item number 70 ');
    all.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${all.length}`);
      expect(page).toContain('Project ID RL-TEST2345');
    });
  });
});

describe('reportRecipients', () => {
  const quote = (over: Partial<QuoteRow>) =>
    ({
      requesterEmail: 'riley@example.com',
      requesterFirstName: 'Riley',
      homeownerEmail: 'pat@example.com',
      homeownerFirstName: 'Pat',
      insuranceInvolved: 'Yes',
      adjusterEmail: 'alex@carrier.example',
      adjusterFirstName: 'Alex',
      ...over,
    }) as QuoteRow;

  it('mails the requester, the homeowner and the adjuster once each', () => {
    expect(reportRecipients(quote({})).map((r) => [r.role, r.email])).toEqual([
      ['requester', 'riley@example.com'],
      ['homeowner', 'pat@example.com'],
      ['adjuster', 'alex@carrier.example'],
    ]);
    expect(reportRecipients(quote({ homeownerEmail: 'RILEY@example.com' })).map((r) => r.role)).toEqual([
      'requester',
      'adjuster',
    ]);
  });

  it('leaves out missing e-mails and the adjuster when no insurance is involved', () => {
    expect(
      reportRecipients(quote({ homeownerEmail: null, insuranceInvolved: 'No' })).map((r) => r.role),
    ).toEqual(['requester']);
    expect(reportRecipients(quote({ homeownerEmail: '  ', adjusterEmail: null })).map((r) => r.role)).toEqual(
      ['requester'],
    );
  });
});

describe('measurement warnings in the report', () => {
  it('prints the warning of a doubtful measurement file (priced, not refused)', async () => {
    const text = fixture('eagleview-hip.xml')
      .toString('utf8')
      .replace(/name="TotalRoofArea" value="[^"]+"/, 'name="TotalRoofArea" value="3500"');
    const measurement = parseMeasurementFile('Eagleview .xml', 'doubtful.xml', text);
    expect(measurement.warnings).toHaveLength(1);
    const base = data('eagleview-hip.xml', 'Eagleview .xml');
    const estimate = computeEstimate({
      measurement,
      zipCode: '75201',
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '1 Layer',
      buildingHeight: '1-Story',
      plywoodNeeded: 'No',
    });
    const pdf = await renderReportPdf({
      ...base,
      measurementFileName: 'doubtful.xml',
      measurement,
      estimate,
    });
    const flat = pdfText(pdf).replace(/\s+/g, ' ');
    expect(flat).toContain('Notes on the measurement file');
    expect(flat).toContain(
      'The roof area (3,500 sq ft) differs from the sum of its 7 faces (3,212 sq ft) by 8.2 %',
    );
  });
});
