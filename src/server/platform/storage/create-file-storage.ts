import path from 'node:path';
import type { Database } from '../db/index';
import { createLocalFileStorage, type FileStorage } from './file-storage';
import { createPgFileStorage } from './pg-file-storage';

/**
 * The file store of a process: PostgreSQL when the product runs on a PostgreSQL server
 * (DATABASE_URL), so every process reads every file; local disk under DATA_DIR/files on the
 * embedded database, which only one process can open anyway.
 */
export function createFileStorage(database: Database, dataDir: string): FileStorage {
  return database.kind === 'postgres'
    ? createPgFileStorage(database.db)
    : createLocalFileStorage(localFilesDir(dataDir));
}

/** Where the local store keeps its files (and where `npm run storage:migrate` reads them). */
export function localFilesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}
