import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { FileNotFoundError, type FileStorage, safeKey } from './file-storage';
import { storedFileChunks, storedFiles } from './storage.schema';

/** 256 KiB: few rows for a report or a photo, and a small step in memory when streaming. */
export const PG_FILE_CHUNK_BYTES = 256 * 1024;

/** The advisory-lock namespace that serializes the last step of concurrent writes of one key. */
const PUT_LOCK_NAMESPACE = 727_274_009;

/** Cuts a stream of buffers of any sizes into pieces of `size` bytes (the last one shorter). */
async function* rechunk(source: AsyncIterable<Buffer | Uint8Array | string>, size: number) {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const part of source) {
    let piece =
      typeof part === 'string'
        ? Buffer.from(part)
        : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    while (pendingBytes + piece.length >= size) {
      const take = size - pendingBytes;
      pending.push(piece.subarray(0, take));
      yield Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      piece = piece.subarray(take);
    }
    if (piece.length > 0) {
      // copied: the source may reuse its buffer
      pending.push(Buffer.from(piece));
      pendingBytes += piece.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

function* slices(data: Buffer, size: number) {
  for (let offset = 0; offset < data.length; offset += size) yield data.subarray(offset, offset + size);
}

/**
 * Files in PostgreSQL, chunked (stored_files + stored_file_chunks, storage.schema.ts), for a
 * product whose processes share one PostgreSQL server: a file one process stored, any other
 * reads. Works on PGlite too (the contract tests run it on both).
 *
 * A write stores its chunks under a header row that has no key yet, then, in one transaction,
 * removes the key's previous file and gives the new one the key: a crash mid-write leaves only a
 * keyless row (removed by the hourly clean-up, deleteAbandonedFileWrites), never half a file
 * under the key. Of concurrent writes of one key, the last to finish wins. Reads stream chunk by
 * chunk, one query each; a file replaced or deleted while streamed ends the stream with an error.
 */
export interface PgFileStorage extends FileStorage {
  /** The stored file's size in bytes, or undefined when there is none (`npm run storage:migrate` skips by it). */
  sizeOf(key: string): Promise<number | undefined>;
}

export function createPgFileStorage(db: Db, opts: { chunkBytes?: number } = {}): PgFileStorage {
  const chunkBytes = opts.chunkBytes ?? PG_FILE_CHUNK_BYTES;

  async function write(key: string, pieces: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void> {
    const k = safeKey(key);
    const fileId = randomUUID();
    await db.insert(storedFiles).values({ id: fileId, key: null, size: 0, chunks: 0 });
    try {
      let seq = 0;
      let size = 0;
      for await (const data of pieces) {
        await db.insert(storedFileChunks).values({ fileId, seq, data });
        seq += 1;
        size += data.length;
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PUT_LOCK_NAMESPACE}, hashtext(${k}))`);
        await tx.delete(storedFiles).where(eq(storedFiles.key, k));
        await tx.update(storedFiles).set({ key: k, size, chunks: seq }).where(eq(storedFiles.id, fileId));
      });
    } catch (err) {
      await db
        .delete(storedFiles)
        .where(eq(storedFiles.id, fileId))
        .catch(() => {});
      throw err;
    }
  }

  async function header(key: string) {
    const [row] = await db
      .select({ id: storedFiles.id, chunks: storedFiles.chunks })
      .from(storedFiles)
      .where(eq(storedFiles.key, safeKey(key)));
    if (!row) throw new FileNotFoundError(key);
    return row;
  }

  async function* chunksOf(key: string) {
    const { id, chunks } = await header(key);
    for (let seq = 0; seq < chunks; seq++) {
      const [chunk] = await db
        .select({ data: storedFileChunks.data })
        .from(storedFileChunks)
        .where(and(eq(storedFileChunks.fileId, id), eq(storedFileChunks.seq, seq)));
      if (!chunk) throw new Error(`Stored file ${key} was replaced or deleted while being read`);
      yield chunk.data;
    }
  }

  return {
    put: (key, data) => write(key, slices(data, chunkBytes)),
    putStream: (key, data) => write(key, rechunk(data, chunkBytes)),
    async get(key) {
      // one statement: one snapshot, so never chunks of two versions
      const rows = await db
        .select({ data: storedFileChunks.data })
        .from(storedFiles)
        .leftJoin(storedFileChunks, eq(storedFileChunks.fileId, storedFiles.id))
        .where(eq(storedFiles.key, safeKey(key)))
        .orderBy(asc(storedFileChunks.seq));
      if (rows.length === 0) throw new FileNotFoundError(key);
      return Buffer.concat(rows.flatMap((r) => (r.data ? [r.data] : [])));
    },
    stream(key) {
      safeKey(key);
      return Readable.from(chunksOf(key), { objectMode: false });
    },
    async sizeOf(key) {
      const [row] = await db
        .select({ size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.key, safeKey(key)));
      return row?.size;
    },
    async exists(key) {
      const [row] = await db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(eq(storedFiles.key, safeKey(key)));
      return row !== undefined;
    },
    async delete(key) {
      await db.delete(storedFiles).where(eq(storedFiles.key, safeKey(key)));
    },
  };
}

/** Removes writes a crash cut short (keyless headers older than `olderThan`) and their chunks. */
export async function deleteAbandonedFileWrites(db: Db, olderThan: Date): Promise<void> {
  await db.delete(storedFiles).where(and(isNull(storedFiles.key), lt(storedFiles.createdAt, olderThan)));
}
