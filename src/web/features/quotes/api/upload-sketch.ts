import type { SketchUploadResponse } from '@domain/quotes/schemas';
import { ApiError } from '@web/lib/api-client';

export interface UploadHandle {
  promise: Promise<SketchUploadResponse>;
  abort(): void;
}

export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError';
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
  const xhr = new XMLHttpRequest();
  const promise = new Promise<SketchUploadResponse>((resolve, reject) => {
    const body = new FormData();
    body.append('measurementFileSource', measurementFileSource);
    body.append('sketchFile', file, file.name);
    xhr.open('POST', '/api/uploads/sketch');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as SketchUploadResponse);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered with something that is not JSON.'));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed (fetch)')));
    xhr.addEventListener('abort', () => reject(new UploadAbortedError('The upload was cancelled.')));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
