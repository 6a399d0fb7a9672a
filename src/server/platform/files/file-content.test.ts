import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  htmlAfterJpegHeader,
  htmlAfterJpegSignature,
  htmlAfterPdfSignature,
  hugePng,
  pdfWithoutPages,
  realJpeg,
  realPdf,
  realPng,
  truncatedJpeg,
} from '../../../../tests/helpers/hostile-files';
import { MAX_IMAGE_PIXELS, uploadedContentMessages } from '../../../domain/files/content-type';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../errors';
import { checkFileContent, refusedFileError } from './file-content';
import { checkPdf } from './pdf-check';

const ALL = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'] as const;
let huge: Buffer;

beforeAll(async () => {
  huge = await hugePng();
}, 60_000);

// each PDF check starts a worker thread (through tsx's loader from source): slow on a busy machine
describe('checkFileContent: every uploaded image and PDF is parsed whole', { timeout: 60_000 }, () => {
  it('accepts real PDFs (with their page count), JPEGs, PNGs and GIFs, with a JPEG thumbnail of each image', async () => {
    expect(await checkFileContent(await realPdf({ pages: 3 }), ALL)).toEqual({
      ok: true,
      contentType: 'application/pdf',
      thumbnail: null,
      pages: 3,
    });
    const gif = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    for (const [data, type] of [
      [await realJpeg(), 'image/jpeg'],
      [await realPng(), 'image/png'],
      [gif, 'image/gif'],
    ] as const) {
      const checked = await checkFileContent(data, ALL);
      expect(checked).toMatchObject({ ok: true, contentType: type });
      if (!checked.ok || !checked.thumbnail) throw new Error('no thumbnail');
      expect((await sharp(checked.thumbnail).metadata()).format).toBe('jpeg');
    }
  });

  it('refuses HTML after %PDF and a PDF without pages as unreadable PDFs', async () => {
    for (const data of [htmlAfterPdfSignature(), pdfWithoutPages()]) {
      expect(await checkFileContent(data, ALL)).toMatchObject({
        ok: false,
        reason: 'unreadable',
        contentType: 'application/pdf',
      });
    }
    const real = await realPdf();
    expect(await checkFileContent(real.subarray(0, Math.floor(real.length / 2)), ALL)).toMatchObject({
      ok: false,
      reason: 'unreadable',
    });
  });

  it('refuses a PDF that needs a password to open, takes one restricted by an owner password only', async () => {
    expect(await checkFileContent(await realPdf({ userPassword: 'secret' }), ALL)).toMatchObject({
      ok: false,
      reason: 'encrypted',
    });
    expect(await checkFileContent(await realPdf({ ownerPassword: 'issuer' }), ALL)).toMatchObject({
      ok: true,
      pages: 1,
    });
  });

  it('refuses a JPEG header followed by HTML, a bare JPEG signature and a truncated JPEG as unreadable images', async () => {
    for (const data of [await htmlAfterJpegHeader(), htmlAfterJpegSignature(), await truncatedJpeg()]) {
      expect(await checkFileContent(data, ALL)).toMatchObject({
        ok: false,
        reason: 'unreadable',
        contentType: 'image/jpeg',
      });
    }
  });

  it('refuses a 144-megapixel image from its header, naming its size', async () => {
    expect(huge.length).toBeLessThan(1024 * 1024);
    expect(await checkFileContent(huge, ALL)).toEqual({
      ok: false,
      reason: 'pixels',
      contentType: 'image/png',
      width: 12_000,
      height: 12_000,
    });
    expect(uploadedContentMessages.imageTooManyPixels(12_000, 12_000)).toBe(
      'This image is 12,000 × 12,000 pixels (144 megapixels). Please choose an image of at most 40 megapixels (for example 8,000 × 5,000 pixels).',
    );
    // the limit itself is allowed: 40 MP of one colour decodes
    const atLimit = await sharp({ create: { width: 8_000, height: 5_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(8_000 * 5_000).toBe(MAX_IMAGE_PIXELS);
    expect(await checkFileContent(atLimit, ALL)).toMatchObject({ ok: true, contentType: 'image/png' });
  });

  it('refuses types the upload does not take, and text, by their first bytes', async () => {
    expect(await checkFileContent(await realPdf(), ['image/png'])).toEqual({ ok: false, reason: 'type' });
    expect(await checkFileContent(Buffer.from('<html></html>'), ALL)).toEqual({ ok: false, reason: 'type' });
  });

  it('answers each refusal with its status and message', () => {
    const type = refusedFileError({ ok: false, reason: 'type' }, 'Please upload a PDF.');
    expect(type).toBeInstanceOf(UnsupportedMediaTypeError);
    expect(type.message).toBe('Please upload a PDF.');
    const pixels = refusedFileError(
      { ok: false, reason: 'pixels', contentType: 'image/png', width: 12_000, height: 12_000 },
      'x',
    );
    expect(pixels).toBeInstanceOf(PayloadTooLargeError);
    expect(pixels.message).toMatch(/12,000 × 12,000 pixels/);
    const pdf = refusedFileError(
      { ok: false, reason: 'unreadable', contentType: 'application/pdf', detail: '' },
      'x',
    );
    expect(pdf.message).toBe(uploadedContentMessages.pdfUnreadable);
    const slow = refusedFileError(
      { ok: false, reason: 'too-complex', contentType: 'application/pdf', detail: '' },
      'x',
    );
    expect(slow).toBeInstanceOf(PayloadTooLargeError);
  });

  it('stops a PDF parse over its time budget (its worker is ended) and still checks the next', async () => {
    expect(await checkPdf(Buffer.from('%PDF-1.4'), { hang: true, budgetMs: 200 })).toEqual({
      ok: false,
      reason: 'too-complex',
      detail: 'over the 200 ms budget',
    });
    expect(await checkPdf(await realPdf())).toEqual({ ok: true, pages: 1 });
  });
});
