import { rmSync } from 'node:fs';
import pino from 'pino';
import { jobNames } from '../../../domain/jobs';
import { createJobQueue } from '../jobs/create-job-queue';
import { migrateDatabase, openDatabase } from './index';

/**
 * A new embedded database starts as a copy of a template instead of running initdb: PGlite's
 * initdb, the migrations and the job queue's tables were most of an empty DATA_DIR's start-up
 * (docs/decisions/006-start-up-off-the-critical-path.md). The build (scripts/build.mjs, through
 * cli/make-data-template.ts) makes dist/data-template (paths.ts): a PGlite folder, migrated, with
 * the job queue's schema and every job's queue, closed. openDatabase copies it into a new folder;
 * start-up then migrates as always, so a template older than the migrations only means more of
 * them run. Without the template (no build), a new folder is made by initdb as before.
 */
export async function buildDataTemplate(dir: string): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: dir });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  try {
    await migrateDatabase(database);
    const queue = createJobQueue(database, pino({ level: 'silent' }));
    await queue.start();
    await queue.prepare(jobNames);
    await queue.stop();
  } finally {
    await database.close();
  }
}
