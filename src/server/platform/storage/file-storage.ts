import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploads, photos and reports live: local disk under DATA_DIR/files by default, PostgreSQL
 * (pg-file-storage.ts) when the product runs on a PostgreSQL server, so every process sees every
 * file. Keys are relative paths (`projects/<id>/<file>`); a key that could leave the store
 * (`..`, absolute, NUL) is refused by every method (`stream` throws at once).
 */
export interface FileStorage {
  /** Stores `data` under `key`, replacing what was there; readers see the old file or the new one, never half. */
  put(key: string, data: Buffer): Promise<void>;
  /** Like `put`, from a stream, without holding the whole file in memory. */
  putStream(key: string, data: Readable): Promise<void>;
  /** The whole file; rejects with a FileNotFoundError (code ENOENT) when there is none. */
  get(key: string): Promise<Buffer>;
  /** The file as a stream; a missing file makes the stream emit an error (code ENOENT). */
  stream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
}

export class FileNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`No stored file: ${key}`);
  }
}

/** The key in its one normal form (`a/./b` is `a/b`), or an error for one that could leave the store. */
export function safeKey(key: string): string {
  if (typeof key !== 'string') throw new Error('Invalid storage key');
  const normalized = path.posix.normalize(key);
  if (
    normalized === '.' ||
    normalized === '..' ||
    normalized.startsWith('../') ||
    path.posix.isAbsolute(normalized) ||
    normalized.includes('\0') ||
    normalized.endsWith('/')
  ) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return normalized;
}

export function createLocalFileStorage(root: string): FileStorage {
  const full = (key: string) => path.join(root, safeKey(key));
  // write then rename: a crash never leaves half a file under the real name
  async function writeAtomically(key: string, write: (temp: string) => Promise<void>) {
    const target = full(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await write(temp);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }
  return {
    put: (key, data) => writeAtomically(key, (temp) => writeFile(temp, data)),
    putStream: (key, data) => writeAtomically(key, (temp) => pipeline(data, createWriteStream(temp))),
    async get(key) {
      try {
        return await readFile(full(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw err;
      }
    },
    stream: (key) => createReadStream(full(key)),
    async exists(key) {
      const file = full(key);
      try {
        return (await stat(file)).isFile();
      } catch {
        return false;
      }
    },
    async delete(key) {
      await rm(full(key), { force: true });
    },
  };
}
