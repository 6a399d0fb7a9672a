import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { jobNames } from '../../src/domain/jobs';
import { migrateDatabase, openDatabase } from '../../src/server/platform/db/index';
import { createJobQueue } from '../../src/server/platform/jobs/create-job-queue';
import { buildServerBundle } from './server-bundle';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite (with the job queue's schema and queues) that each test file starts from. */
    pgliteTemplate: string | null;
    /** A migrated PostgreSQL database (with the job queue's schema and queues) that each test file copies. */
    postgresTemplate: string | null;
  }
}

const adminPostgresUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Migrates and starts the job queue once on `database`, so its schema is made too, with every
 * job's queue, as in the build's data template (db/data-template.ts): making them costs each app
 * built on a copy about 5 s of DDL on PGlite (36 partitioned tables with their indexes) otherwise.
 */
async function migrateWithQueue(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await migrateDatabase(database);
  const queue = createJobQueue(database, pino({ level: 'silent' }));
  await queue.start();
  await queue.prepare(jobNames);
  await queue.stop();
}

/**
 * On the PostgreSQL server: one migrated database per run, and each test file's database is a
 * `CREATE DATABASE ... TEMPLATE` copy of it (a file copy on the server) instead of a migration
 * per file. Named rl_test_… so scripts/drop-test-databases.mjs removes one an interrupted run left.
 */
async function postgresTemplate(project: TestProject) {
  const name = `rl_test_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminPostgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminPostgresUrl);
  url.pathname = `/${name}`;
  // one connection, closed before any copy: a template must have no session open while copied
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await migrateWithQueue(database);
  await database.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteTemplate', null);
  return async () => {
    const c = new pg.Client({ connectionString: adminPostgresUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
}

/**
 * Creating a PGlite cluster costs seconds (initdb); loading a dump of a migrated one costs a
 * fraction of that. Built once per run, cloned by every integration test file.
 */
async function pgliteTemplate(project: TestProject) {
  project.provide('postgresTemplate', null);
  const database = await openDatabase({ pgliteDir: 'memory://' });
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  await migrateWithQueue(database);
  const dump = await database.pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `rl-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

/** The run's database template, and the server bundle the tests' processes run (server-bundle.ts). */
export default async function setup(project: TestProject) {
  const bundle = await buildServerBundle();
  project.provide('serverBundleDir', bundle.dir);
  const dropTemplate =
    process.env.TEST_DB === 'postgres' ? await postgresTemplate(project) : await pgliteTemplate(project);
  return async () => {
    bundle.remove();
    await dropTemplate();
  };
}
