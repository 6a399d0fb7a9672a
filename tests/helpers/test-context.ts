import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/platform/config';
import { type Database, openDatabase } from '../../src/server/platform/db/index';
import type { JobQueueOptions } from '../../src/server/platform/jobs/create-job-queue';
import { createPlatform, type Platform } from '../../src/server/platform/platform';
import { createServices, type Services, type ServicesOptions } from '../../src/server/services';
import { reusedPglite } from './reused-pglite';

/** Which database the integration tests run on: TEST_DB=postgres uses the local server. */
export const testDbKind: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface FreshDatabase {
  database: Database;
  /** postgres:// URL of the fresh database (server only), for a second process or client. */
  url?: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh database, migrated and with the job queue's schema: on the server a copy of the run's
 * template database (global-setup.ts); on PGlite one loaded from the run's dump, or one a file
 * before emptied back to it (reused-pglite.ts). `empty: true` gives an empty one instead, for
 * tests of migrations themselves.
 */
export async function freshDatabase(opts: { empty?: boolean } = {}): Promise<FreshDatabase> {
  if (testDbKind === 'postgres') {
    const name = `rl_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
    await admin.connect();
    const template = opts.empty ? null : inject('postgresTemplate');
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await admin.end();
    const url = withDatabase(ADMIN_POSTGRES_URL, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
    return {
      database,
      url,
      async drop() {
        const c = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const template = opts.empty ? null : inject('pgliteTemplate');
  if (template) return reusedPglite(template);
  const database = await openDatabase({ pgliteDir: 'memory://' });
  return {
    database,
    async drop() {
      await database.close().catch(() => {});
    },
  };
}

/**
 * The job queue's polling for tests that wait on a retry or a final failure: pg-boss's shortest
 * interval (0.5 s), for the dead-letter worker (onFinalFailure) too, instead of 5 s. The process
 * wakes its workers when their jobs are due anyway; polling at 0.5 s also finds a job a moment
 * after a wake-up that came too early.
 */
export const FAST_JOBS: JobQueueOptions = {
  pollingIntervalSeconds: 0.5,
  deadLetterPollingIntervalSeconds: 0.5,
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-data-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: '0',
    ...overrides,
  });
}

export interface TestContext {
  platform: Platform;
  /** The services the app was built with (services.ts), for what a test does without HTTP. */
  services: Services;
  app: FastifyInstance;
  config: Config;
  fresh: FreshDatabase;
  close(): Promise<void>;
}

/**
 * A whole app on a fresh database, for integration tests through app.inject or a real port.
 * `serveWeb: true` also serves the built web app (dist/, from `npm run build`) as main.ts does.
 */
export async function createTestContext(
  opts: {
    env?: Record<string, string>;
    runWorkers?: boolean;
    serveWeb?: boolean;
    /** False: the features' workers are not started (the test runs their jobs itself). */
    startWorkers?: boolean;
    logger?: Logger;
    services?: ServicesOptions;
    /** The job queue's polling (FAST_JOBS for a test that waits on retries or final failures). */
    jobs?: JobQueueOptions;
  } = {},
): Promise<TestContext> {
  const config = testConfig(opts.env);
  const fresh = await freshDatabase();
  const platform = await createPlatform(config, {
    database: fresh.database,
    runWorkers: opts.runWorkers,
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const services = createServices(platform, opts.services);
  const app = await buildApp(platform, {
    serveWeb: opts.serveWeb ?? false,
    services,
    ...(opts.startWorkers === false ? { startWorkers: false } : {}),
  });
  await app.ready();
  return {
    platform,
    services,
    app,
    config,
    fresh,
    async close() {
      await app.close();
      await platform.close();
      await fresh.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
