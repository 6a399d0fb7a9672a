import { z } from 'zod';
import { captionSchema, photoStepSchema } from './photo-log';

/**
 * Resumable photo uploads (issue 27 item 3): the tus 1.0 subset the server speaks at
 * /api/projects/{id}/photos/uploads, the metadata a device sends with each photo, and the size a
 * photo is made on the device before it is sent. Shared by the server and the browser.
 */

export const TUS_VERSION = '1.0.0';

/**
 * The long edge, in pixels, a photo is resized to on the device. The largest place a photo is
 * shown is the gallery's lightbox: at most 896 CSS px wide (max-w-4xl) and 70% of the screen
 * high, so 1792 device pixels on a 2x phone or laptop; 1920 (Full HD) covers that with a little
 * room, and a 12 MP phone photo (4032 px, 3-6 MB) becomes some 300-600 KB, which a weak signal
 * can carry. The server keeps what it is sent (and makes its 320 px thumbnail from it).
 */
export const PHOTO_LONG_EDGE = 1920;
/** JPEG quality of a photo resized on the device. */
export const PHOTO_JPEG_QUALITY = 0.85;

/** A partial upload nobody continued for this long is deleted (maintenance.cleanup, hourly). */
export const PARTIAL_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** The size of an image whose long edge is at most `max`, ratio kept, never enlarged. */
export function fitLongEdge(
  width: number,
  height: number,
  max: number = PHOTO_LONG_EDGE,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const long = Math.max(width, height);
  if (long <= max) return { width: Math.round(width), height: Math.round(height) };
  const scale = max / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * An EXIF date ('2026:05:12 10:42:07') as ISO: with its OffsetTimeOriginal ('+02:00') when the
 * camera wrote one, else as the local time of the device reading it (a phone's own clock). Null
 * when it is not such a date.
 */
export function exifDateToIso(value: unknown, offset?: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59 || y < 1990) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = zone
    ? new Date(`${y}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(se)}${zone}`)
    : new Date(y, mo - 1, d, h, mi, se);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const photoUploadMessages = {
  metadata:
    'Upload-Metadata is comma-separated "key base64value" pairs: fileName and clientId (a UUID), optionally step, caption and capturedAt (ISO 8601).',
  fileName: 'fileName (1 to 255 characters) is required in Upload-Metadata.',
  clientId: 'clientId in Upload-Metadata must be a UUID the device made for this photo.',
  capturedAt: 'capturedAt in Upload-Metadata must be an ISO 8601 date and time.',
  length: 'Upload-Length must be a whole number of bytes, more than 0.',
  offset: 'Upload-Offset must be a whole number of bytes.',
  offsetMismatch: (offset: number) =>
    `Upload-Offset does not match the bytes received: continue from ${offset} (HEAD the upload to ask).`,
  tooLong: 'The body goes past the Upload-Length given when the upload was created.',
  contentType: 'Send the bytes as application/offset+octet-stream.',
  version: `Send the header Tus-Resumable: ${TUS_VERSION}.`,
  busy: 'This upload is receiving bytes already; try again in a moment.',
  notFound: 'Upload not found (it finished, expired after 24 hours, or is not yours).',
} as const;

/** An ISO 8601 date-time with an offset or Z, from the year 1990 to a day from now. */
const capturedAtSchema = z.iso
  .datetime({ offset: true, error: photoUploadMessages.capturedAt })
  .refine((v) => {
    const t = Date.parse(v);
    return t > Date.UTC(1990, 0, 1) && t < Date.now() + 24 * 3600 * 1000;
  }, photoUploadMessages.capturedAt);

export const photoUploadMetadataSchema = z.object({
  fileName: z.string().min(1, photoUploadMessages.fileName).max(255, photoUploadMessages.fileName),
  clientId: z.uuid({ error: photoUploadMessages.clientId }),
  step: photoStepSchema.nullable().optional(),
  caption: captionSchema.nullable().optional(),
  capturedAt: capturedAtSchema.nullable().optional(),
});
export type PhotoUploadMetadata = z.infer<typeof photoUploadMetadataSchema>;

export const clientIdSchema = z.uuid({ error: photoUploadMessages.clientId });
export const capturedAtFieldSchema = capturedAtSchema;

const KNOWN_KEYS = new Set(['fileName', 'clientId', 'step', 'caption', 'capturedAt']);

/** Decodes base64 the way tus sends it (standard alphabet, padding optional); null when it is not. */
function decodeBase64(value: string): string | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length > 2048) return null;
  try {
    const binary = atob(value);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The tus Upload-Metadata header ("key base64,key base64"), checked: the photo's details, or the
 * message of what is wrong. Unknown keys are ignored (tus clients add filetype and the like);
 * an empty step or caption clears it, as in the multipart upload.
 */
export function parseUploadMetadata(
  header: string | undefined,
): { ok: true; value: PhotoUploadMetadata } | { ok: false; message: string } {
  if (!header || header.length > 4096) return { ok: false, message: photoUploadMessages.metadata };
  const raw: Record<string, string | null> = {};
  for (const pair of header.split(',')) {
    const [key, value, ...rest] = pair.trim().split(' ');
    if (!key || rest.length > 0 || !/^[A-Za-z0-9_-]+$/.test(key) || key in raw) {
      return { ok: false, message: photoUploadMessages.metadata };
    }
    if (!KNOWN_KEYS.has(key)) continue;
    const decoded = value === undefined || value === '' ? '' : decodeBase64(value);
    if (decoded === null) return { ok: false, message: photoUploadMessages.metadata };
    raw[key] = decoded === '' && key !== 'fileName' && key !== 'clientId' ? null : decoded;
  }
  const parsed = photoUploadMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? photoUploadMessages.metadata };
  }
  return { ok: true, value: parsed.data };
}

/** The Upload-Metadata header of a photo (the browser's side of parseUploadMetadata). */
export function encodeUploadMetadata(meta: PhotoUploadMetadata): string {
  const b64 = (s: string) => {
    const bytes = new TextEncoder().encode(s);
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  };
  return Object.entries(meta)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',');
}
