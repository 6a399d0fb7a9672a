import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploads, photos and reports live. Local disk under DATA_DIR by default. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

function safeKey(key: string): string {
  const normalized = path.posix.normalize(key);
  if (normalized.startsWith('..') || path.posix.isAbsolute(normalized) || normalized.includes('\0')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return normalized;
}

export function createLocalFileStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, safeKey(key));
  return {
    async put(key, data) {
      const target = full(key);
      await mkdir(path.dirname(target), { recursive: true });
      // write then rename: a crash never leaves half a file under the real name
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, target);
    },
    get: (key) => readFile(full(key)),
    stream: (key) => createReadStream(full(key)),
    async exists(key) {
      try {
        await stat(full(key));
        return true;
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}
