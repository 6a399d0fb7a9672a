import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, openDatabase } from '../../src/server/platform/db/index';
import { migrationsDir } from '../../src/server/platform/paths';
import { type FreshDatabase, freshDatabase, testDbKind } from './test-context';

/** An empty database that a test of one migration migrates by hand, on the run's kind of database. */
export interface MigrationTestDatabase {
  database: Database;
  /**
   * Runs every migration before the one whose tag ends with `name` (`'project_uuid_ids'` for
   * 0006_project_uuid_ids): the database as it was before that migration, ready for old data.
   */
  migrateBefore(name: string): Promise<void>;
  /** Runs the rest, as a start of the app does. */
  migrateToLatest(): Promise<void>;
  close(): Promise<void>;
}

/** The migrations folder cut before the migration `name`: the same files, the journal shorter. */
function migrationsBefore(name: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'rl-migrations-'));
  cpSync(migrationsDir, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.find((e) => e.tag.endsWith(`_${name}`));
  if (!cut) throw new Error(`no migration named ${name} in the journal`);
  journal.entries = journal.entries.filter((e) => e.idx < cut.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** An empty database (the shared test template is already migrated): PGlite in memory, or a new one on the server. */
export async function openMigrationTestDatabase(): Promise<MigrationTestDatabase> {
  let fresh: FreshDatabase | undefined;
  let database: Database;
  if (testDbKind === 'postgres') {
    fresh = await freshDatabase({ empty: true });
    database = fresh.database;
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  const folders: string[] = [];
  const migrate = async (folder: string) => {
    if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
    else await migratePg(database.db as never, { migrationsFolder: folder });
  };
  return {
    database,
    async migrateBefore(name) {
      const folder = migrationsBefore(name);
      folders.push(folder);
      await migrate(folder);
    },
    async migrateToLatest() {
      await migrate(migrationsDir);
    },
    async close() {
      await database.close();
      await fresh?.drop();
      for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    },
  };
}
