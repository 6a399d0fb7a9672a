import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Database, pgliteDatabase } from '../../src/server/platform/db/index';

/**
 * PGlite databases for the integration tests, each as the run's template left it, without loading
 * the template for every test file: loading it (untar into memory, start PostgreSQL in WASM) was
 * about half of a test file's set-up, 2-4 s, for 95 files per worker run. A database a file is
 * done with is emptied instead (TRUNCATE of every table the template has empty, its sequences set
 * back), in a fraction of that, and handed to the worker's next file.
 *
 * A database is handed on only when nothing but rows changed: same tables, indexes and types
 * (pg_class), the same job queues and migrations, and no test replaced one of the PGlite object's
 * methods (read-cache.int.test.ts wraps `query`). Anything else closes it, and the next file gets
 * a freshly loaded one. Session state goes with DISCARD ALL (settings, LISTEN, advisory locks,
 * prepared statements, temporary tables).
 *
 * Workers keep modules between files (vitest.config.ts `isolate: false`), so the idle databases
 * here outlive a file, as intended; each worker process has its own.
 */

interface Template {
  /** Statements that empty the database and set its sequences back. */
  resetSql: string;
  /** What must be unchanged for a database to be handed on (fingerprintSql's answer). */
  fingerprint: string;
  /** The PGlite object's own properties as loaded (a test that replaces a method adds one). */
  ownKeys: string;
}

const fingerprintSql = `select
  (select count(*) || ':' || max(oid::text::bigint) from pg_class) as classes,
  (select md5(coalesce(string_agg(q::text, ',' order by q.name), '')) from pgboss.queue q) as queues,
  (select count(*) from drizzle.__drizzle_migrations) as migrations`;

/** The tables the template holds rows in: kept as they are (the job queues, the migrations applied). */
const keptTables = new Set(['drizzle.__drizzle_migrations', 'pgboss.queue', 'pgboss.version']);

const idle: PGlite[] = [];
const templates = new WeakMap<PGlite, Template>();
/** At most this many idle databases per worker (a file that holds two at once gets both back). */
const MAX_IDLE = 2;

async function fingerprint(pglite: PGlite): Promise<string> {
  const { rows } = await pglite.query(fingerprintSql);
  return JSON.stringify(rows[0]);
}

const ownKeys = (pglite: PGlite) => Object.getOwnPropertyNames(pglite).sort().join(',');

async function describeTemplate(pglite: PGlite): Promise<Template> {
  const tables = await pglite.query<{ name: string; plain: string }>(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, n.nspname || '.' || c.relname as plain
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'`,
  );
  const emptied = tables.rows.filter((t) => !keptTables.has(t.plain)).map((t) => t.name);
  const sequences = await pglite.query<{ name: string; last_value: string | null }>(
    `select quote_ident(schemaname) || '.' || quote_ident(sequencename) as name, last_value::text
       from pg_sequences`,
  );
  const setBack = sequences.rows.map((s) =>
    s.last_value === null
      ? `ALTER SEQUENCE ${s.name} RESTART;`
      : `SELECT setval('${s.name.replace(/'/g, "''")}', ${Number(s.last_value)}, true);`,
  );
  return {
    resetSql: [`TRUNCATE ${emptied.join(', ')} CASCADE;`, ...setBack].join('\n'),
    fingerprint: await fingerprint(pglite),
    ownKeys: ownKeys(pglite),
  };
}

async function load(templateFile: string): Promise<PGlite> {
  const pglite = await PGlite.create('memory://', { loadDataDir: new Blob([readFileSync(templateFile)]) });
  templates.set(pglite, await describeTemplate(pglite));
  return pglite;
}

/** Empties `pglite` back to its template and keeps it for the next file, or closes it (see above). */
async function giveBack(pglite: PGlite): Promise<void> {
  const template = templates.get(pglite);
  try {
    if (!template || pglite.closed || idle.length >= MAX_IDLE || ownKeys(pglite) !== template.ownKeys) {
      throw new Error('not reusable');
    }
    // a test that failed mid-transaction leaves it open
    if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
    await pglite.exec('DISCARD ALL');
    if ((await fingerprint(pglite)) !== template.fingerprint) throw new Error('schema changed');
    await pglite.exec(template.resetSql);
    idle.push(pglite);
  } catch {
    if (!pglite.closed) await pglite.close().catch(() => {});
  }
}

/**
 * A database as the template left it, and what to call when the test is done with it. Its
 * `close()` (the platform calls it) does nothing: the database is given back by `drop`.
 */
export async function reusedPglite(
  templateFile: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const pglite = idle.pop() ?? (await load(templateFile));
  let dropped = false;
  return {
    database: pgliteDatabase(pglite, async () => {}),
    async drop() {
      if (dropped) return;
      dropped = true;
      await giveBack(pglite);
    },
  };
}
