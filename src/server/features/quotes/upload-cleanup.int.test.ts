import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertQuote } from '../../../../tests/helpers/quotes';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { until } from '../../../../tests/helpers/wait';
import { uploads, users } from '../../platform/db/schema';
import { deleteUnusedUploads, registerUploadCleanup, UNUSED_UPLOAD_TTL_MS } from './upload-cleanup';

/** Issue 8, item 17: anonymous uploads that no quote uses are deleted after 24 hours by a job. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: true });
});
afterAll(async () => {
  await ctx?.close();
});

const HOUR = 3600 * 1000;

async function upload(opts: { ageMs: number; uploadedBy?: string }) {
  const storageKey = `sketches/${randomUUID()}.json`;
  await ctx.platform.storage.put(storageKey, Buffer.from('{"roof":1}'));
  const [row] = await ctx.platform.db
    .insert(uploads)
    .values({
      kind: 'sketch',
      fileName: 'roof.json',
      contentType: 'application/json',
      size: 10,
      storageKey,
      publicToken: randomBytes(16).toString('base64url'),
      uploadedBy: opts.uploadedBy ?? null,
      createdAt: new Date(Date.now() - opts.ageMs),
    })
    .returning();
  if (!row) throw new Error('no upload');
  return row;
}

async function exists(id: string) {
  return (await ctx.platform.db.select().from(uploads).where(eq(uploads.id, id))).length === 1;
}

describe('unused upload clean-up', () => {
  it('deletes an old unused anonymous upload with its file; keeps used, fresh and signed-in ones', async () => {
    const oldUnused = await upload({ ageMs: 25 * HOUR });
    const oldUsed = await upload({ ageMs: 25 * HOUR });
    await insertQuote(ctx.platform, { sketchUploadId: oldUsed.id });
    const fresh = await upload({ ageMs: 23 * HOUR });
    const [owner] = await ctx.platform.db
      .insert(users)
      .values({ email: 'contractor-files@example.com', userType: 'contractor' })
      .returning();
    const oldOwned = await upload({ ageMs: 25 * HOUR, uploadedBy: owner?.id });

    const deleted = await deleteUnusedUploads(ctx.platform, new Date(Date.now() - UNUSED_UPLOAD_TTL_MS));
    expect(deleted).toBe(1);
    expect(await exists(oldUnused.id)).toBe(false);
    expect(await ctx.platform.storage.exists(oldUnused.storageKey)).toBe(false);
    for (const kept of [oldUsed, fresh, oldOwned]) {
      expect(await exists(kept.id)).toBe(true);
      expect(await ctx.platform.storage.exists(kept.storageKey)).toBe(true);
    }
  });

  it('runs as the uploads.cleanup job', async () => {
    const oldUnused = await upload({ ageMs: 30 * HOUR });
    await registerUploadCleanup(ctx.platform);
    await ctx.platform.jobs.send('uploads.cleanup', {});
    // the job deletes the row, then the file: done once both are gone
    const left = await until(
      async () => ({
        row: await exists(oldUnused.id),
        file: await ctx.platform.storage.exists(oldUnused.storageKey),
      }),
      (l) => !l.row && !l.file,
      30_000,
    );
    expect(left).toEqual({ row: false, file: false });
  });
});
