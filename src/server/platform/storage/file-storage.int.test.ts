import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FreshDatabase, freshDatabase, testDbKind } from '../../../../tests/helpers/test-context';
import { migrateDatabase, openDatabase } from '../db/index';
import { createLocalFileStorage, type FileStorage } from './file-storage';
import { createPgFileStorage, deleteAbandonedFileWrites, PG_FILE_CHUNK_BYTES } from './pg-file-storage';
import { storedFileChunks, storedFiles } from './storage.schema';

/** One contract, two stores: local disk and PostgreSQL (on PGlite or a server, as TEST_DB says). */

const root = mkdtempSync(path.join(tmpdir(), 'rl-files-'));
let fresh: FreshDatabase;
const stores: Record<'local' | 'postgres', FileStorage> = {
  local: createLocalFileStorage(path.join(root, 'files')),
  postgres: undefined as unknown as FileStorage,
};

beforeAll(async () => {
  fresh = await freshDatabase();
  await migrateDatabase(fresh.database);
  stores.postgres = createPgFileStorage(fresh.database.db);
});
afterAll(async () => {
  await fresh?.database.close();
  await fresh?.drop();
  rmSync(root, { recursive: true, force: true });
});

async function collect(stream: Readable): Promise<{ bytes: Buffer; pieces: number; largest: number }> {
  const parts: Buffer[] = [];
  let largest = 0;
  for await (const part of stream) {
    parts.push(part as Buffer);
    largest = Math.max(largest, (part as Buffer).length);
  }
  return { bytes: Buffer.concat(parts), pieces: parts.length, largest };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(['local', 'postgres'] as const)(
  `file storage contract: %s (database ${testDbKind})`,
  (kind) => {
    const store = () => stores[kind];

    it('puts, gets, streams, tells whether a file exists and deletes it', async () => {
      const data = Buffer.from('%PDF-1.7 a small report\n');
      await store().put('reports/q1/v1.pdf', data);
      expect(await store().exists('reports/q1/v1.pdf')).toBe(true);
      expect(await store().get('reports/q1/v1.pdf')).toEqual(data);
      expect((await collect(store().stream('reports/q1/v1.pdf'))).bytes).toEqual(data);
      // one key, one normal form
      expect(await store().get('reports/./q1/v1.pdf')).toEqual(data);
      await store().delete('reports/q1/v1.pdf');
      expect(await store().exists('reports/q1/v1.pdf')).toBe(false);
      await expect(store().get('reports/q1/v1.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('answers for a missing file without crashing: get rejects, the stream emits an error, delete is a no-op', async () => {
      expect(await store().exists('nothing/here')).toBe(false);
      await expect(store().get('nothing/here')).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(collect(store().stream('nothing/here'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(store().delete('nothing/here')).resolves.toBeUndefined();
    });

    it('stores an empty file', async () => {
      await store().put('empty/file', Buffer.alloc(0));
      expect(await store().exists('empty/file')).toBe(true);
      expect((await store().get('empty/file')).length).toBe(0);
      expect((await collect(store().stream('empty/file'))).bytes.length).toBe(0);
    });

    it('replaces a file under the same key', async () => {
      await store().put('replace/me', randomBytes(PG_FILE_CHUNK_BYTES * 2 + 10));
      const second = Buffer.from('shorter second version');
      await store().put('replace/me', second);
      expect(await store().get('replace/me')).toEqual(second);
      expect((await collect(store().stream('replace/me'))).bytes).toEqual(second);
    });

    it('streams a large file in pieces no larger than a chunk', async () => {
      const big = randomBytes(6 * 1024 * 1024 + 123);
      await store().put('large/photo.jpg', big);
      const { bytes, pieces, largest } = await collect(store().stream('large/photo.jpg'));
      expect(sha(bytes)).toBe(sha(big));
      expect(pieces).toBeGreaterThanOrEqual(Math.ceil(big.length / PG_FILE_CHUNK_BYTES));
      expect(largest).toBeLessThanOrEqual(PG_FILE_CHUNK_BYTES);
    });

    it('stores from a stream of odd-sized pieces (putStream)', async () => {
      const parts = Array.from({ length: 40 }, (_, i) => randomBytes(70_001 + i));
      await store().putStream('streamed/upload.bin', Readable.from(parts));
      expect(sha(await store().get('streamed/upload.bin'))).toBe(sha(Buffer.concat(parts)));
    });

    it('keeps the previous file whole when a streamed write fails mid-way', async () => {
      const previous = Buffer.from('the version readers must keep seeing');
      await store().put('atomic/doc.pdf', previous);
      async function* failing() {
        yield randomBytes(PG_FILE_CHUNK_BYTES + 5);
        yield randomBytes(1000);
        throw new Error('client went away');
      }
      await expect(store().putStream('atomic/doc.pdf', Readable.from(failing()))).rejects.toThrow(
        'client went away',
      );
      expect(await store().get('atomic/doc.pdf')).toEqual(previous);
      await expect(store().putStream('atomic/new.pdf', Readable.from(failing()))).rejects.toThrow();
      expect(await store().exists('atomic/new.pdf')).toBe(false);
    });

    it.each(['../outside', 'a/../../outside', '/etc/passwd', 'nul\0byte', '', '.', 'dir/'])(
      'refuses the hostile key %j in every method',
      async (key) => {
        await expect(store().put(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
        await expect(store().putStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
          /Invalid storage key/,
        );
        await expect(store().get(key)).rejects.toThrow(/Invalid storage key/);
        await expect(store().exists(key)).rejects.toThrow(/Invalid storage key/);
        await expect(store().delete(key)).rejects.toThrow(/Invalid storage key/);
        expect(() => store().stream(key)).toThrow(/Invalid storage key/);
        expect(existsSync(path.join(root, 'outside'))).toBe(false);
      },
    );

    it('ends concurrent writes of one key with one whole version', async () => {
      const versions = Array.from({ length: 8 }, (_, i) =>
        Buffer.alloc(PG_FILE_CHUNK_BYTES + 1000 * (i + 1), i + 1),
      );
      await Promise.all(versions.map((v) => store().put('race/key', v)));
      const stored = await store().get('race/key');
      const winner = versions.find((v) => v.equals(stored));
      expect(winner).toBeDefined();
      expect((await collect(store().stream('race/key'))).bytes.equals(stored)).toBe(true);
    });
  },
);

describe(`PostgreSQL file storage specifics (database ${testDbKind})`, () => {
  it('keeps one header per key, its chunks, and nothing of the losers of a race or of failed writes', async () => {
    const db = fresh.database.db;
    const [header] = await db.select().from(storedFiles).where(eq(storedFiles.key, 'large/photo.jpg'));
    expect(header).toMatchObject({ size: 6 * 1024 * 1024 + 123, chunks: 25 });
    const [chunkCount] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(storedFileChunks)
      .where(eq(storedFileChunks.fileId, header?.id as string));
    expect(chunkCount?.n).toBe(25);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, 'race/key'))).toHaveLength(1);
    expect(await db.select().from(storedFiles).where(isNull(storedFiles.key))).toHaveLength(0);
    // every chunk belongs to a live file
    const [orphans] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(storedFileChunks)
      .leftJoin(storedFiles, eq(storedFiles.id, storedFileChunks.fileId))
      .where(isNull(storedFiles.key));
    expect(orphans?.n).toBe(0);
  });

  it('removes writes a crash cut short, not the files being written now', async () => {
    const db = fresh.database.db;
    const [old] = await db
      .insert(storedFiles)
      .values({ key: null, size: 0, chunks: 0, createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .returning();
    await db
      .insert(storedFileChunks)
      .values({ fileId: old?.id as string, seq: 0, data: Buffer.from('half') });
    const [recent] = await db.insert(storedFiles).values({ key: null, size: 0, chunks: 0 }).returning();
    await deleteAbandonedFileWrites(db, new Date(Date.now() - 86_400_000));
    const left = await db.select({ id: storedFiles.id }).from(storedFiles).where(isNull(storedFiles.key));
    expect(left.map((r) => r.id)).toEqual([recent?.id]);
    expect(
      await db
        .select()
        .from(storedFileChunks)
        .where(eq(storedFileChunks.fileId, old?.id as string)),
    ).toEqual([]);
    await db.delete(storedFiles).where(eq(storedFiles.id, recent?.id as string));
  });

  it.runIf(testDbKind === 'postgres')('serves a file stored by one process to another', async () => {
    const other = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    try {
      const data = randomBytes(PG_FILE_CHUNK_BYTES * 3);
      await createPgFileStorage(other.db).put('shared/report.pdf', data);
      expect(sha((await collect(stores.postgres.stream('shared/report.pdf'))).bytes)).toBe(sha(data));
    } finally {
      await other.close();
    }
  });
});
