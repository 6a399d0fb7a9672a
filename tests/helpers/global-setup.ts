import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../../src/server/platform/db/index';
import { createJobQueue } from '../../src/server/platform/jobs/create-job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite (with the job queue's schema) that each test file starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * Creating a PGlite cluster costs seconds (initdb); loading a dump of a migrated one costs a
 * fraction of that. Built once per run, cloned by every integration test file.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateDatabase(database);
  const queue = createJobQueue(database, pino({ level: 'silent' }));
  await queue.start();
  await queue.stop();
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `rl-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
