import { and, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { quotes, uploads } from '../../platform/db/schema';
import type { Platform } from '../../platform/platform';
import type { FileStorage } from '../../platform/storage/file-storage';

/** An anonymous upload that no quote has taken within this time is deleted. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 3600 * 1000;
const EVERY_S = 3600;

/**
 * Deletes anonymous uploads (no uploader) older than `olderThan` that no quote references, rows
 * first, then their files: a crash in between leaves an orphan file, never a row without its file.
 * Returns how many were deleted.
 */
export async function deleteUnusedUploads(
  deps: { db: Db; storage: FileStorage; logger?: Platform['logger'] },
  olderThan: Date,
): Promise<number> {
  const deleted = await deps.db
    .delete(uploads)
    .where(
      and(
        isNull(uploads.uploadedBy),
        lt(uploads.createdAt, olderThan),
        notExists(
          deps.db.select({ one: sql`1` }).from(quotes).where(sql`${quotes.sketchUploadId} = ${uploads.id}`),
        ),
      ),
    )
    .returning({ storageKey: uploads.storageKey });
  for (const { storageKey } of deleted) {
    try {
      await deps.storage.delete(storageKey);
    } catch (err) {
      deps.logger?.warn({ err, storageKey }, 'could not delete the file of an unused upload');
    }
  }
  if (deleted.length > 0) deps.logger?.info({ count: deleted.length }, 'deleted unused anonymous uploads');
  return deleted.length;
}

/** The hourly job that runs deleteUnusedUploads (it schedules its own next run, like maintenance). */
export async function registerUploadCleanup(platform: Platform): Promise<void> {
  const { jobs } = platform;
  await jobs.work('uploads.cleanup', async () => {
    await deleteUnusedUploads(platform, new Date(Date.now() - UNUSED_UPLOAD_TTL_MS));
    await jobs.send('uploads.cleanup', {}, { singletonKey: 'uploads.cleanup', startAfterSeconds: EVERY_S });
  });
  await jobs.send('uploads.cleanup', {}, { singletonKey: 'uploads.cleanup', startAfterSeconds: 90 });
}
