import path from 'node:path';
import pino, { type Logger } from 'pino';
import { createSessionStore, type SessionStore } from './auth/session-store';
import { createEventBus } from './bus/create-event-bus';
import type { EventBus } from './bus/types';
import type { Config } from './config';
import { createExclusive, type Exclusive } from './db/exclusive';
import { type Database, type Db, migrateDatabase, openDatabase } from './db/index';
import { createJobQueue, type JobQueueOptions } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/types';
import { loggerOptions } from './logger';
import { createMailer, registerMailWorker } from './mail/create-mailer';
import type { Mailer } from './mail/types';
import { dataTemplateDir } from './paths';
import { createReadCache, type ReadCache } from './read-cache';
import { createFileStorage } from './storage/create-file-storage';
import type { FileStorage } from './storage/file-storage';

/** Everything a feature may depend on, built once per process and passed down. */
export interface Platform {
  config: Config;
  logger: Logger;
  database: Database;
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  storage: FileStorage;
  mailer: Mailer;
  sessions: SessionStore;
  /** Per-process caches of hot reads, kept true by the database's change notifications. */
  readCache: ReadCache;
  /** Work one live holder at a time across processes, let go by a crash (a payment attempt). */
  exclusive: Exclusive;
  close(): Promise<void>;
}

export interface CreatePlatformOptions {
  /** An already opened database (tests pass a fresh one). */
  database?: Database;
  logger?: Logger;
  /** Start the job workers in this process (default true). */
  runWorkers?: boolean;
  /** The job queue's polling (tests that wait on retries and final failures poll faster). */
  jobs?: JobQueueOptions;
}

export async function createPlatform(config: Config, opts: CreatePlatformOptions = {}): Promise<Platform> {
  const logger = opts.logger ?? pino(loggerOptions(config.logLevel));
  const database =
    opts.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      lockDir: config.dataDir,
      templateDir: dataTemplateDir,
    }));
  try {
    await migrateDatabase(database);
    const bus = createEventBus(database, logger);
    await bus.start();
    const jobs = createJobQueue(database, logger, opts.jobs);
    await jobs.start();
    const storage = createFileStorage(database, config.dataDir);
    const mailer = createMailer({ db: database.db, storage, jobs, config, logger });
    const sessions = createSessionStore({ db: database.db, bus });
    const readCache = createReadCache({
      bus,
      committedWrites: database.kind === 'postgres' ? database.committedWrites : undefined,
    });
    const exclusive = createExclusive(database, logger);
    const platform: Platform = {
      config,
      logger,
      database,
      db: database.db,
      bus,
      jobs,
      storage,
      mailer,
      sessions,
      readCache,
      exclusive,
      async close() {
        await jobs.stop().catch((err) => logger.error({ err }, 'job queue stop failed'));
        await bus.close().catch((err) => logger.error({ err }, 'event bus close failed'));
        sessions.close();
        readCache.close();
        await exclusive.close();
        await database.close();
      },
    };
    if (opts.runWorkers !== false) await registerMailWorker(platform);
    return platform;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
