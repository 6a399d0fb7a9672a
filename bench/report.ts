/**
 * The report figures of CONTRACT.md: the engine's parts in this process (parse + price of every
 * fixture file, PDF render of each fixture roof), and submission-to-mail on a real server process
 * with PGlite: a VIP quote with a measurement file is submitted through the API, then the admin
 * outbox is read until the report mail with its PDF is there. The same for an order without a file
 * (report.preliminary.submissionToMail: its preliminary report is made at once).
 *
 * Only the preliminary figure, on its own: `node scripts/build.mjs && tsx bench/report.ts preliminary`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  computeEstimate,
  type EstimateInput,
  type MeasurementSource,
  parseMeasurementFile,
} from '../src/domain/estimates/index';
import { REPORT_DATA_SOURCES } from '../src/domain/estimates/report/report-content';
import { renderReportPdf } from '../src/server/features/estimates/report-pdf';
import { MEASUREMENT_FIXTURES_DIR } from '../tests/fixtures/paths';
import { median, percentile, startProcess } from './lib';

type Put = (name: string, value: number, unit: string) => void;

const FIXTURES = MEASUREMENT_FIXTURES_DIR;
const ROOFS = ['gable', 'hip', 'complex'] as const;
const FORMATS: { prefix: string; ext: string; source: MeasurementSource }[] = [
  { prefix: 'hover', ext: 'json', source: 'HOVER .json' },
  { prefix: 'eagleview', ext: 'xml', source: 'Eagleview .xml' },
  { prefix: 'roofr', ext: 'csv', source: 'Roofr .csv' },
  { prefix: 'gaf-quicksquare', ext: 'xml', source: 'GAF QuickSquare .xml' },
];
const PARSE_RUNS = 50;
const RENDER_RUNS = 30;
const SUBMISSIONS_PER_ROOF = 20;
const POLL_MS = 10;

const fileOf = (roof: string, f: (typeof FORMATS)[number]) => `${f.prefix}-${roof}.${f.ext}`;
const read = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

function timed(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

function pricingInput(file: string, source: MeasurementSource, text: string): EstimateInput {
  return {
    measurement: parseMeasurementFile(source, file, text),
    zipCode: '75201',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    roofLayers: '1 Layer',
    buildingHeight: '1-Story',
    plywoodNeeded: 'No',
    localObservations: [],
  };
}

function engineParts(put: Put): void {
  const all: number[] = [];
  for (const roof of ROOFS) {
    for (const f of FORMATS) {
      const file = fileOf(roof, f);
      const text = read(file);
      for (let i = 0; i < 5; i++) computeEstimate(pricingInput(file, f.source, text));
      const runs = Array.from({ length: PARSE_RUNS }, () =>
        timed(() => computeEstimate(pricingInput(file, f.source, text))),
      );
      all.push(...runs);
      put(`report.parseAndPrice.${f.prefix}-${roof}.medianMs`, median(runs), 'ms');
    }
  }
  put('report.parseAndPrice.medianMs', median(all), 'ms');
}

async function pdfRender(put: Put): Promise<void> {
  const all: number[] = [];
  for (const roof of ROOFS) {
    // EagleView carries facet outlines: the drawing to scale, the heaviest page
    const f = FORMATS[1] as (typeof FORMATS)[number];
    const file = fileOf(roof, f);
    const input = pricingInput(file, f.source, read(file));
    const estimate = computeEstimate(input);
    const data = {
      brandName: 'Ridgeline',
      supportEmail: 'support@ridgeline.test',
      generatedAt: new Date(),
      reference: 'RL-BENCH234',
      orderedAt: new Date(),
      requester: { name: 'Riley Requester', email: 'riley@example.com' },
      homeowner: { name: 'Pat Owner', email: 'pat@example.com', phone: '(214) 555-0100' },
      property: { line1: '200 Sample Rd', line2: null, cityStateZip: 'Dallas, Texas 75201' },
      insurance: {
        carrierName: 'Acme Mutual',
        claimNumber: 'CLM-1',
        adjusterName: 'Alex Adjuster',
        adjusterEmail: 'alex@carrier.example',
        adjusterPhone: '(214) 555-0199',
      },
      roof: {
        roofSurfaceMaterial: input.roofSurfaceMaterial,
        roofLayers: input.roofLayers,
        buildingHeight: input.buildingHeight,
        plywoodNeeded: input.plywoodNeeded,
      },
      measurementSource: f.source,
      measurementFileName: file,
      measurement: input.measurement,
      estimate,
      dataSources: REPORT_DATA_SOURCES,
    };
    for (let i = 0; i < 5; i++) await renderReportPdf(data);
    const runs: number[] = [];
    for (let i = 0; i < RENDER_RUNS; i++) {
      const t0 = performance.now();
      await renderReportPdf(data);
      runs.push(performance.now() - t0);
    }
    all.push(...runs);
    put(`report.pdfRender.${roof}.medianMs`, median(runs), 'ms');
  }
  put('report.pdfRender.medianMs', median(all), 'ms');
}

async function json<T>(res: Response): Promise<T> {
  const body = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${body}`);
  return JSON.parse(body) as T;
}

const PRELIMINARY_SUBMISSIONS = 40;
/** Orders without a file: a roof area, a living area and stories, or no size at all. */
const PRELIMINARY_SIZES: Record<string, unknown>[] = [
  { roofAreaSqFt: '2,400' },
  { livingAreaSqFt: '1,900', stories: '2' },
  {},
];

async function submissionToMail(
  put: Put,
  serverEntry: string,
  baseEnv: Record<string, string>,
  opts: { measured?: boolean; preliminary?: boolean } = { measured: true, preliminary: true },
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-bench-report-'));
  const server = await startProcess([serverEntry], { ...baseEnv, DATA_DIR: dataDir, SEED_DEMO: '1' });
  const base = server.baseUrl;
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@ridgeline.test', password: 'ridgeline-demo' }),
    });
    await json(login);
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';

    // one upload per fixture file, as the quote form does; every submission points at one of them
    const uploaded = new Map<string, { publicUrl: string; fileName: string; size: number }>();
    for (const roof of ROOFS) {
      for (const f of FORMATS) {
        const file = fileOf(roof, f);
        const form = new FormData();
        form.set('measurementFileSource', f.source);
        form.set('sketchFile', new Blob([read(file)]), file);
        const res = await fetch(`${base}/api/uploads/sketch`, { method: 'POST', body: form });
        uploaded.set(file, await json(res));
      }
    }

    let n = 0;
    /** One VIP order (with the file of `roof` in format `f`, or without a file and with `size`): ms to its report mail. */
    const submitOnce = async (
      roof: string,
      f: (typeof FORMATS)[number] | null,
      size: Record<string, unknown> = {},
    ): Promise<number> => {
      n++;
      const file = f ? fileOf(roof, f) : 'no file';
      const up = f ? uploaded.get(file) : undefined;
      const requesterEmail = `bench-${n}-${Date.now()}@example.com`;
      const quoteData = {
        requesterFirstName: 'Riley',
        requesterLastName: 'Requester',
        requesterEmail,
        insuranceInvolved: 'Yes',
        carrierName: 'Acme Mutual',
        claimNumber: `CLM-${n}`,
        adjusterFirstName: 'Alex',
        adjusterLastName: 'Adjuster',
        adjusterEmail: `adjuster-${n}@carrier.example`,
        adjusterPhone: '(214) 555-0199',
        homeownerFirstName: 'Pat',
        homeownerLastName: 'Owner',
        homeownerEmail: `owner-${n}@example.com`,
        homeownerPhone: '(214) 555-0100',
        streetAddress: '200 Sample Rd',
        streetAddress2: null,
        city: 'Dallas',
        state: 'Texas',
        zipCode: '75201',
        roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
        plywoodNeeded: 'No',
        buildingHeight: '1-Story',
        roofLayers: '1 Layer',
        measurementFileSource: f ? f.source : "I don't have a sketch file available",
        sketchFileUrl: up?.publicUrl ?? null,
        sketchFileName: up?.fileName ?? null,
        sketchFileSize: up?.size ?? null,
        ...size,
      };
      const t0 = performance.now();
      await json(
        await fetch(`${base}/api/quotes/submit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            quoteData,
            paymentIntentId: 'free_submission',
            isVipSubmission: true,
            discountCode: 'VIP',
          }),
        }),
      );
      const deadline = t0 + 30_000;
      for (;;) {
        const mails = await json<{ subject: string; attachments: { contentType: string; size: number }[] }[]>(
          await fetch(`${base}/api/admin/outbox?to=${encodeURIComponent(requesterEmail)}&limit=5`, {
            headers: { cookie },
          }),
        );
        const report = mails.find(
          (m) =>
            // preliminary and measured report mails alike (their subjects differ)
            /roof report\b.*Project ID RL-/.test(m.subject) &&
            m.attachments.some((a) => a.contentType === 'application/pdf' && a.size > 1000),
        );
        if (report) return performance.now() - t0;
        if (performance.now() > deadline) throw new Error(`no report mail for ${file} within 30 s`);
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };

    // warm-up: the first reports load the engine's tables and JIT the renderer
    for (const roof of ROOFS) await submitOnce(roof, FORMATS[1] as (typeof FORMATS)[number]);

    if (opts.preliminary) {
      for (const size of PRELIMINARY_SIZES) await submitOnce('none', null, size);
      const runs: number[] = [];
      for (let i = 0; i < PRELIMINARY_SUBMISSIONS; i++) {
        runs.push(await submitOnce('none', null, PRELIMINARY_SIZES[i % PRELIMINARY_SIZES.length]));
      }
      put('report.preliminary.submissionToMail.medianMs', median(runs), 'ms');
      put('report.preliminary.submissionToMail.p95Ms', percentile(runs, 95), 'ms');
    }
    if (!opts.measured) return;

    const all: number[] = [];
    for (const roof of ROOFS) {
      const runs: number[] = [];
      for (let i = 0; i < SUBMISSIONS_PER_ROOF; i++) {
        runs.push(await submitOnce(roof, FORMATS[i % FORMATS.length] as (typeof FORMATS)[number]));
      }
      all.push(...runs);
      put(`report.submissionToMail.${roof}.medianMs`, median(runs), 'ms');
      put(`report.submissionToMail.${roof}.p95Ms`, percentile(runs, 95), 'ms');
    }
    put('report.submissionToMail.medianMs', median(all), 'ms');
    put('report.submissionToMail.p95Ms', percentile(all, 95), 'ms');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureReport(
  put: Put,
  server: { serverEntry: string; baseEnv: Record<string, string> },
): Promise<void> {
  engineParts(put);
  await pdfRender(put);
  await submissionToMail(put, server.serverEntry, server.baseEnv);
}

// `tsx bench/report.ts preliminary`: the preliminary figure alone, on the built server
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { randomBytes } = await import('node:crypto');
  const which = process.argv[2] ?? 'preliminary';
  const figures: Record<string, { value: number; unit: string }> = {};
  const put: Put = (name, value, unit) => {
    figures[name] = { value: Math.round(value * 100) / 100, unit };
  };
  await submissionToMail(
    put,
    path.resolve(import.meta.dirname, '../dist/server/main.js'),
    {
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    },
    {
      preliminary: which === 'preliminary' || which === 'all',
      measured: which === 'measured' || which === 'all',
    },
  );
  console.table(Object.entries(figures).map(([figure, f]) => ({ figure, ...f })));
}
