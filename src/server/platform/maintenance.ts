import { lt } from 'drizzle-orm';
import { deleteExpiredSessions } from './auth/session-store';
import { emailTokens, loginFailures } from './db/schema';
import type { Platform } from './platform';
import { deleteExpiredRateLimitHits } from './rate-limit-store';
import { createPartialUploads, partialUploadsRoot } from './storage/partial-uploads';
import { deleteAbandonedFileWrites } from './storage/pg-file-storage';

const HOUR_S = 3600;

/**
 * Hourly clean-up of expired sessions, used e-mail tokens, old sign-in failures, rate-limit
 * counters whose window ended, file writes a crash cut short and partial (tus) uploads nobody
 * continued (both a day old).
 */
export async function registerMaintenance(platform: Platform): Promise<void> {
  const { db, jobs } = platform;
  const partials = createPartialUploads(partialUploadsRoot(platform.config.dataDir));
  await jobs.work('maintenance.cleanup', async () => {
    await deleteExpiredSessions(db);
    await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date()));
    await db
      .delete(loginFailures)
      .where(lt(loginFailures.createdAt, new Date(Date.now() - 24 * HOUR_S * 1000)));
    await deleteExpiredRateLimitHits(db);
    await deleteAbandonedFileWrites(db, new Date(Date.now() - 24 * HOUR_S * 1000));
    // resumable uploads (photos) nobody continued for a day
    await partials.sweep(new Date(Date.now() - 24 * HOUR_S * 1000));
    await jobs.send('maintenance.cleanup', {}, { singletonKey: 'maintenance', startAfterSeconds: HOUR_S });
  });
  await jobs.send('maintenance.cleanup', {}, { singletonKey: 'maintenance', startAfterSeconds: 60 });
}
