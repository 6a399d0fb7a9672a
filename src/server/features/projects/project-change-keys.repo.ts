import { and, eq, lt } from 'drizzle-orm';
import { idempotencyMessages } from '../../../domain/idempotency';
import type { Db } from '../../platform/db/index';
import { projectChangeKeys } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Executor } from './projects.repo';

/** How long a device's change key is remembered (a queue a phone kept offline for weeks is older). */
export const CHANGE_KEY_DAYS = 30;
/** How often the projects.client-keys-cleanup job runs: hourly. */
export const CHANGE_KEYS_CLEANUP_INTERVAL_S = 3600;

/** The Idempotency-Key a request carried: the key and a hash of its body. */
export interface RequestKey {
  key: string;
  hash: string;
}

/**
 * The keys of changes sent from devices (project_change_keys, docs/pwa.md): claimed in the change's
 * transaction, under the project's row lock, so a change is applied once however often it is sent.
 */
export function createProjectChangeKeysRepo(db: Db) {
  return {
    /**
     * Claims `key` for this change: true the first time; false when the same change was already
     * applied (then nothing is to be done); 422 when the key was used for another body or project.
     * A change refused later in the transaction rolls its claim back, so the key stays free.
     */
    async claim(tx: Executor, userId: string, projectId: string, key: RequestKey): Promise<boolean> {
      const [claimed] = await tx
        .insert(projectChangeKeys)
        .values({ userId, key: key.key, projectId, requestHash: key.hash })
        .onConflictDoNothing()
        .returning({ key: projectChangeKeys.key });
      if (claimed) return true;
      const [earlier] = await tx
        .select()
        .from(projectChangeKeys)
        .where(and(eq(projectChangeKeys.userId, userId), eq(projectChangeKeys.key, key.key)));
      if (!earlier) throw new Error('project change key vanished');
      if (earlier.projectId !== projectId || earlier.requestHash !== key.hash) {
        throw new AppError(422, idempotencyMessages.reused('another change'));
      }
      return false;
    },

    /** Forgets keys older than CHANGE_KEY_DAYS (the projects.client-keys-cleanup job); answers how many. */
    async forgetOld(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - CHANGE_KEY_DAYS * 24 * 3600 * 1000);
      const gone = await db
        .delete(projectChangeKeys)
        .where(lt(projectChangeKeys.createdAt, before))
        .returning({ key: projectChangeKeys.key });
      return gone.length;
    },
  };
}

export type ProjectChangeKeysRepo = ReturnType<typeof createProjectChangeKeysRepo>;
