import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Uploads in progress (the tus protocol's partial files), on disk under DATA_DIR/uploads-partial,
 * one folder per user: `<id>.bin` holds the bytes received so far (its size is the offset, so a
 * PATCH cut off mid-way still counts what arrived), `<id>.json` what the upload was created with.
 * Not in memory: a photo survives a restart of the server, and expires after a day (sweep).
 */

export interface PartialUploadInfo<M> {
  id: string;
  userId: string;
  /** The scope it belongs to (a project id): a URL of another scope does not find it. */
  scope: string;
  length: number;
  metadata: M;
  createdAt: string;
}

const idPattern = /^[0-9a-f-]{36}$/;

/** Raised when a PATCH would go past the upload's length. */
export class PartialTooLongError extends Error {}

export function createPartialUploads<M>(root: string) {
  const dir = (userId: string) => {
    if (!idPattern.test(userId)) throw new Error('invalid user id');
    return path.join(root, userId);
  };
  const files = (userId: string, id: string) => {
    const base = path.join(dir(userId), id);
    return { bin: `${base}.bin`, json: `${base}.json` };
  };
  const busy = new Set<string>();

  async function offsetOf(userId: string, id: string): Promise<number> {
    return (await stat(files(userId, id).bin)).size;
  }

  return {
    async create(userId: string, scope: string, length: number, metadata: M): Promise<PartialUploadInfo<M>> {
      const info: PartialUploadInfo<M> = {
        id: randomUUID(),
        userId,
        scope,
        length,
        metadata,
        createdAt: new Date().toISOString(),
      };
      const f = files(userId, info.id);
      await mkdir(dir(userId), { recursive: true });
      await writeFile(f.bin, Buffer.alloc(0));
      await writeFile(f.json, JSON.stringify(info));
      return info;
    },

    /** The upload with its offset, when `userId` made it in `scope`; undefined otherwise. */
    async find(
      userId: string,
      scope: string,
      id: string,
    ): Promise<(PartialUploadInfo<M> & { offset: number }) | undefined> {
      if (!idPattern.test(id) || !idPattern.test(userId)) return undefined;
      try {
        const info = JSON.parse(await readFile(files(userId, id).json, 'utf8')) as PartialUploadInfo<M>;
        if (info.scope !== scope || info.userId !== userId) return undefined;
        return { ...info, offset: await offsetOf(userId, id) };
      } catch {
        return undefined;
      }
    },

    /** The user's unfinished upload in `scope` whose metadata matches, if any (a lost upload URL). */
    async findBy(
      userId: string,
      scope: string,
      match: (metadata: M) => boolean,
    ): Promise<(PartialUploadInfo<M> & { offset: number }) | undefined> {
      let names: string[];
      try {
        names = await readdir(dir(userId));
      } catch {
        return undefined;
      }
      for (const name of names) {
        if (!name.endsWith('.json')) continue;
        const found = await this.find(userId, scope, name.slice(0, -5));
        if (found && match(found.metadata)) return found;
      }
      return undefined;
    },

    /**
     * Appends the body to the upload, at most up to its length; answers the new offset. Only
     * one body at a time per upload (`false` when one is being received).
     */
    async append(info: PartialUploadInfo<M>, body: Readable): Promise<number | false> {
      const key = `${info.userId}/${info.id}`;
      if (busy.has(key)) return false;
      busy.add(key);
      try {
        const f = files(info.userId, info.id);
        let room = info.length - (await offsetOf(info.userId, info.id));
        const limit = new Transform({
          transform(chunk: Buffer, _enc, done) {
            if (chunk.length > room) return done(new PartialTooLongError());
            room -= chunk.length;
            done(null, chunk);
          },
        });
        try {
          await pipeline(body, limit, createWriteStream(f.bin, { flags: 'a' }));
        } catch (err) {
          // a connection cut mid-way keeps what arrived: the next PATCH continues from there
          if (err instanceof PartialTooLongError) throw err;
        }
        return await offsetOf(info.userId, info.id);
      } finally {
        busy.delete(key);
      }
    },

    async read(info: PartialUploadInfo<M>): Promise<Buffer> {
      return readFile(files(info.userId, info.id).bin);
    },

    async remove(info: { userId: string; id: string }): Promise<void> {
      const f = files(info.userId, info.id);
      await rm(f.bin, { force: true });
      await rm(f.json, { force: true });
    },

    /** Deletes every partial upload last written before `before`; answers how many. */
    async sweep(before: Date): Promise<number> {
      let removed = 0;
      let users: string[];
      try {
        users = await readdir(root);
      } catch {
        return 0;
      }
      for (const user of users) {
        if (!idPattern.test(user)) continue;
        for (const name of await readdir(path.join(root, user)).catch(() => [] as string[])) {
          const full = path.join(root, user, name);
          const s = await stat(full).catch(() => null);
          if (s && s.mtime < before) {
            await rm(full, { force: true });
            if (name.endsWith('.json')) removed += 1;
          }
        }
      }
      return removed;
    },
  };
}

export type PartialUploads<M> = ReturnType<typeof createPartialUploads<M>>;

/** Where partial uploads live in the data folder. */
export function partialUploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads-partial');
}
