import { encodeUploadMetadata, TUS_VERSION } from '@domain/projects/photo-uploads';
import type { ProjectFile } from '@domain/projects/schemas';
import type { WorkflowStepKey } from '@domain/projects/workflow-steps';
import { ApiError } from '@web/lib/api-client';
import { UploadAbortedError } from '@web/lib/upload-with-progress';

/**
 * One installation photo sent with the server's tus subset (issue 27 item 3,
 * docs/photos.md): created once per clientId, its upload URL kept in localStorage, sent in
 * chunks; a chunk cut off (a dropped signal, a closed tab) is continued from the offset the
 * server reports, not from the start. Answers the stored ProjectFile, also when the server had
 * it already (the same clientId sent before). No React: the offline queue calls this too.
 */
export interface ResumablePhotoInput {
  projectId: string;
  file: Blob;
  fileName: string;
  clientId: string;
  step?: WorkflowStepKey | string | null;
  caption?: string | null;
  capturedAt?: string | null;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Bytes per PATCH: each one that arrives is kept even when the next is cut off. */
export const CHUNK_BYTES = 256 * 1024;
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
const storageKey = (clientId: string) => `ridgeline.photo-upload.${clientId}`;

interface Answer {
  status: number;
  header(name: string): string | null;
  body: string;
}

class NetworkError extends Error {}

function send(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Blob | null,
  signal: AbortSignal | undefined,
  onUpload?: (loaded: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadAbortedError('The upload was cancelled.'));
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Tus-Resumable', TUS_VERSION);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    if (onUpload) xhr.upload.addEventListener('progress', (e) => onUpload(e.loaded));
    xhr.addEventListener('load', () =>
      resolve({ status: xhr.status, header: (n) => xhr.getResponseHeader(n), body: xhr.responseText }),
    );
    xhr.addEventListener('error', () => reject(new NetworkError('Network request failed')));
    xhr.addEventListener('timeout', () => reject(new NetworkError('Network request timed out')));
    xhr.addEventListener('abort', () => reject(new UploadAbortedError('The upload was cancelled.')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

const fail = (a: Answer) => new ApiError(a.status, a.body);
const fileOf = (a: Answer) => (JSON.parse(a.body) as { files: ProjectFile[] }).files[0] as ProjectFile;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new UploadAbortedError('The upload was cancelled.'));
      },
      { once: true },
    );
  });
}

function remembered(clientId: string): string | null {
  try {
    return localStorage.getItem(storageKey(clientId));
  } catch {
    return null;
  }
}
function remember(clientId: string, url: string | null) {
  try {
    if (url) localStorage.setItem(storageKey(clientId), url);
    else localStorage.removeItem(storageKey(clientId));
  } catch {
    // private mode: the upload still resumes while the page stays open
  }
}

export async function uploadPhotoResumable(input: ResumablePhotoInput): Promise<ProjectFile> {
  const { projectId, file, clientId, signal, onProgress } = input;
  const total = file.size;
  const base = `/api/projects/${encodeURIComponent(projectId)}/photos/uploads`;
  let url = remembered(clientId);
  let offset = 0;
  let failures = 0;
  for (;;) {
    try {
      if (url) {
        const head = await send('HEAD', url, {}, null, signal);
        if (head.status === 404) {
          // finished (the POST below answers the stored file), expired, or never ours: start over
          url = null;
          remember(clientId, null);
          continue;
        }
        if (head.status !== 200) throw fail(head);
        offset = Number(head.header('Upload-Offset') ?? 0);
      } else {
        const created = await send(
          'POST',
          base,
          {
            'Upload-Length': String(total),
            'Upload-Metadata': encodeUploadMetadata({
              fileName: input.fileName,
              clientId,
              step: (input.step ?? null) as WorkflowStepKey | null,
              caption: input.caption ?? null,
              capturedAt: input.capturedAt ?? null,
            }),
          },
          null,
          signal,
        );
        if (created.status === 200) {
          onProgress?.(total, total);
          return fileOf(created);
        }
        if (created.status !== 201) throw fail(created);
        url = created.header('Location');
        if (!url) throw new ApiError(created.status, 'The upload was created without a Location.');
        offset = Number(created.header('Upload-Offset') ?? 0);
        remember(clientId, url);
      }
      onProgress?.(offset, total);
      for (;;) {
        const start = offset;
        const chunk = file.slice(start, Math.min(total, start + CHUNK_BYTES));
        const answer = await send(
          'PATCH',
          url,
          { 'Upload-Offset': String(start), 'Content-Type': 'application/offset+octet-stream' },
          chunk,
          signal,
          (loaded) => onProgress?.(Math.min(total, start + loaded), total),
        );
        if (answer.status === 200) {
          remember(clientId, null);
          onProgress?.(total, total);
          return fileOf(answer);
        }
        if (answer.status === 409) break; // the server has another offset: ask it (HEAD)
        if (answer.status !== 204) throw fail(answer);
        offset = Number(answer.header('Upload-Offset') ?? start);
        failures = 0;
      }
    } catch (err) {
      if (!(err instanceof NetworkError) && !(err instanceof ApiError && err.status >= 500)) throw err;
      if (failures >= RETRY_DELAYS_MS.length) throw err;
      await wait(RETRY_DELAYS_MS[failures] ?? 8000, signal);
      failures += 1;
    }
  }
}
