import type { SketchUploadResponse } from '@domain/quotes/quote-calls';
import { uploadWithProgress } from '@web/lib/upload-with-progress';

export interface UploadHandle {
  promise: Promise<SketchUploadResponse>;
  abort(): void;
}

/**
 * POST /api/uploads/sketch (multipart, field sketchFile), with real progress from the
 * XMLHttpRequest upload events. The measurement source goes first, so the server checks the
 * file against it. Errors reject like api-client's (`${status}: ${body}`).
 */
export function uploadSketch(
  file: File,
  measurementFileSource: string,
  onProgress: (percent: number) => void,
  /** The order's street and ZIP code as typed: the answer says whether the file's address is the same. */
  property?: { streetAddress: string; zipCode: string },
): UploadHandle {
  const body = new FormData();
  body.append('measurementFileSource', measurementFileSource);
  if (property?.streetAddress.trim()) {
    body.append('streetAddress', property.streetAddress.slice(0, 200));
    body.append('zipCode', property.zipCode.slice(0, 10));
  }
  body.append('sketchFile', file, file.name);
  return uploadWithProgress<SketchUploadResponse>('/api/uploads/sketch', body, { onProgress });
}
