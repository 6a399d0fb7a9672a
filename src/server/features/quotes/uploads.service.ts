import { randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { compareAddresses } from '../../../domain/estimates/address-match';
import {
  MeasurementParseError,
  type MeasurementSource,
  type RoofMeasurement,
} from '../../../domain/estimates/types';
import { type SketchExtension, sourceNeedsFile } from '../../../domain/quotes/options';
import type { MeasurementSummary, SketchUploadResponse } from '../../../domain/quotes/quote-calls';
import {
  checkSketchFile,
  checkSketchMatchesSource,
  fileExtension,
  formatSizeMb,
  isSketchExtension,
  sketchContentTypes,
  sketchMessages,
} from '../../../domain/quotes/sketch-file';
import {
  NotFoundError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../platform/errors';
import type { FileStorage } from '../../platform/storage/file-storage';
import { type ParsePool, parsePool } from '../estimates';
import type { RequestContext } from './quote-drafts';
import type { UploadsRepo } from './uploads.repo';

export interface QuoteUploadsServiceDeps {
  storage: FileStorage;
  logger: Logger;
  uploads: UploadsRepo;
  /**
   * An upload's content check and, given a measurement source, its parse, in the parse pool's
   * workers within their time budget (the estimates feature's ParsePool.inspectUpload).
   */
  inspectUpload?: ParsePool['inspectUpload'];
}

/**
 * What the customer sees of a parsed measurement file: enough to tell it is the right roof, and,
 * given the order's street and ZIP code, whether the file's address is the order's.
 */
export function measurementSummary(
  m: RoofMeasurement,
  property?: { streetAddress: string; zipCode: string } | null,
): MeasurementSummary {
  const check = property ? compareAddresses(m.address, property) : null;
  return {
    source: m.source,
    totalAreaSqFt: Math.round(m.totalAreaSqFt),
    squares: m.squares,
    predominantPitch: m.predominantPitch,
    facetCount: m.facetCount,
    address: m.address?.trim() ? m.address.trim() : null,
    warnings: m.warnings,
    addressCheck: check ? { kind: check.kind, message: check.kind === 'match' ? null : check.message } : null,
  };
}

export const SKETCH_UPLOAD_PATH = '/api/uploads/sketch/';
const SKETCH_TOKEN = /^[A-Za-z0-9_-]{22}$/;

export function sketchPublicUrl(token: string): string {
  return `${SKETCH_UPLOAD_PATH}${token}`;
}

/** The token of one of our own sketch addresses (relative or absolute), or null. */
export function sketchTokenFromUrl(url: string): string | null {
  let path = url;
  try {
    path = new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
  if (!path.startsWith(SKETCH_UPLOAD_PATH)) return null;
  const token = path.slice(SKETCH_UPLOAD_PATH.length);
  return SKETCH_TOKEN.test(token) ? token : null;
}

/**
 * Whether a well-formed file is really a measurement export of the chosen source (the estimate
 * engine's parser reads it). Null when it is, else the parser's sentence.
 */
export async function measurementProblem(
  source: string,
  fileName: string,
  text: string,
  log?: Logger,
): Promise<string | null> {
  try {
    // in a worker with a time budget: a hostile file cannot hold the event loop
    await parsePool().parse(source as MeasurementSource, fileName, text);
    return null;
  } catch (err) {
    if (err instanceof MeasurementParseError) return err.message;
    log?.error({ err, source }, 'the measurement parser failed on an upload');
    return `We could not read this file as a ${source} file. Check that you chose the right file and source.`;
  }
}

/** Sketch and measurement files of an order: the upload with its checks, and the file served back. */
export function createQuoteUploadsService(deps: QuoteUploadsServiceDeps) {
  const { storage, uploads } = deps;
  const inspectUpload: ParsePool['inspectUpload'] =
    deps.inspectUpload ?? ((...args) => parsePool().inspectUpload(...args));
  const log = deps.logger.child({ module: 'quotes' });

  return {
    /**
     * Stores a sketch file after the name, size and content checks (the browser ran the first
     * two already) and, when a source is given, the check that the file fits it.
     */
    async uploadSketch(
      input: {
        fileName: string;
        data: Buffer;
        source?: string | null;
        /** The order's street line and ZIP code as typed so far: the file's address is compared with them. */
        property?: { streetAddress: string; zipCode: string } | null;
      },
      ctx: RequestContext,
    ): Promise<SketchUploadResponse> {
      const fileName = Array.from(input.fileName.replace(/[\\/]/g, '_'))
        .filter((c) => c.charCodeAt(0) >= 0x20)
        .join('')
        .slice(-255);
      const check = checkSketchFile(fileName, input.data.length);
      if (!check.ok) {
        if (check.kind === 'type') throw new UnsupportedMediaTypeError(check.message);
        if (check.kind === 'size') throw new PayloadTooLargeError(check.message);
        throw new ValidationError(check.message, { sketchFile: [check.message] });
      }
      if (input.source && sourceNeedsFile(input.source)) {
        const mismatch = checkSketchMatchesSource(input.source, fileName);
        if (mismatch) throw new ValidationError(mismatch, { sketchFile: [mismatch] });
      }
      // content check and parse in a worker with a time budget: a hostile file cannot hold the event loop
      const { problem, measurement } = await inspectUpload(
        check.extension,
        input.data,
        input.source && sourceNeedsFile(input.source)
          ? { source: input.source as MeasurementSource, fileName }
          : null,
      ).catch((err: unknown) => {
        log.error({ err, source: input.source }, 'the measurement parser failed on an upload');
        return {
          problem: `We could not read this file as a ${input.source ?? 'measurement'} file. Check that you chose the right file and source.`,
          measurement: null,
        };
      });
      // a measurement file that cannot be read is refused (400), as before: the order could not use it
      if (problem) throw new ValidationError(problem, { sketchFile: [problem] });

      const token = randomBytes(16).toString('base64url');
      const storageKey = `sketches/${randomUUID()}${check.extension}`;
      await storage.put(storageKey, input.data);
      const row = await uploads.insertUpload({
        kind: 'sketch',
        fileName,
        contentType: sketchContentTypes[check.extension],
        size: input.data.length,
        storageKey,
        publicToken: token,
        uploadedBy: ctx.userId ?? null,
      });
      return {
        publicUrl: sketchPublicUrl(row.publicToken),
        fileName: row.fileName,
        size: row.size,
        contentType: row.contentType,
        // what was read, so the customer can tell it is the right roof; null without a source we read
        measurement: measurement ? measurementSummary(measurement, input.property) : null,
      };
    },

    /**
     * An admin's measurement file for a submitted quote, already checked and parsed by the
     * estimates feature: stored like a customer's sketch (the same public address form), it
     * becomes the quote's sketch file, replacing typed measurements.
     */
    async attachMeasurementFile(
      quoteId: string,
      file: {
        source: MeasurementSource;
        fileName: string;
        extension: SketchExtension;
        bytes: Buffer;
        uploadedBy: string | null;
      },
    ): Promise<void> {
      const token = randomBytes(16).toString('base64url');
      const storageKey = `sketches/${randomUUID()}${file.extension}`;
      await storage.put(storageKey, file.bytes);
      await uploads.attachMeasurementFile(quoteId, {
        kind: 'sketch',
        fileName: file.fileName,
        contentType: sketchContentTypes[file.extension],
        size: file.bytes.length,
        storageKey,
        publicToken: token,
        publicUrl: sketchPublicUrl(token),
        uploadedBy: file.uploadedBy,
        source: file.source,
      });
    },

    /** The too-large message for a body the multipart limit cut short, from its declared length. */
    tooLargeMessage(contentLength: number): string {
      return sketchMessages.tooLarge(formatSizeMb(contentLength));
    },

    /**
     * A quote's measurement file (the customer's upload or an admin's), for the project made from
     * it (issue 23 #7: the projects feature checks who may open the project first); undefined
     * when the quote has none.
     */
    async measurementFileOf(quoteId: string) {
      const upload = await uploads.findQuoteSketch(quoteId);
      if (!upload || !(await storage.exists(upload.storageKey))) return undefined;
      const ext = fileExtension(upload.fileName);
      return {
        fileName: upload.fileName,
        contentType: isSketchExtension(ext) ? sketchContentTypes[ext] : 'application/octet-stream',
        size: upload.size,
        /** Names this stored file for its whole life (a new file is a new upload). */
        id: upload.id,
        read: () => storage.stream(upload.storageKey),
      };
    },

    async sketchFile(token: string) {
      const upload = SKETCH_TOKEN.test(token) ? await uploads.findUploadByToken('sketch', token) : undefined;
      if (!upload || !(await storage.exists(upload.storageKey))) {
        throw new NotFoundError(sketchMessages.unknownUpload);
      }
      const ext = fileExtension(upload.fileName);
      return {
        fileName: upload.fileName,
        contentType: isSketchExtension(ext) ? sketchContentTypes[ext] : 'application/octet-stream',
        size: upload.size,
        stream: storage.stream(upload.storageKey),
      };
    },
  };
}

export type QuoteUploadsService = ReturnType<typeof createQuoteUploadsService>;
