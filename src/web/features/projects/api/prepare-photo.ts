import {
  exifDateToIso,
  fitLongEdge,
  PHOTO_JPEG_QUALITY,
  PHOTO_LONG_EDGE,
} from '@domain/projects/photo-uploads';

/**
 * A photo made ready on the device before it is sent (issue 27 item 3): its capture time read
 * first (EXIF DateTimeOriginal, else the file's date), then resized to PHOTO_LONG_EDGE on the
 * long edge and encoded as JPEG, upright. Drawing to a canvas drops every byte of metadata, so
 * the location of a phone photo never leaves the phone. An image already within that size (and
 * 2 MB) is sent as it is, as is a GIF (perhaps animated) and an image this browser cannot
 * decode are sent as they are: the server checks, and strips, those. No React: the offline queue
 * calls this too.
 */
export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
  capturedAt: string | null;
}

interface ExifrMini {
  parse(file: Blob, options: object): Promise<Record<string, unknown> | undefined>;
}

// EXIF tags by number: exifr's small build has no names (nor `pick`, nor date revivers)
const DATE_TIME_ORIGINAL = 36867;
const CREATE_DATE = 36868;
const OFFSET_TIME_ORIGINAL = 36881;

/** EXIF DateTimeOriginal (or CreateDate) as ISO; exifr's small build, loaded with the first photo. */
async function exifCaptureTime(file: Blob): Promise<string | null> {
  try {
    // @ts-expect-error exifr's builds have no declarations of their own (index.d.ts is the full one's)
    const mod = (await import('exifr/dist/mini.esm.mjs')) as { default: ExifrMini };
    const tags = await mod.default.parse(file, { tiff: true, exif: true, gps: false });
    if (!tags) return null;
    return (
      exifDateToIso(tags[DATE_TIME_ORIGINAL], tags[OFFSET_TIME_ORIGINAL]) ?? exifDateToIso(tags[CREATE_DATE])
    );
  } catch {
    return null;
  }
}

function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${stem}.jpg`;
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d canvas');
    ctx.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
      'image/jpeg',
      PHOTO_JPEG_QUALITY,
    ),
  );
}

/** A photo at most this large and no larger than PHOTO_LONG_EDGE is sent as it is. */
const SMALL_ENOUGH = 2 * 1024 * 1024;

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const fromExif = await exifCaptureTime(file);
  const capturedAt = fromExif ?? (file.lastModified > 0 ? new Date(file.lastModified).toISOString() : null);
  if (file.type === 'image/gif') return { blob: file, fileName: file.name, capturedAt };
  let bitmap: ImageBitmap | undefined;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = fitLongEdge(bitmap.width, bitmap.height, PHOTO_LONG_EDGE);
    // already no larger than kept: re-encoding would only cost quality (the server drops its metadata)
    if (size.width === bitmap.width && size.height === bitmap.height && file.size <= SMALL_ENOUGH) {
      return { blob: file, fileName: file.name, capturedAt };
    }
    const blob = await encode(bitmap, size.width, size.height);
    return { blob, fileName: jpegName(file.name), capturedAt };
  } catch {
    return { blob: file, fileName: file.name, capturedAt };
  } finally {
    bitmap?.close();
  }
}
