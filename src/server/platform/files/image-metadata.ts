import type Sharp from 'sharp';
import { MAX_IMAGE_PIXELS, type UploadContentType } from '../../../domain/files/content-type';
import { lazyModule } from '../lazy-module';

/**
 * What an uploaded photo keeps of its metadata (issue 27 item 3): its capture time (read here
 * from EXIF when the device did not send it, stored as captured_at), and nothing else; above all
 * no location. An image with EXIF, XMP or IPTC metadata is turned upright by its EXIF orientation
 * and re-encoded without any of it; one without (a photo resized on the device) is kept as sent.
 */

const sharp = lazyModule<typeof Sharp>('sharp', (mod) => mod.cache(false));

interface ExifrModule {
  parse(data: Buffer, options: object): Promise<Record<string, unknown> | undefined>;
}
const exifr = lazyModule<ExifrModule>('exifr');

/** The EXIF DateTimeOriginal (or CreateDate) of an image as ISO, or null when it has none. */
export async function capturedAtOf(data: Buffer, contentType: UploadContentType): Promise<string | null> {
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') return null;
  try {
    const tags = await exifr().parse(data, {
      pick: ['DateTimeOriginal', 'CreateDate'],
      tiff: true,
      exif: true,
      gps: false,
      xmp: false,
    });
    const value = tags?.DateTimeOriginal ?? tags?.CreateDate;
    return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : null;
  } catch {
    return null;
  }
}

/**
 * The image without EXIF, XMP and IPTC metadata (GPS position, camera serial...), upright; the
 * bytes as they are when they carry none (GIFs carry none sharp knows of).
 */
export async function withoutLocation(data: Buffer, contentType: UploadContentType): Promise<Buffer> {
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') return data;
  const image = sharp()(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
  const meta = await image.metadata();
  if (!meta.exif && !meta.xmp && !meta.iptc) return data;
  // sharp writes no metadata unless asked (keepMetadata/withMetadata): only the pixels go on
  const upright = image.rotate();
  return contentType === 'image/jpeg'
    ? upright.jpeg({ quality: 90 }).toBuffer()
    : upright.png({ compressionLevel: 9 }).toBuffer();
}
