import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';
import { trackCommittedWrites } from './write-tracker';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw SQL runner shared by the job queue and the event bus. */
export interface RawSql {
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
}

export type Database =
  | { kind: 'pglite'; db: Db; sql: RawSql; pglite: PGlite; close(): Promise<void> }
  | {
      kind: 'postgres';
      db: Db;
      sql: RawSql;
      pool: pg.Pool;
      url: string;
      /** How many writes to tracked tables this process has committed (write-tracker.ts). */
      committedWrites(): number;
      close(): Promise<void>;
    };

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Folder of the embedded database; ignored with databaseUrl. `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Hold the DATA_DIR lock (the server does; a test opening its own temp folder need not). */
  lockDir?: string;
  poolSize?: number;
  /** A PGlite data directory dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  /**
   * A closed PGlite data directory a new pgliteDir is copied from instead of running initdb (the
   * build's dist/data-template, db/data-template.ts); ignored when pgliteDir is not empty or the
   * template is missing.
   */
  templateDir?: string;
}

export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // an idle client lost its connection; the pool replaces it on next use
    });
    const committedWrites = trackCommittedWrites(pool);
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      pool,
      url: opts.databaseUrl,
      committedWrites,
      sql: { query: (text, values) => pool.query(text, values as unknown[]) as never },
      close: () => pool.end(),
    };
  }
  const release = opts.lockDir ? acquireDataDirLock(opts.lockDir) : () => {};
  try {
    const dir = opts.pgliteDir ?? 'memory://';
    if (!dir.startsWith('memory://')) mkdirSync(path.dirname(dir), { recursive: true });
    if (opts.templateDir && !opts.loadDataDir) copyTemplate(opts.templateDir, dir);
    const pglite = await PGlite.create(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    return pgliteDatabase(pglite, async () => {
      try {
        await pglite.close();
      } finally {
        release();
      }
    });
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * The Database of an open PGlite; `close` is what closing it does (the integration tests hand one
 * PGlite to one test file after another and reset it in between: tests/helpers/reused-pglite.ts).
 */
export function pgliteDatabase(pglite: PGlite, close: () => Promise<void>): Database {
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    sql: {
      async query(text, values) {
        if (values && values.length > 0) return pglite.query(text, values) as never;
        const results = await pglite.exec(text);
        return (results[results.length - 1] ?? { rows: [] }) as never;
      },
    },
    close,
  };
}

/**
 * A new (missing or empty) database folder becomes a copy of the template. The copy is made beside
 * it and renamed into place, so a start interrupted mid-copy leaves no half database behind.
 */
function copyTemplate(templateDir: string, dir: string): void {
  if (dir.startsWith('memory://') || !existsSync(path.join(templateDir, 'PG_VERSION'))) return;
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(templateDir, partial, { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
}

const MIGRATION_LOCK = 727_274_001;

/** Runs the committed migrations. On a server, an advisory lock keeps concurrent starters in line. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}
