import { describe, expect, it } from 'vitest';
import { freshDatabase, testDbKind } from '../helpers/test-context';

/**
 * The PGlite a test file is done with is emptied back to the template and handed to the next file
 * (tests/helpers/reused-pglite.ts): what one file wrote must never reach the next.
 */
describe.skipIf(testDbKind !== 'pglite')('a PGlite handed from one test file to the next', () => {
  async function rowsOf(database: Awaited<ReturnType<typeof freshDatabase>>['database'], sql: string) {
    return (await database.sql.query<Record<string, unknown>>(sql)).rows;
  }

  it('comes back empty, sequences and session settings as the template left them, queues and migrations kept', async () => {
    const first = await freshDatabase();
    if (first.database.kind !== 'pglite') throw new Error('expected PGlite');
    const pglite = first.database.pglite;
    const [before] = await rowsOf(
      first.database,
      `select (select count(*) from pgboss.queue)::int as queues,
              (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
              (select last_value::int from drizzle.__drizzle_migrations_id_seq) as sequence`,
    );
    expect(before?.queues).toBeGreaterThan(0);
    await first.database.sql.query(
      `insert into users (email, password_hash, first_name, last_name, user_type)
       values ('left@behind.test', 'x', 'Left', 'Behind', 'homeowner')`,
    );
    await first.database.sql.query(`select nextval('drizzle.__drizzle_migrations_id_seq')`);
    await first.database.sql.query(`set statement_timeout = '1234ms'`);
    await first.database.sql.query('begin');
    await first.database.sql.query(
      `insert into contact_messages (channel, name, email, message) values ('email', 'A', 'a@b.test', 'open transaction')`,
    );
    await first.drop();

    const second = await freshDatabase();
    if (second.database.kind !== 'pglite') throw new Error('expected PGlite');
    // the same PGlite, emptied: the point of handing it on
    expect(second.database.pglite).toBe(pglite);
    expect(await rowsOf(second.database, 'select count(*)::int as n from users')).toEqual([{ n: 0 }]);
    expect(await rowsOf(second.database, 'select count(*)::int as n from contact_messages')).toEqual([
      { n: 0 },
    ]);
    expect(await rowsOf(second.database, `select current_setting('statement_timeout') as t`)).toEqual([
      { t: '0' },
    ]);
    const [after] = await rowsOf(
      second.database,
      `select (select count(*) from pgboss.queue)::int as queues,
              (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
              (select last_value::int from drizzle.__drizzle_migrations_id_seq) as sequence`,
    );
    expect(after).toEqual(before);
    await second.drop();
  });

  it('is closed instead when a file changed more than rows: a table made, or a method replaced', async () => {
    const first = await freshDatabase();
    if (first.database.kind !== 'pglite') throw new Error('expected PGlite');
    await first.database.sql.query('create table left_behind (id int)');
    await first.drop();
    expect(first.database.pglite.closed).toBe(true);

    const second = await freshDatabase();
    if (second.database.kind !== 'pglite') throw new Error('expected PGlite');
    expect(second.database.pglite).not.toBe(first.database.pglite);
    expect(await rowsOf(second.database, `select to_regclass('left_behind') as t`)).toEqual([{ t: null }]);
    const { pglite } = second.database;
    const query = pglite.query.bind(pglite);
    pglite.query = query as typeof pglite.query;
    await second.drop();
    expect(pglite.closed).toBe(true);
  });
});
