import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverScript } from '../../../tests/helpers/server-script';
import { type FreshDatabase, freshDatabase, testDbKind } from '../../../tests/helpers/test-context';
import { migrateDatabase, openDatabase } from '../platform/db/index';
import { localFilesDir } from '../platform/storage/create-file-storage';
import { migrateLocalFiles } from '../platform/storage/migrate-local-files';
import {
  createPgFileStorage,
  PG_FILE_CHUNK_BYTES,
  type PgFileStorage,
} from '../platform/storage/pg-file-storage';

const run = promisify(execFile);
let fresh: FreshDatabase;
let store: PgFileStorage;
const dataDirs: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrateDatabase(fresh.database);
  store = createPgFileStorage(fresh.database.db);
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose local store holds `files` (key -> bytes). */
function dataDirWith(files: Record<string, Buffer>): { dataDir: string; root: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-migrate-'));
  dataDirs.push(dataDir);
  const root = localFilesDir(dataDir);
  for (const [key, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
    writeFileSync(path.join(root, key), data);
  }
  return { dataDir, root };
}

describe(`moving local files into PostgreSQL (database ${testDbKind})`, () => {
  it('copies every file under its key, skips what is already there, and keeps the local files', async () => {
    const files = {
      'projects/p1/photo-1': randomBytes(PG_FILE_CHUNK_BYTES * 3 + 17),
      'projects/p1/photo-1-thumbnail': randomBytes(2048),
      'reports/q1/v1.pdf': Buffer.from('%PDF-1.7 report'),
      'mail/m1/0-a.pdf': Buffer.alloc(0),
    };
    const { root } = dataDirWith({
      ...files,
      // an interrupted local write's temporary file is not a stored file
      'reports/q1/v2.pdf.0b7d8f2e-8c1a-4a57-9d55-0a3c9b1f4e21.tmp': Buffer.from('half'),
    });
    // a link could point out of the folder: not followed
    symlinkSync('/etc/hostname', path.join(root, 'reports', 'link'));
    // one file is there already, one stale (another size)
    await store.put('reports/q1/v1.pdf', files['reports/q1/v1.pdf']);
    await store.put('projects/p1/photo-1-thumbnail', Buffer.from('stale'));

    const first = await migrateLocalFiles(root, store);
    expect(first).toEqual({ found: 4, copied: 3, skipped: 1, failed: [], deletedLocal: 0 });
    for (const [key, data] of Object.entries(files)) {
      expect((await store.get(key)).equals(data)).toBe(true);
      expect(existsSync(path.join(root, key))).toBe(true);
    }
    expect(await store.exists('reports/link')).toBe(false);
    expect(await store.exists('reports/q1/v2.pdf.0b7d8f2e-8c1a-4a57-9d55-0a3c9b1f4e21.tmp')).toBe(false);

    const again = await migrateLocalFiles(root, store);
    expect(again).toEqual({ found: 4, copied: 0, skipped: 4, failed: [], deletedLocal: 0 });
  });

  it('deletes the local files once PostgreSQL holds them, with --delete-local', async () => {
    const files = { 'contractors/c1/doc-1': randomBytes(5000), 'uploads/u1.json': Buffer.from('{"roof":1}') };
    const { root } = dataDirWith(files);
    await store.put('uploads/u1.json', files['uploads/u1.json']);
    const result = await migrateLocalFiles(root, store, { deleteLocal: true });
    expect(result).toEqual({ found: 2, copied: 1, skipped: 1, failed: [], deletedLocal: 2 });
    for (const [key, data] of Object.entries(files)) {
      expect(existsSync(path.join(root, key))).toBe(false);
      expect((await store.get(key)).equals(data)).toBe(true);
    }
  });

  it('finds nothing to do without a local folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rl-migrate-'));
    dataDirs.push(dataDir);
    expect(await migrateLocalFiles(localFilesDir(dataDir), store)).toMatchObject({ found: 0, copied: 0 });
  });
});

async function cli(env: Record<string, string>, ...args: string[]) {
  return run(process.execPath, [...serverScript('migrate-files'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'silent', SEED_DEMO: '0', ...env },
  }).then(
    (r) => ({ code: 0, ...r }),
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
}

describe('npm run storage:migrate', () => {
  it('refuses to run without DATABASE_URL', async () => {
    const { dataDir } = dataDirWith({ 'a/b': Buffer.from('x') });
    const out = await cli({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('set DATABASE_URL');
  });

  it.runIf(testDbKind === 'postgres')('copies, prints its counts, and is idempotent', async () => {
    const { dataDir, root } = dataDirWith({
      'cli/one': randomBytes(100),
      'cli/two': randomBytes(PG_FILE_CHUNK_BYTES + 1),
    });
    const env = { DATA_DIR: dataDir, DATABASE_URL: fresh.url as string };
    const first = await cli(env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(
      '2 files, 2 copied, 0 already in PostgreSQL, 0 failed, 0 local files deleted.',
    );
    const second = await cli(env, '--delete-local');
    expect(second.stdout).toContain(
      '2 files, 0 copied, 2 already in PostgreSQL, 0 failed, 2 local files deleted.',
    );
    expect(existsSync(path.join(root, 'cli/one'))).toBe(false);
    const other = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
    try {
      expect((await createPgFileStorage(other.db).get('cli/two')).length).toBe(PG_FILE_CHUNK_BYTES + 1);
    } finally {
      await other.close();
    }
  });
});
