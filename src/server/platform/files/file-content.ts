import type Sharp from 'sharp';
import {
  MAX_IMAGE_PIXELS,
  SNIFF_BYTES,
  sniffContentType,
  type UploadContentType,
  uploadedContentMessages,
} from '../../../domain/files/content-type';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { lazyModule } from '../lazy-module';
import { checkPdf, type PdfCheckResult } from './pdf-check';

/**
 * The one check of every uploaded image and PDF (project photos, images and documents,
 * contractor documents): the first bytes say which type the file claims to be, then the whole
 * file is parsed as that type before anything is stored. An image's size in pixels is read from
 * its header and refused above MAX_IMAGE_PIXELS before a pixel is decoded; the rest is decoded
 * to the last pixel by libvips (sharp, off the event loop), which fails on a truncated or
 * damaged body, and re-encoded as the thumbnail. A PDF is opened by PDF.js in a worker thread
 * with a time and memory budget (pdf-check.ts).
 */

// loaded with the first upload rather than at start-up; each file is decoded once: libvips'
// operation cache would only hold memory
const sharp = lazyModule<typeof Sharp>('sharp', (mod) => mod.cache(false));

/** Thumbnails: JPEG, 320 px wide at most (a tall image at most 640 px high), never enlarged. */
export const THUMBNAIL_WIDTH = 320;
const THUMBNAIL_MAX_HEIGHT = 640;

export type CheckedFile =
  | { ok: true; contentType: UploadContentType; thumbnail: Buffer; pages?: undefined }
  | { ok: true; contentType: 'application/pdf'; thumbnail: null; pages: number };

export type RefusedFile =
  /** The first bytes are none of the allowed types. */
  | { ok: false; reason: 'type' }
  /** Claims an allowed type, but does not decode or open as one. */
  | { ok: false; reason: 'unreadable'; contentType: UploadContentType; detail: string }
  | { ok: false; reason: 'pixels'; contentType: UploadContentType; width: number; height: number }
  | { ok: false; reason: 'encrypted' | 'too-complex'; contentType: 'application/pdf'; detail: string };

/**
 * A small JPEG of an image, made by decoding all of it: the proof that it is one. EXIF
 * orientation is applied, so a portrait phone photo is upright; transparency is laid on white.
 */
function thumbnailOf(data: Buffer): Promise<Buffer> {
  return sharp()(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: THUMBNAIL_WIDTH,
      height: THUMBNAIL_MAX_HEIGHT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}

async function checkImage(data: Buffer, contentType: UploadContentType): Promise<CheckedFile | RefusedFile> {
  const unreadable = (err: unknown): RefusedFile => ({
    ok: false,
    reason: 'unreadable',
    contentType,
    detail: err instanceof Error ? err.message : String(err),
  });
  let width: number;
  let height: number;
  try {
    // the header only: the size a file claims, before any pixel is decoded
    const meta = await sharp()(data, { failOn: 'error', limitInputPixels: false }).metadata();
    const format = meta.format === 'jpeg' ? 'image/jpeg' : `image/${meta.format}`;
    if (format !== contentType) return unreadable(new Error(`decodes as ${meta.format}`));
    width = meta.width ?? 0;
    // of the first frame: the only one decoded (an animated GIF's thumbnail is its first frame)
    height = meta.pageHeight ?? meta.height ?? 0;
    if (!width || !height) return unreadable(new Error('no size in the header'));
  } catch (err) {
    return unreadable(err);
  }
  if (width * height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'pixels', contentType, width, height };
  try {
    return { ok: true, contentType, thumbnail: await thumbnailOf(data) };
  } catch (err) {
    return unreadable(err);
  }
}

function pdfRefusal(result: Exclude<PdfCheckResult, { ok: true }>): RefusedFile {
  return { ok: false, reason: result.reason, contentType: 'application/pdf', detail: result.detail };
}

/**
 * Checks one uploaded file against the types an upload takes: what it is (a thumbnail for an
 * image, the page count for a PDF), or why it is refused.
 */
export async function checkFileContent(
  data: Buffer,
  allowed: readonly UploadContentType[],
): Promise<CheckedFile | RefusedFile> {
  const contentType = sniffContentType(data.subarray(0, SNIFF_BYTES));
  if (!contentType || !allowed.includes(contentType)) return { ok: false, reason: 'type' };
  if (contentType !== 'application/pdf') return checkImage(data, contentType);
  const pdf = await checkPdf(data);
  return pdf.ok ? { ok: true, contentType, thumbnail: null, pages: pdf.pages } : pdfRefusal(pdf);
}

/**
 * A refused file as the answer (CONTRACT: a wrong file type 415, too large 413): `typeMessage`
 * (the upload's own list of types) for a file of another type; for a file of a right type that
 * does not open, the reason.
 */
export function refusedFileError(refused: RefusedFile, typeMessage: string): Error {
  switch (refused.reason) {
    case 'type':
      return new UnsupportedMediaTypeError(typeMessage);
    case 'pixels':
      return new PayloadTooLargeError(
        uploadedContentMessages.imageTooManyPixels(refused.width, refused.height),
      );
    case 'unreadable':
      return new UnsupportedMediaTypeError(
        refused.contentType === 'application/pdf'
          ? uploadedContentMessages.pdfUnreadable
          : uploadedContentMessages.imageUnreadable,
      );
    case 'encrypted':
      return new UnsupportedMediaTypeError(uploadedContentMessages.pdfEncrypted);
    case 'too-complex':
      return new PayloadTooLargeError(uploadedContentMessages.pdfTooComplex);
  }
}
