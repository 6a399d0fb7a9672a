/**
 * What an uploaded file is, read from its bytes: the first bytes name a type (never the file's
 * name or the browser's claim), and the server then parses the whole file as that type
 * (src/server/platform/files/file-content.ts) before anything is stored. Shared by every upload
 * of images and PDFs (project files, contractor documents) and by the browser's early check.
 */

export type UploadContentType = 'image/png' | 'image/jpeg' | 'image/gif' | 'application/pdf';

/** How many leading bytes `sniffContentType` needs. */
export const SNIFF_BYTES = 8;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((b, i) => bytes[i] === b);
}

/**
 * The type a file's first bytes claim (PNG, JPEG, GIF or PDF), or null. Only a claim: a JPEG
 * header followed by HTML claims JPEG, so the server decodes every file before accepting it.
 */
export function sniffContentType(head: Uint8Array): UploadContentType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // GIF87a or GIF89a
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38]) &&
    (head[4] === 0x37 || head[4] === 0x39) &&
    head[5] === 0x61
  )
    return 'image/gif';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/**
 * Largest image accepted, in pixels (width x height): 40 megapixels, above the photos of phone
 * cameras (12 to 48 MP) and scans of a letter page at 600 dpi (34 MP). A small file can claim a
 * huge size (a 12,000 x 12,000 PNG of one colour is a few hundred kB): decoding it would take
 * gigabytes, so its size is read from its header and refused before any pixel is decoded.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

const grouped = (n: number) => n.toLocaleString('en-US');
const megapixels = (pixels: number) => {
  const mp = pixels / 1_000_000;
  return mp >= 10 ? String(Math.round(mp)) : String(Math.round(mp * 10) / 10);
};

/** Why an image or PDF whose first bytes were right is still refused: the same words everywhere. */
export const uploadedContentMessages = {
  imageTooManyPixels: (width: number, height: number) =>
    `This image is ${grouped(width)} × ${grouped(height)} pixels (${megapixels(width * height)} megapixels). Please choose an image of at most ${megapixels(MAX_IMAGE_PIXELS)} megapixels (for example 8,000 × 5,000 pixels).`,
  imageUnreadable:
    'This image could not be read: it is damaged, cut short or not really an image. Please choose an image that opens on your device.',
  pdfUnreadable:
    'This PDF could not be opened: it is damaged, cut short or not really a PDF. Please choose a PDF that opens on your device.',
  pdfEncrypted: 'This PDF is protected by a password. Please upload a copy that opens without one.',
  pdfTooComplex:
    'This PDF took too long to open. Please upload a simpler copy (print it to PDF again, or scan it as a JPG).',
} as const;
