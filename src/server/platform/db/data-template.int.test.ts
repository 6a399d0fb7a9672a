import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobNames } from '../../../domain/jobs';
import { migrationsDir } from '../paths';
import { buildDataTemplate } from './data-template';
import { type Database, migrateDatabase, openDatabase } from './index';

/** A new DATA_DIR starts as a copy of the build's template (docs/decisions/006-*), never over a database. */
describe('the template database of new data folders', () => {
  let work: string;
  let template: string;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'rl-template-'));
    template = path.join(work, 'template');
    await buildDataTemplate(template);
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function rows<T>(database: Database, text: string): Promise<T[]> {
    return (await database.sql.query<T>(text)).rows;
  }

  it('holds every migration, the job queue and every job queue, so a new folder needs neither', async () => {
    const dir = path.join(work, 'new', 'db');
    const database = await openDatabase({ pgliteDir: dir, templateDir: template });
    try {
      const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8'));
      const applied = await rows<{ n: number }>(
        database,
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(applied[0]?.n).toBe(journal.entries.length);
      const queues = (await rows<{ name: string }>(database, 'select name from pgboss.queue')).map(
        (q) => q.name,
      );
      for (const name of jobNames) expect(queues).toContain(name);
      // migrating the copy finds nothing to do and the tables are there
      await migrateDatabase(database);
      expect(await rows(database, 'select id from users')).toEqual([]);
    } finally {
      await database.close();
    }
    // copied beside the folder, then renamed: nothing half-made is left next to it
    expect(readdirSync(path.dirname(dir))).toEqual(['db']);
  });

  it('never replaces a database a folder already holds', async () => {
    const dir = path.join(work, 'kept', 'db');
    const first = await openDatabase({ pgliteDir: dir, templateDir: template });
    await migrateDatabase(first);
    await first.sql.query('create table kept_marker (id int)');
    await first.close();
    const again = await openDatabase({ pgliteDir: dir, templateDir: template });
    try {
      expect(await rows(again, 'select * from kept_marker')).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
