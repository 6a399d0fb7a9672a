import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR, fixture, pdfText, sourceOfFile } from '../../../../tests/helpers/report-quotes';
import {
  computeEstimate,
  type Estimate,
  parseMeasurementFile,
  preliminaryMeasurement,
} from '../../../domain/estimates/index';
import { formatCents } from '../../../domain/estimates/report/format';
import { PRELIMINARY_MARK, REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../domain/estimates/types';
import { type ReportData, renderReportPdfWithLayout, type TextDraw } from './report-pdf';

/**
 * Every fixture roof, priced by the engine and given the issue-9 fields a full estimate carries
 * (warnings, reconciliations, sales tax, overhead and profit, coverage, metro), at a normal and
 * a very long text length: the texts are in the PDF and no text leaves its box.
 * REPORT_PDF_OUT=<dir> also writes the PDFs there (to look at them as PNG).
 */

const FIXTURES = readdirSync(FIXTURES_DIR).filter(
  (f) => /\.(json|xml|csv)$/.test(f) && f !== 'expected.json',
);

const LONG = {
  street: '12345 Northwest Saint Augustine of Hippo Memorial Boulevard Extension, Building C, Unit 4410',
  street2: 'c/o The Extraordinarily Long-Named Homeowners Association of the Western Ridge Estates',
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch-on-the-Mississippi Township',
  zone: 'Nashville-Davidson--Murfreesboro--Franklin and the Surrounding Rural Counties of Middle Tennessee (ZIP3 371-372)',
  metro:
    'Virginia Beach-Chesapeake-Norfolk-Newport News-Hampton-Portsmouth-Suffolk, VA-NC Metropolitan Statistical Area',
  name: 'Maximilian-Alexander Bartholomew-Featherstonehaugh-Wolfeschlegelsteinhausenbergerdorff',
  email: 'maximilian.alexander.bartholomew-featherstonehaugh@a-very-long-corporate-domain-name.example',
};

function enrich(est: Estimate, long: boolean): Estimate {
  const extra = long
    ? ' The file and the order were checked against each other line by line; this sentence is deliberately long so that the block has to wrap over several lines in the report.'
    : '';
  return {
    ...est,
    overheadAndProfitRate: 0.2,
    overheadAndProfitNote: `Insurance carriers may treat overhead and profit separately from the line items; it is shown on its own line so it can be accepted or removed.${extra}`,
    salesTax: {
      state: 'TX',
      ratePercent: 6.25,
      included: true,
      cents: Math.round(est.subtotalCents * 0.02),
      text: `Texas sales tax (6.25 %) on materials is included in the material prices; labor is not taxed.${extra}`,
    },
    rangeCoverage: `About 8 of 10 fair bids for this roof fall inside this range.${extra}`,
    warnings: [
      {
        code: 'area-per-facet-large',
        message: `One facet is larger than 2,500 sq ft; check that the file is of this roof.${extra}`,
      },
      { code: 'pitch-table-short', message: 'The area-by-pitch table covers 96 % of the total area.' },
    ],
    reconciliations: [
      {
        topic: 'stories',
        fileSays: 'Measurement file: 1 storey',
        orderSays: 'Order: 2-Story',
        used: '2-Story',
        reason: `The order describes the building as seen from the street; a file's storey count often counts only the eave height.${extra}`,
      },
      {
        topic: 'waste',
        fileSays: 'File suggests 12 % waste',
        orderSays: '-',
        used: `${est.wastePercent} % waste`,
        reason:
          'Waste follows the roof complexity of the model (facets, hips and valleys), which the file suggestion does not weigh.',
      },
    ],
    zone: {
      ...est.zone,
      name: long ? LONG.zone : est.zone.name,
      metro: {
        cbsaCode: long ? '47260' : '19100',
        name: long ? LONG.metro : 'Dallas-Fort Worth-Arlington, TX',
        rpp: 103.4,
        factorVsState: 1.021,
      },
    },
  };
}

function reportData(
  measurement: RoofMeasurement,
  estimate: Estimate,
  file: string | null,
  long: boolean,
): ReportData {
  return {
    brandName: 'Ridgeline',
    supportEmail: 'support@ridgeline.test',
    generatedAt: new Date('2025-03-04T12:00:00Z'),
    reference: 'RL-TEST2345',
    version: long ? 2 : undefined,
    orderedAt: new Date('2025-03-04T11:00:00Z'),
    requester: { name: long ? LONG.name : 'Riley Requester', email: long ? LONG.email : 'riley@example.com' },
    homeowner: {
      name: long ? LONG.name : 'Pat Owner',
      email: long ? LONG.email : 'pat@example.com',
      phone: null,
    },
    property: {
      line1: long ? LONG.street : '200 Sample Rd',
      line2: long ? LONG.street2 : null,
      cityStateZip: long ? `${LONG.city}, Texas 75201` : 'Dallas, Texas 75201',
    },
    insurance: long
      ? {
          carrierName:
            'The Consolidated Mutual Fire, Casualty and Windstorm Insurance Company of North America',
          claimNumber: 'CLM-2025-000000123456789-WIND-HAIL-SUPPLEMENT',
          adjusterName: LONG.name,
          adjusterEmail: LONG.email,
          adjusterPhone: '(214) 555-0199 ext. 12345',
        }
      : null,
    roof: {
      roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
      roofLayers: '1 Layer',
      buildingHeight: '2-Story',
      plywoodNeeded: 'No',
    },
    measurementSource: file ? sourceOfFile(file) : 'Preliminary',
    measurementFileName: file,
    measurement,
    estimate,
    dataSources: REPORT_DATA_SOURCES,
  };
}

function fixtureReport(file: string, long: boolean): ReportData {
  const measurement = parseMeasurementFile(sourceOfFile(file), file, fixture(file).toString('utf8'));
  const estimate = computeEstimate({
    measurement,
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '2-Story',
    plywoodNeeded: 'No',
  });
  return reportData(measurement, enrich(estimate, long), file, long);
}

function preliminaryReport(long: boolean): ReportData {
  const measurement = preliminaryMeasurement({
    roofAreaSqFt: null,
    livingAreaSqFt: null,
    stories: null,
    buildingHeight: '2-Story',
  });
  const priced = computeEstimate({
    measurement,
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '2-Story',
    plywoodNeeded: 'No',
  });
  // the engine's own basis and texts (what the pipeline prints), not hand-written ones
  expect(priced.basis).toBe('preliminary');
  expect(priced.preliminary?.sizeFrom).toBe('typical');
  const estimate: Estimate = {
    ...enrich(priced, long),
    warnings: [],
    reconciliations: [],
  };
  return reportData(measurement, estimate, null, long);
}

/** Every text draw stays inside the box it was given (page margins, a tile, the drawing...). */
function spills(draws: TextDraw[]): string[] {
  const e = 0.6;
  return draws
    .filter((d) => {
      const c = d.container;
      return (
        d.drawn.x < c.x - e ||
        d.drawn.y < c.y - e ||
        d.drawn.x + d.drawn.width > c.x + c.width + e ||
        d.drawn.y + d.drawn.height > c.y + c.height + e
      );
    })
    .map(
      (d) =>
        `page ${d.page + 1} ${d.style} "${d.text.slice(0, 60)}" at ${JSON.stringify(d.drawn)} in ${JSON.stringify(d.container)}`,
    );
}

const pagesOf = (text: string) => text.split('\f').filter((p) => p.trim() !== '');
const flat = (s: string) => s.replace(/\s+/g, ' ');

function save(name: string, pdf: Buffer): void {
  const dir = process.env.REPORT_PDF_OUT;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), pdf);
}

describe('report layout of every fixture roof', () => {
  it('has the fixtures', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of FIXTURES) {
    for (const long of [false, true]) {
      it(`${file} (${long ? 'very long' : 'normal'} texts): texts present, nothing spills`, async () => {
        const d = fixtureReport(file, long);
        const { pdf, draws } = await renderReportPdfWithLayout(d);
        save(`${path.basename(file).replace(/\W+/g, '-')}${long ? '-long' : ''}.pdf`, pdf);
        expect(spills(draws)).toEqual([]);
        const text = pdfText(pdf);
        const all = pagesOf(text);
        for (const [i, page] of all.entries()) expect(page).toContain(`Page ${i + 1} of ${all.length}`);
        const t = flat(text);
        expect(t).toContain(`Version ${long ? 2 : 1}`);
        expect(t).toContain('How we settled differences');
        expect(t).toContain('Warnings: doubtful inputs (2)');
        expect(t).toContain('Measurement file: 1 storey');
        expect(t).toContain('Order: 2-Story');
        expect(t).toContain('Overhead and profit (20 %)');
        expect(t).toContain(formatCents(d.estimate.overheadAndProfitCents));
        expect(t).toContain('Sales tax on materials (6.25 %, TX)');
        expect(t).toContain('Texas sales tax (6.25 %) on materials is included');
        expect(t).toContain('About 8 of 10 fair bids for this roof fall inside this range.');
        expect(t).toContain('Metro price level');
        expect(t).not.toContain('Not in file');
        for (const item of d.estimate.lineItems) expect(t).toContain(formatCents(item.totalCents));
        // 'In this report' names the page each section starts on
        const contents = all[0] ?? '';
        for (const [title, mark] of [
          ['Roof measurements and drawing', 'Roof measurements'],
          ['Line items, overhead and profit, sales tax', 'Line items'],
          ['Assumptions, data sources and disclaimers', 'Assumptions and disclaimers'],
        ] as const) {
          const m = new RegExp(`${title}[ .]*page (\\d+)`).exec(flat(contents));
          expect(m, title).not.toBeNull();
          const n = Number(m?.[1]);
          expect(all[n - 1], `${title} on page ${n}`).toContain(mark);
          // with texts of normal length the cover holds the order: the measurements are page 2
          if (!long && mark === 'Roof measurements') expect(n).toBe(2);
        }
        const outlines = d.measurement.facets.some((f) => (f.polygon?.length ?? 0) >= 3);
        if (outlines) expect(t).toContain('Plan view drawn to scale');
        else {
          expect(t).toContain('Schematic - not to scale; the file has no roof outlines');
          // no lengths on single edges: the only lengths on the measurement page are the legend's
          // and the table's totals, so each total appears exactly twice there
          const measurementPage = flat(all[1] ?? '');
          const eaves = /Eaves ([\d,]+\.\d) ft/.exec(measurementPage)?.[1];
          // (drip edge = eaves when the roof has no rakes)
          const rows = d.measurement.lengths.rakes > 0 ? 2 : 3;
          if (eaves) expect(measurementPage.split(`${eaves} ft`).length - 1).toBeLessThanOrEqual(rows);
        }
        if (long) {
          expect(t).toContain('the earlier report stays valid');
          expect(t).toContain('Insurance claim');
        }
      });
    }
  }
});

describe('preliminary report', () => {
  for (const long of [false, true]) {
    it(`is marked on every page and says what it assumed and what happens next (${long ? 'long' : 'normal'})`, async () => {
      const d = preliminaryReport(long);
      const { pdf, draws } = await renderReportPdfWithLayout(d);
      save(`preliminary${long ? '-long' : ''}.pdf`, pdf);
      expect(spills(draws)).toEqual([]);
      const all = pagesOf(pdfText(pdf));
      expect(all.length).toBeGreaterThanOrEqual(4);
      all.forEach((page, i) => {
        expect(page, `page ${i + 1}`).toContain(PRELIMINARY_MARK);
        expect(page).toContain(`Page ${i + 1} of ${all.length}`);
      });
      const t = flat(all.join('\n'));
      expect(flat(all[0] ?? '')).toContain('PRELIMINARY — NOT MEASURED');
      if (!long) expect(all[1]).toContain('Roof measurements');
      const basis = d.estimate.preliminary;
      // the assumption once, on the cover, under the 'Preliminary — not measured' title
      const assumed = flat(basis?.assumption ?? 'missing').replace(/^Not measured:\s*/, '');
      expect(t.split(assumed).length - 1).toBe(1);
      expect(t).toContain(`Assumed: ${assumed}`);
      expect(t).toContain('sq ft from a typical 2-Story house');
      expect(t).toContain(flat(basis?.nextSteps ?? 'missing'));
      expect(t).toContain('Schematic - not to scale; no roof outlines were measured');
      expect(t).not.toContain('Plan view drawn to scale');
      expect(t).not.toContain('How we settled differences');
    });
  }

  it('the measured report shows no preliminary marking', async () => {
    const { pdf } = await renderReportPdfWithLayout(fixtureReport('eagleview-hip.xml', false));
    expect(pdfText(pdf)).not.toContain(PRELIMINARY_MARK);
  });
});

describe('roof drawing', () => {
  const drawingDraws = (draws: TextDraw[]) =>
    draws.filter((d) => d.container.height > 200 && d.container.height < 260 && d.container.width > 400);

  it('without outlines: a labelled schematic, no length on a single edge, a legend of only what is drawn', async () => {
    const d = fixtureReport('hover-complex.json', false);
    expect(d.measurement.lengths.flashing).toBeGreaterThan(0);
    const { draws } = await renderReportPdfWithLayout(d);
    const inDrawing = drawingDraws(draws);
    expect(inDrawing.map((x) => x.text)).toContain('Schematic - not to scale; the file has no roof outlines');
    // lengths appear only in the legend (style 'legend', right column), never as edge labels
    const lengths = inDrawing.filter((x) => / ft$/.test(x.text));
    expect(lengths.length).toBeGreaterThan(0);
    for (const l of lengths) expect(l.style).toBe('legend');
    const legendLabels = inDrawing
      .filter((x) => x.style === 'legend' && !/\d/.test(x.text))
      .map((x) => x.text);
    // the schematic draws no flashing: the legend does not list it
    expect(legendLabels).not.toContain('Flashing');
    expect(legendLabels).not.toContain('Step flashing');
    expect(legendLabels).toEqual(expect.arrayContaining(['Ridges + hips', 'Valleys', 'Rakes', 'Eaves']));
  });

  it('with outlines: drawn to scale, the legend lists the line kinds the file draws', async () => {
    const d = fixtureReport('eagleview-complex.xml', false);
    const { draws } = await renderReportPdfWithLayout(d);
    const inDrawing = drawingDraws(draws);
    expect(inDrawing.some((x) => x.text.startsWith('Scale 1 in ='))).toBe(true);
    const drawnTypes = new Set((d.measurement.lines ?? []).map((l) => l.type));
    const legendLabels = inDrawing
      .filter((x) => x.style === 'legend' && !/\d/.test(x.text))
      .map((x) => x.text);
    expect(legendLabels.length).toBe([...drawnTypes].filter((t) => t !== 'parapet').length);
  });
});
