import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MigrationTestDatabase,
  openMigrationTestDatabase,
} from '../../../../tests/helpers/migration-database';
import { testDbKind } from '../../../../tests/helpers/test-context';

/**
 * Migration 0006 turned project ids from a serial into random uuids (the serial stays as the SWRX
 * job number). A database with data from before must keep every link: messages, install
 * requests and project files still point at their project, and the job numbers go on.
 */

let db: MigrationTestDatabase;

async function one<T>(text: string, values: unknown[] = []): Promise<T> {
  const { rows } = await db.database.sql.query<T>(text, values);
  if (!rows[0]) throw new Error(`no row: ${text}`);
  return rows[0];
}

beforeAll(async () => {
  db = await openMigrationTestDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe(`migration 0006 on ${testDbKind}`, () => {
  it('keeps the links of messages, install requests and files, and the job numbers', async () => {
    await db.migrateBefore('project_uuid_ids');
    const owner = await one<{ id: string }>(
      `insert into users (email) values ('owner@example.com') returning id`,
    );
    const other = await one<{ id: string }>(
      `insert into users (email) values ('crew@example.com') returning id`,
    );
    const first = await one<{ id: number }>(
      `insert into projects (title, address, homeowner_id) values ('SWRX-2026-0001', '1 Elm St', $1) returning id`,
      [owner.id],
    );
    const second = await one<{ id: number }>(
      `insert into projects (title, address) values ('SWRX-2026-0002', '2 Elm St') returning id`,
    );
    await db.database.sql.query(
      `insert into messages (project_id, sender_id, receiver_id, content) values ($1, $2, $3, 'Hello')`,
      [second.id, owner.id, other.id],
    );
    await db.database.sql.query(
      `insert into install_requests (first_name, last_name, email, phone, address, city, state, zip_code, project_id)
       values ('A', 'B', 'owner@example.com', '555', '1 Elm St', 'Dallas', 'Texas', '75201', $1)`,
      [first.id],
    );
    await db.database.sql.query(
      `insert into project_files (project_id, kind, file_name, content_type, size, storage_key)
       values ($1, 'document', 'permit.pdf', 'application/pdf', 10, 'k/permit.pdf')`,
      [second.id],
    );

    await db.migrateToLatest();

    const rows = await db.database.sql.query<{ id: string; number: number; title: string }>(
      'select id, number, title from projects order by number',
    );
    expect(rows.rows.map((r) => [r.number, r.title])).toEqual([
      [first.id, 'SWRX-2026-0001'],
      [second.id, 'SWRX-2026-0002'],
    ]);
    const [p1, p2] = rows.rows;
    expect(p1?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(p1?.id).not.toBe(p2?.id);
    expect((await one<{ project_id: string }>('select project_id from messages')).project_id).toBe(p2?.id);
    expect((await one<{ project_id: string }>('select project_id from install_requests')).project_id).toBe(
      p1?.id,
    );
    expect((await one<{ project_id: string }>('select project_id from project_files')).project_id).toBe(
      p2?.id,
    );
    expect(
      (await one<{ homeowner_id: string }>('select homeowner_id from projects where number = $1', [first.id]))
        .homeowner_id,
    ).toBe(owner.id);
    // the job numbers go on from where they were
    const next = await one<{ number: number }>(
      `insert into projects (title, address) values ('next', '3 Elm St') returning number`,
    );
    expect(next.number).toBe(second.id + 1);
  });
});
