import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { NotificationKind } from '../../../domain/notifications/kinds';
import type { CreatePushSubscription, PushDevice, PushPayload } from '../../../domain/push/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs/types';
import type { ReceiverPolicy } from '../organizations/index';
import { pushSubscriptions } from './push.schema';
import { type PushResult, type PushTarget, sendPush } from './push-sender';
import type { VapidKeys } from './vapid-keys';

/** Retries of a push the service did not take (429, 5xx, no answer): 2 s doubled, about 17 min in all. */
export const PUSH_RETRY_LIMIT = 9;
export const PUSH_RETRY_DELAY_S = 2;
/** At most this many devices per user: the oldest goes when a new one subscribes. */
export const PUSH_DEVICES_MAX = 10;

/** Kinds that are not pushed: a sign-in link or a password change does not belong on a lock screen. */
const notPushed = new Set<NotificationKind>(['security']);

/** A notification as the notification centre announces it after its commit. */
export interface PushNotice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  link: string;
  projectId?: string | null;
  notificationId?: string;
}

export interface PushDeps {
  db: Db;
  jobs: JobQueue;
  logger: Logger;
  config: Pick<Config, 'nodeEnv' | 'supportEmail'>;
  vapid: VapidKeys;
  /** Where push services may be: https and public outside development (webhook-receiver.ts). */
  policy: ReceiverPolicy;
  /** The request itself; tests replace it to count attempts. */
  send?: typeof sendPush;
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};

/**
 * Web Push (issue 27 #4): each signed-in user's subscribed browsers, and the delivery of their
 * notifications to them through the job queue (retried with backoff; a subscription the push
 * service says is gone, 404 or 410, is deleted).
 */
export function createPushService(deps: PushDeps) {
  const { db, jobs, policy } = deps;
  const send = deps.send ?? sendPush;
  const log = deps.logger.child({ module: 'push' });
  const vapid = { ...deps.vapid, subject: `mailto:${deps.config.supportEmail}` };

  const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
    id: row.id,
    service: hostOf(row.endpoint),
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    failureCount: row.failureCount,
  });

  async function devices(userId: string): Promise<PushDevice[]> {
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    return rows.map(toDevice);
  }

  return {
    vapidPublicKey: () => ({ publicKey: deps.vapid.publicKey }),

    devices: async (user: SessionUser) => ({ devices: await devices(user.id) }),

    /**
     * Saves this browser's subscription for the user. The same endpoint again (a re-subscribe, or
     * another account signed in on this browser) moves it to this user with the new keys.
     */
    async subscribe(
      user: SessionUser,
      input: CreatePushSubscription,
      userAgent?: string,
    ): Promise<PushDevice> {
      try {
        const url = new URL(input.endpoint);
        if (url.protocol !== 'https:' && deps.config.nodeEnv === 'production') throw new Error('https');
      } catch {
        throw new ValidationError('The push endpoint must be an https URL.', {
          endpoint: ['The push endpoint must be an https URL.'],
        });
      }
      const label = input.label || (userAgent ? userAgent.slice(0, 120) : null);
      const [row] = await db
        .insert(pushSubscriptions)
        .values({
          userId: user.id,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          label,
        })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: user.id,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            label,
            failureCount: 0,
            createdAt: sql`now()`,
          },
        })
        .returning();
      if (!row) throw new Error('push subscription not stored');
      const mine = await devices(user.id);
      const excess = mine.slice(0, Math.max(0, mine.length - PUSH_DEVICES_MAX)).map((d) => d.id);
      if (excess.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
      return toDevice(row);
    },

    /**
     * A 404 unless `id` names one of the user's devices; a malformed id passes, for the schema's
     * 400 (the route's onRequest: someone else's device is a 404 before the body is read).
     */
    async assertOwn(user: SessionUser, id: string): Promise<void> {
      if (!z.uuid().safeParse(id).success) return;
      const [row] = await db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)));
      if (!row) throw new NotFoundError('No such device.');
    },

    /** Someone else's device is a 404, like one that does not exist. */
    async remove(user: SessionUser, id: string): Promise<void> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, user.id)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw new NotFoundError('No such device.');
    },

    /** The notification centre's hook, after the commit: one job per subscribed device of each receiver. */
    async enqueue(notices: PushNotice[]): Promise<void> {
      const pushed = notices.filter((n) => !notPushed.has(n.kind));
      if (pushed.length === 0) return;
      const rows = await db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...new Set(pushed.map((n) => n.userId))]));
      for (const notice of pushed) {
        const payload: PushPayload = {
          title: notice.title,
          body: (notice.body ?? '').slice(0, 300),
          url: notice.link,
          tag: `${notice.kind}:${notice.projectId ?? notice.notificationId ?? notice.link}`,
        };
        for (const row of rows.filter((r) => r.userId === notice.userId)) {
          await jobs
            .send('push.send', { subscriptionId: row.id, payload })
            .catch((err) => log.error({ err, subscriptionId: row.id }, 'push not queued'));
        }
      }
    },

    /**
     * One attempt (the `push.send` job). Throws to be retried when the push service did not take
     * it (429, 5xx, no answer); a 404 or 410 deletes the subscription; another 4xx is given up.
     */
    async deliver(subscriptionId: string, payload: PushPayload): Promise<PushResult | null> {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
      if (!row) return null;
      const target: PushTarget = { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
      const result = await send(target, payload, vapid, policy);
      const code = result.statusCode;
      if (code !== null && code >= 200 && code < 300) {
        await db
          .update(pushSubscriptions)
          .set({ lastSuccessAt: sql`now()`, failureCount: 0 })
          .where(eq(pushSubscriptions.id, row.id));
        return result;
      }
      if (code === 404 || code === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.id));
        log.info({ subscriptionId, statusCode: code }, 'push subscription gone: deleted');
        return result;
      }
      await db
        .update(pushSubscriptions)
        .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
        .where(eq(pushSubscriptions.id, row.id));
      if (code !== null && code >= 400 && code < 500 && code !== 429) {
        log.warn({ subscriptionId, statusCode: code }, 'push refused: not retried');
        return result;
      }
      throw new Error(result.error ?? 'push not delivered');
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
