import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { MeasurementSource } from '../../src/domain/estimates/types';
import { quotes, uploads } from '../../src/server/platform/db/schema';
import type { Platform } from '../../src/server/platform/platform';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';

/** The measurement fixtures (synthetic roofs in the four vendor formats). */
export const FIXTURES_DIR = MEASUREMENT_FIXTURES_DIR;

export function fixture(name: string): Buffer {
  return readFileSync(path.join(FIXTURES_DIR, name));
}

export const SOURCE_OF: Record<string, MeasurementSource> = {
  hover: 'HOVER .json',
  eagleview: 'Eagleview .xml',
  roofr: 'Roofr .csv',
  'gaf-quicksquare': 'GAF QuickSquare .xml',
};

export function sourceOfFile(fileName: string): MeasurementSource {
  const key = Object.keys(SOURCE_OF).find((k) => path.basename(fileName).startsWith(k));
  if (!key) throw new Error(`no source for ${fileName}`);
  return SOURCE_OF[key] as MeasurementSource;
}

export const NO_FILE = "I don't have a sketch file available";

export interface ReportQuoteOptions {
  /** A fixture file name (e.g. 'hover-gable.json' or 'bad/eagleview-truncated.xml'); none: no file. */
  file?: string;
  /** The stored file's content instead of the fixture's (a file the upload would refuse today). */
  content?: Buffer;
  insurance?: boolean;
  homeownerEmail?: string | null;
  zipCode?: string;
  roofSurfaceMaterial?: string;
  roofLayers?: string;
  buildingHeight?: string;
  plywoodNeeded?: string;
  homeownerUserId?: string;
  /** Size fields of an order without a file (its preliminary report). */
  roofAreaSqFt?: number | null;
  livingAreaSqFt?: number | null;
  stories?: '1' | '2' | '3' | null;
  /** The order's ridge vent answer ('Yes', 'No', 'Not sure'); none: not given. */
  ridgeVent?: string | null;
}

/** A submitted quote written straight to the database, with its sketch upload in storage. */
export async function insertSubmittedQuote(platform: Platform, opts: ReportQuoteOptions = {}) {
  let uploadId: string | null = null;
  let fileName: string | null = null;
  let size: number | null = null;
  if (opts.file) {
    const bytes = opts.content ?? fixture(opts.file);
    fileName = path.basename(opts.file);
    size = bytes.length;
    const storageKey = `uploads/sketch/${randomUUID()}/${fileName}`;
    await platform.storage.put(storageKey, bytes);
    const [upload] = await platform.db
      .insert(uploads)
      .values({
        kind: 'sketch',
        fileName,
        contentType: fileName.endsWith('.json')
          ? 'application/json'
          : fileName.endsWith('.csv')
            ? 'text/csv'
            : 'application/xml',
        size,
        storageKey,
        publicToken: randomBytes(24).toString('base64url'),
      })
      .returning({ id: uploads.id });
    uploadId = upload?.id ?? null;
  }
  const reference = `RL-${randomBytes(5).toString('hex').toUpperCase().slice(0, 8)}`;
  const insurance = opts.insurance ?? true;
  const [quote] = await platform.db
    .insert(quotes)
    .values({
      reference,
      confirmationCode: randomBytes(4).toString('hex').toUpperCase(),
      status: 'submitted',
      requesterFirstName: 'Riley',
      requesterLastName: 'Requester',
      requesterEmail: `requester-${reference.toLowerCase()}@example.com`,
      insuranceInvolved: insurance ? 'Yes' : 'No',
      carrierName: insurance ? 'Acme Mutual' : null,
      claimNumber: insurance ? 'CLM-2025-0042' : null,
      adjusterFirstName: insurance ? 'Alex' : null,
      adjusterLastName: insurance ? 'Adjuster' : null,
      adjusterEmail: insurance ? `adjuster-${reference.toLowerCase()}@carrier.example` : null,
      adjusterPhone: insurance ? '(214) 555-0199' : null,
      homeownerFirstName: 'Pat',
      homeownerLastName: 'Owner',
      homeownerEmail:
        opts.homeownerEmail === undefined
          ? `owner-${reference.toLowerCase()}@example.com`
          : opts.homeownerEmail,
      homeownerPhone: '(214) 555-0100',
      homeownerUserId: opts.homeownerUserId ?? null,
      streetAddress: '200 Sample Rd',
      city: 'Dallas',
      state: 'Texas',
      zipCode: opts.zipCode ?? '75201',
      roofSurfaceMaterial: opts.roofSurfaceMaterial ?? '30 YEAR LAMINATE SHINGLE',
      plywoodNeeded: opts.plywoodNeeded ?? 'No',
      buildingHeight: opts.buildingHeight ?? '1-Story',
      roofLayers: opts.roofLayers ?? '1 Layer',
      ridgeVent: opts.ridgeVent ?? null,
      measurementFileSource: opts.file ? sourceOfFile(opts.file) : NO_FILE,
      sketchUploadId: uploadId,
      sketchFileName: fileName,
      sketchFileSize: size,
      roofAreaSqFt: opts.roofAreaSqFt ?? null,
      livingAreaSqFt: opts.livingAreaSqFt ?? null,
      stories: opts.stories ?? null,
      basePriceCents: 45000,
      amountCents: 0,
      discountCode: 'VIP',
      discountCents: 45000,
      isVipSubmission: true,
      paymentStatus: 'free',
      submittedAt: new Date(),
    })
    .returning();
  if (!quote) throw new Error('quote insert failed');
  return quote;
}

export async function quoteRow(platform: Platform, id: string) {
  const [row] = await platform.db.select().from(quotes).where(eq(quotes.id, id));
  if (!row) throw new Error(`no quote ${id}`);
  return row;
}

/** Polls the quote until its report status is one of `states` (the job runs in the background). */
export async function waitForReportStatus(
  platform: Platform,
  id: string,
  states: string[],
  timeoutMs = 45_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await quoteRow(platform, id);
    if (states.includes(row.reportStatus)) return row;
    if (Date.now() > deadline) {
      throw new Error(
        `quote ${id} is ${row.reportStatus} (${row.reportError ?? 'no error'}), not ${states.join('/')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The text of a PDF (poppler's pdftotext). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], {
    input: pdf,
    maxBuffer: 16 * 1024 * 1024,
  }).toString('utf8');
}
