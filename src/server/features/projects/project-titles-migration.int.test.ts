import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase, testDbKind } from '../../../../tests/helpers/test-context';
import { type Database, openDatabase } from '../../platform/db/index';
import { migrationsDir } from '../../platform/paths';

/**
 * Issue 21 #8 made project titles (SWRX job ids) unique with an index. A database from before may
 * hold a title twice (two admins typing the same one at once): the migration renames the later
 * ones ('-2', '-3'...) rather than failing, and every other title is kept as it was.
 */

let database: Database;
let fresh: FreshDatabase | undefined;
let before: string;

async function migrate(folder: string): Promise<void> {
  if (database.kind === 'pglite') await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}

beforeAll(async () => {
  before = mkdtempSync(path.join(tmpdir(), 'rl-migrations-'));
  cpSync(migrationsDir, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  // every migration before the one that made the unique index on projects.title
  const index = journal.entries.find((e) => e.tag.endsWith('_project_titles_unique'));
  if (!index) throw new Error('no project_titles_unique migration in the journal');
  journal.entries = journal.entries.filter((e) => e.idx < index.idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  if (testDbKind === 'postgres') {
    // an empty database (the shared test template is already migrated)
    fresh = await freshDatabase({ empty: true });
    database = fresh.database;
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
});

afterAll(async () => {
  if (fresh) {
    await fresh.database.close();
    await fresh.drop();
  } else {
    await database?.close();
  }
  rmSync(before, { recursive: true, force: true });
});

describe(`the unique project titles migration on ${testDbKind}`, () => {
  it('renames the later of titles used twice, keeps the others, then refuses a title twice', async () => {
    await migrate(before);
    const insert = (title: string, address: string, createdAt: string) =>
      database.sql.query('insert into projects (title, address, created_at) values ($1, $2, $3)', [
        title,
        address,
        createdAt,
      ]);
    await insert('SWRX-2026-0007', '1 Elm St', '2026-01-01T00:00:00Z');
    await insert('SWRX-2026-0007', '2 Elm St', '2026-01-02T00:00:00Z');
    await insert('SWRX-2026-0008', '3 Elm St', '2026-01-03T00:00:00Z');
    await insert('SWRX-2026-0007', '4 Elm St', '2026-01-04T00:00:00Z');

    await migrate(migrationsDir);

    const { rows } = await database.sql.query<{ title: string; address: string }>(
      'select title, address from projects order by address',
    );
    expect(rows.map((r) => [r.address, r.title])).toEqual([
      ['1 Elm St', 'SWRX-2026-0007'],
      ['2 Elm St', 'SWRX-2026-0007-2'],
      ['3 Elm St', 'SWRX-2026-0008'],
      ['4 Elm St', 'SWRX-2026-0007-3'],
    ]);
    await expect(insert('SWRX-2026-0008', '5 Elm St', '2026-01-05T00:00:00Z')).rejects.toThrow(
      /projects_title_key/,
    );
  });
});
