import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MigrationTestDatabase,
  openMigrationTestDatabase,
} from '../../../../tests/helpers/migration-database';
import { testDbKind } from '../../../../tests/helpers/test-context';

/**
 * Issue 21 #8 made project titles (SWRX job ids) unique with an index. A database from before may
 * hold a title twice (two admins typing the same one at once): the migration renames the later
 * ones ('-2', '-3'...) rather than failing, and every other title is kept as it was.
 */

let db: MigrationTestDatabase;

beforeAll(async () => {
  db = await openMigrationTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe(`the unique project titles migration on ${testDbKind}`, () => {
  it('renames the later of titles used twice, keeps the others, then refuses a title twice', async () => {
    await db.migrateBefore('project_titles_unique');
    const insert = (title: string, address: string, createdAt: string) =>
      db.database.sql.query('insert into projects (title, address, created_at) values ($1, $2, $3)', [
        title,
        address,
        createdAt,
      ]);
    await insert('SWRX-2026-0007', '1 Elm St', '2026-01-01T00:00:00Z');
    await insert('SWRX-2026-0007', '2 Elm St', '2026-01-02T00:00:00Z');
    await insert('SWRX-2026-0008', '3 Elm St', '2026-01-03T00:00:00Z');
    await insert('SWRX-2026-0007', '4 Elm St', '2026-01-04T00:00:00Z');

    await db.migrateToLatest();

    const { rows } = await db.database.sql.query<{ title: string; address: string }>(
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
