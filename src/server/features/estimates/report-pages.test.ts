import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, sourceOfFile } from '../../../../tests/helpers/report-quotes';
import {
  computeEstimate,
  type Estimate,
  parseMeasurementFile,
  preliminaryMeasurement,
} from '../../../domain/estimates/index';
import { REPORT_DATA_SOURCES } from '../../../domain/estimates/report/report-content';
import type { RoofMeasurement } from '../../../domain/estimates/types';
import { PAGE } from './report/style';
import { PRELIMINARY_SOURCE_TEXT } from './report-data';
import { type ReportData, renderReportPdf } from './report-pdf';

/**
 * Issue 24 item 8: every page of the four report kinds as the customer reads them (the engine's
 * own texts, no test-made ones), rendered to images with poppler's pdftoppm and read back with
 * pdfjs: every text inside the page margins, no page under a third full except the last, no
 * sentence said twice, no label doubled ("Sales tax: Sales tax:").
 */

const KINDS: { name: string; file: string | null; ridgeVent?: string; insured?: boolean }[] = [
  { name: 'preliminary', file: null },
  { name: 'HOVER', file: 'hover-complex.json' },
  { name: 'EagleView', file: 'eagleview-complex.xml' },
  { name: 'Roofr', file: 'roofr-complex.csv' },
  { name: 'GAF QuickSquare', file: 'gaf-quicksquare-complex.xml' },
  // the order's ridge vent answer adds a row to the cover's roof specification (issue 24 #7)
  { name: 'preliminary, ridge vent Yes', file: null, ridgeVent: 'Yes' },
  { name: 'HOVER, ridge vent Not sure', file: 'hover-complex.json', ridgeVent: 'Not sure' },
  // insurance involved, every field filled and long: the cover's fullest block (issue 24 #8)
  { name: 'preliminary, insured, ridge vent Yes', file: null, ridgeVent: 'Yes', insured: true },
  { name: 'HOVER, insured, ridge vent Yes', file: 'hover-complex.json', ridgeVent: 'Yes', insured: true },
  // a plan drawn to scale with its facets, below the continued order details
  { name: 'EagleView, insured', file: 'eagleview-complex.xml', insured: true },
];

/** An insured order's claim with every field given, long enough to wrap. */
const INSURANCE: NonNullable<ReportData['insurance']> = {
  carrierName: 'The Consolidated Mutual Fire, Casualty and Windstorm Insurance Company of North America',
  claimNumber: 'CLM-2025-000000123456789-WIND-HAIL-SUPPLEMENT',
  adjusterName: 'Alexandra Catherine Montgomery-Whitfield',
  adjusterEmail: 'alexandra.montgomery-whitfield@claims.consolidated-mutual.example',
  adjusterPhone: '(214) 555-0199 ext. 12345',
};

const ORDER = {
  zipCode: '75201',
  roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
  roofLayers: '1 Layer',
  buildingHeight: '2-Story',
  plywoodNeeded: 'No',
} as const;

function reportOf(file: string | null, ridgeVent?: string, insured = false): ReportData {
  const measurement: RoofMeasurement = file
    ? parseMeasurementFile(sourceOfFile(file), file, fixture(file).toString('utf8'))
    : preliminaryMeasurement({
        roofAreaSqFt: null,
        livingAreaSqFt: null,
        stories: null,
        buildingHeight: '2-Story',
      });
  const estimate: Estimate = computeEstimate({ measurement, ...ORDER, ridgeVent: ridgeVent === 'Yes' });
  return {
    brandName: 'Ridgeline',
    supportEmail: 'support@ridgeline.test',
    generatedAt: new Date('2025-03-04T12:00:00Z'),
    reference: 'RL-TEST2345',
    orderedAt: new Date('2025-03-04T11:00:00Z'),
    requester: { name: 'Riley Requester', email: 'riley@example.com' },
    homeowner: { name: 'Pat Owner', email: 'pat@example.com', phone: insured ? '(972) 555-0142' : null },
    property: { line1: '1420 Maple Ridge Dr', line2: null, cityStateZip: 'Dallas, TX 75201' },
    insurance: insured ? INSURANCE : null,
    roof: { ...ORDER, ridgeVent: ridgeVent ?? null },
    measurementSource: file ? sourceOfFile(file) : PRELIMINARY_SOURCE_TEXT,
    measurementFileName: file,
    measurement,
    estimate,
    dataSources: REPORT_DATA_SOURCES,
  };
}

interface TextBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Every text run of every page with its box in points from the top left (pdfjs). */
async function textBoxes(pdf: Buffer): Promise<TextBox[][]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: TextBox[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { height } = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const boxes: TextBox[] = [];
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , d, e, f] = item.transform as number[];
      const h = Math.abs(d ?? item.height);
      boxes.push({ text: item.str, x: e ?? 0, y: height - (f ?? 0) - h, width: item.width, height: h });
    }
    pages.push(boxes);
  }
  await doc.destroy();
  return pages;
}

/**
 * Each page as a grey image (poppler's pdftoppm, PGM), and the share of the content area, from its
 * top down to the lowest inked row above the footer, that the page uses.
 */
function pageFill(pdf: Buffer, dir: string, name: string): number[] {
  const dpi = 36;
  const prefix = path.join(dir, name);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-', prefix], { input: pdf });
  const scale = dpi / 72;
  const files = readdirSync(dir)
    // this kind's pages only ('HOVER-1.pgm', not 'HOVER-insured-1.pgm' of another kind)
    .filter((f) => f.startsWith(`${name}-`) && /^\d+\.pgm$/.test(f.slice(name.length + 1)))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)?.[1]) - Number(/-(\d+)\.pgm$/.exec(b)?.[1]));
  return files.map((f) => {
    const bytes = readFileSync(path.join(dir, f));
    // P5 <w> <h> <max>\n<pixels>
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 40).toString('latin1'));
    if (!header) throw new Error(`${f} is not a PGM image`);
    const [w, h] = [Number(header[1]), Number(header[2])];
    const pixels = bytes.subarray(header[0].length);
    const top = Math.floor(PAGE.top * scale);
    // the footer rule sits 46 pt above the sheet's edge: ink below it is the footer's
    const footer = Math.floor((PAGE.height - 48) * scale);
    let lowest = top;
    for (let row = top; row < footer && row < h; row++) {
      for (let col = 0; col < w; col++) {
        if ((pixels[row * w + col] ?? 255) < 200) {
          lowest = row;
          break;
        }
      }
    }
    return (lowest - top) / (footer - top);
  });
}

/**
 * Word runs said twice across the report's body (the running header and footer repeat by design):
 * every run of `n` words, mostly words rather than figures, that occurs more than once. A repeated
 * sentence or clause repeats its runs, whatever the line breaks and columns.
 */
function repeatedRuns(pages: TextBox[][], n = 10): string[] {
  const words = pages
    .flatMap((boxes) => boxes.filter((b) => b.y > 50 && b.y + b.height < PAGE.height - 50))
    .map((b) => b.text)
    .join(' ')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  const seen = new Map<string, number>();
  for (let i = 0; i + n <= words.length; i++) {
    const run = words.slice(i, i + n);
    // the legend and the table of lengths list the same figures on purpose
    if (run.filter((w) => /\d/.test(w)).length > 2) continue;
    const key = run.join(' ');
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, count]) => count > 1).map(([run]) => run);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'report-pages-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('every page of every report kind, as rendered', () => {
  for (const kind of KINDS) {
    it(`${kind.name}: texts inside the margins, no page under a third full but the last, nothing said twice`, async () => {
      const data = reportOf(kind.file, kind.ridgeVent, kind.insured);
      const pdf = await renderReportPdf(data);
      const pages = await textBoxes(pdf);
      const fill = pageFill(pdf, tmp, kind.name.replace(/\W+/g, '-'));
      expect(fill.length).toBe(pages.length);

      const outside = pages.flatMap((boxes, i) =>
        boxes
          .filter(
            (b) =>
              b.x < PAGE.left - 0.5 ||
              b.x + b.width > PAGE.width - PAGE.right + 0.5 ||
              b.y < 20 ||
              b.y + b.height > PAGE.height - 20,
          )
          .map((b) => `page ${i + 1}: "${b.text}" at x ${b.x.toFixed(1)}-${(b.x + b.width).toFixed(1)}`),
      );
      expect(outside).toEqual([]);

      const thin = fill
        .map((share, i) => ({ page: i + 1, share: Math.round(share * 100) }))
        .filter(({ page, share }) => page < fill.length && share < 100 / 3);
      expect(thin, `page fill ${fill.map((s) => `${Math.round(s * 100)}%`).join(' ')}`).toEqual([]);

      expect(repeatedRuns(pages)).toEqual([]);
      const text = pages.flatMap((boxes) => boxes.map((b) => b.text)).join(' ');
      const doubled = /\b([A-Z][a-z]+(?: [a-z]+){0,3}): \1:/.exec(text.replace(/\s+/g, ' '));
      expect(doubled?.[0] ?? null).toBeNull();
    });
  }
});
