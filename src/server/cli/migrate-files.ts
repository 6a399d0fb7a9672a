/**
 * npm run storage:migrate [-- --delete-local]
 * Copies the files of the local store (DATA_DIR/files) into PostgreSQL, where a product with
 * DATABASE_URL keeps them so every process reads them. Safe to run again: files already there
 * with the same size are skipped. The local files stay unless --delete-local is given.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../platform/config';
import { migrateDatabase, openDatabase } from '../platform/db/index';
import { localFilesDir } from '../platform/storage/create-file-storage';
import { migrateLocalFiles } from '../platform/storage/migrate-local-files';
import { createPgFileStorage } from '../platform/storage/pg-file-storage';
import { runCli } from './run-cli';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { 'delete-local': { type: 'boolean', default: false } } });
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'npm run storage:migrate copies DATA_DIR/files into PostgreSQL: set DATABASE_URL to the server the product uses.',
    );
    return 2;
  }
  const root = localFilesDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
  try {
    await migrateDatabase(database);
    const result = await migrateLocalFiles(root, createPgFileStorage(database.db), {
      deleteLocal: values['delete-local'],
    });
    for (const { key, error } of result.failed) console.error(`failed: ${key}: ${error}`);
    console.log(
      `${root}: ${result.found} files, ${result.copied} copied, ${result.skipped} already in PostgreSQL, ` +
        `${result.failed.length} failed, ${result.deletedLocal} local files deleted.`,
    );
    return result.failed.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

runCli(main, 'npm run storage:migrate');
