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
): UploadHandle {
  const body = new FormData();
  body.append('measurementFileSource', measurementFileSource);
  body.append('sketchFile', file, file.name);
  return uploadWithProgress<SketchUploadResponse>('/api/uploads/sketch', body, { onProgress });
}
