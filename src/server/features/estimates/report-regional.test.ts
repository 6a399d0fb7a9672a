/**
 * Issue 24 #6 in the report: a rural ZIP names its state's nonmetropolitan price level (no CBSA),
 * and a Miami-Dade roof lists the High-Velocity Hurricane Zone lines with their codes.
 */
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/helpers/report-quotes';
import { computeEstimate, measurementFromArea } from '../../../domain/estimates/index';
import { formatCents } from '../../../domain/estimates/report/format';
import { REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import { type ReportData, renderReportPdfWithLayout } from './report-pdf';

function report(zipCode: string, cityStateZip: string): ReportData {
  const measurement = measurementFromArea(2000, 6, 'Manual entry');
  const roof = {
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
  } as const;
  return {
    brandName: 'Ridgeline',
    supportEmail: 'support@ridgeline.test',
    generatedAt: new Date('2025-03-04T12:00:00Z'),
    reference: 'RL-TEST2346',
    version: undefined,
    orderedAt: new Date('2025-03-04T11:00:00Z'),
    requester: { name: 'Riley Requester', email: 'riley@example.com' },
    homeowner: { name: 'Pat Owner', email: 'pat@example.com', phone: null },
    property: { line1: '200 Sample Rd', line2: null, cityStateZip },
    insurance: null,
    roof,
    measurementSource: 'Manual entry',
    measurementFileName: null,
    measurement,
    estimate: computeEstimate({ measurement, zipCode, ...roof }),
    dataSources: REPORT_DATA_SOURCES,
  };
}

const flat = (t: string): string => t.replace(/\s+/g, ' ');

describe('regional levels in the report', () => {
  it('names the nonmetropolitan price level of a rural ZIP, without a CBSA', async () => {
    const d = report('96101', 'Alturas, California 96101');
    expect(d.estimate.zone.metro?.nonmetropolitan).toBe(true);
    const t = flat(pdfText((await renderReportPdfWithLayout(d)).pdf));
    expect(t).toContain('Local price level');
    expect(t).toContain('California nonmetropolitan');
    expect(t).not.toContain('Metro price level');
    expect(t).not.toContain('(CBSA )');
  });

  it('lists the HVHZ lines of a Miami-Dade roof', async () => {
    const d = report('33130', 'Miami, Florida 33130');
    const hvhz = d.estimate.lineItems.filter((i) => i.code.startsWith('HVHZ'));
    expect(hvhz.map((i) => i.code)).toEqual([
      'HVHZ-UNDERLAY',
      'HVHZ-TINCAP',
      'HVHZ-RENAIL',
      'HVHZ-EDGE',
      'HVHZ-PERMIT',
    ]);
    const t = flat(pdfText((await renderReportPdfWithLayout(d)).pdf));
    expect(t).toContain('Metro price level');
    for (const item of hvhz) expect(t).toContain(formatCents(item.totalCents));
    expect(t).toContain('tin caps');
  });
});
