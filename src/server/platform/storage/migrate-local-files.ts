import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { PgFileStorage } from './pg-file-storage';

export interface MigrateFilesResult {
  /** Files found under the local folder (temporary files of interrupted writes not counted). */
  found: number;
  copied: number;
  /** Already in PostgreSQL with the same size. */
  skipped: number;
  failed: { key: string; error: string }[];
  deletedLocal: number;
}

/** A local write's temporary name (`<name>.<uuid>.tmp`, file-storage.ts): never a stored file. */
const LOCAL_TEMP_FILE = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/**
 * Copies every file of the local store (`root`, i.e. DATA_DIR/files) into the PostgreSQL store,
 * under the same key, streamed. Idempotent: a key already stored with the same size is skipped,
 * so a run cut short is finished by running it again. With `deleteLocal`, a local file is removed
 * once PostgreSQL holds it (copied now or before); otherwise the local files stay.
 */
export async function migrateLocalFiles(
  root: string,
  target: PgFileStorage,
  opts: {
    deleteLocal?: boolean;
    onFile?: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void;
  } = {},
): Promise<MigrateFilesResult> {
  const result: MigrateFilesResult = { found: 0, copied: 0, skipped: 0, failed: [], deletedLocal: 0 };
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    },
  );
  // plain files only: a symbolic link could point out of the folder
  const files = entries
    .filter((e) => e.isFile() && !LOCAL_TEMP_FILE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  for (const file of files) {
    const key = path.relative(root, file).split(path.sep).join('/');
    result.found += 1;
    let outcome: 'copied' | 'skipped' | 'failed';
    try {
      const { size } = await stat(file);
      if ((await target.sizeOf(key)) === size) {
        outcome = 'skipped';
        result.skipped += 1;
      } else {
        await target.putStream(key, createReadStream(file));
        outcome = 'copied';
        result.copied += 1;
      }
      if (opts.deleteLocal) {
        await rm(file);
        result.deletedLocal += 1;
      }
    } catch (err) {
      outcome = 'failed';
      result.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
    opts.onFile?.(key, outcome);
  }
  return result;
}
