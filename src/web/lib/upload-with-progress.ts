import { ApiError } from './api-client';

export class UploadAbortedError extends Error {
  override name = 'UploadAbortedError';
}

/**
 * POSTs a multipart body with real progress from XMLHttpRequest's upload events (fetch has none),
 * with the session cookie. Resolves with the parsed JSON answer; errors reject like api-client's
 * (`${status}: ${body}`); an abort (the returned `abort` or `signal`) rejects with UploadAbortedError.
 */
export function uploadWithProgress<T>(
  url: string,
  body: FormData,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): { promise: Promise<T>; abort(): void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadAbortedError('The upload was cancelled.'));
      return;
    }
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiError(xhr.status, 'The server answered with something that is not JSON.'));
        }
        return;
      }
      reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network request failed (fetch)')));
    xhr.addEventListener('abort', () => reject(new UploadAbortedError('The upload was cancelled.')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}
