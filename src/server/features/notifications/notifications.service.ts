import type { Logger } from 'pino';
import { z } from 'zod';
import type { NotificationKind } from '../../../domain/notifications/kinds';
import {
  type MarkedRead,
  type NotificationList,
  type NotificationListQuery,
  notificationMessages,
} from '../../../domain/notifications/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mail/types';
import { createNotificationPreferences } from './notification-preferences';
import { createNotificationStaging } from './notification-staging';
import { createNotificationsRepo } from './notifications.repo';

export type { Executor } from './notifications.repo';

export interface NotificationItem {
  userId: string;
  kind: NotificationKind;
  /** What happened, one plain sentence ("Your application was approved."). */
  title: string;
  body?: string;
  /** A same-origin path: `/projects/<id>`, `/contractor-dashboard`. */
  link: string;
  projectId?: string | null;
  /**
   * The mail for this event; stored to the outbox only if the user's preference allows. Without
   * `to`, it goes to the user's account address.
   */
  mail?: NotificationMail;
}

const uuid = z.uuid();

export type NotificationMail = Omit<OutgoingMail, 'to'> & { to?: string };

export interface NotificationsDeps {
  db: Db;
  bus: EventBus;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, 'publicUrl'>;
  /**
   * After the commit, each stored notification (Web Push: the push feature queues one message
   * per subscribed device of the receiver). Errors are logged, never thrown.
   */
  onAnnounced?: (notices: AnnouncedNotice[]) => Promise<void>;
}

/** A notification as stored, told to onAnnounced. */
export type AnnouncedNotice = Pick<
  NotificationItem,
  'userId' | 'kind' | 'title' | 'body' | 'link' | 'projectId'
> & {
  notificationId: string;
};

/**
 * The notification centre: other features stage notifications in their own transaction (with the
 * mail of the event, stored only when the receiver wants that kind mailed) and announce them after
 * the commit; each user lists, reads and chooses what is mailed. Security mails always go out;
 * new-message notifications are in the app only (the message digest is their mail).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, bus } = deps;
  const repo = createNotificationsRepo(db);
  const log = deps.logger.child({ module: 'notifications' });
  const staging = createNotificationStaging(deps, repo, log);
  const mailPreferences = createNotificationPreferences(db, repo);

  return {
    /** stage and notify (notification-staging.ts). */
    ...staging,

    /** GET /api/notifications: the user's own, newest first, a page at a time. */
    async list(user: SessionUser, query: NotificationListQuery): Promise<NotificationList> {
      if (query.cursor && !(await repo.exists(user.id, query.cursor))) {
        throw new ValidationError(notificationMessages.invalidCursor, {
          cursor: [notificationMessages.invalidCursor],
        });
      }
      const rows = await repo.page(user.id, query.cursor, query.limit);
      const items = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      return {
        items,
        nextCursor: more ? (items[items.length - 1]?.id ?? null) : null,
        unreadCount: await repo.unreadCount(user.id),
      };
    },

    /**
     * A 404 unless `id` names one of the user's notifications; a malformed id passes, for the
     * route's validation to refuse (400).
     */
    async assertOwn(user: SessionUser, id: string): Promise<void> {
      if (!uuid.safeParse(id).success) return;
      if (!(await repo.exists(user.id, id))) throw new NotFoundError(notificationMessages.notFound);
    },

    /** POST /api/notifications/{id}/read: one's own only (anyone else's is a 404). */
    async markRead(user: SessionUser, id: string): Promise<MarkedRead> {
      const changed = await repo.markRead(user.id, id);
      const notification = await repo.one(user.id, id);
      if (!notification) throw new NotFoundError(notificationMessages.notFound);
      if (changed) {
        await publishToUsers(bus, [user.id], { type: 'notifications_read', ids: [id] }).catch((err) =>
          log.error({ err }, 'notifications_read not announced'),
        );
      }
      return { notification, unreadCount: await repo.unreadCount(user.id) };
    },

    /**
     * The user has seen what the notifications of `kind` about `projectId` told (the messages of an
     * open conversation): they are marked read, and the user's open pages are told. Errors logged.
     */
    async markProjectKindRead(userId: string, projectId: string, kind: NotificationKind): Promise<void> {
      try {
        const ids = await repo.markProjectKindRead(userId, projectId, kind);
        if (ids.length > 0) await publishToUsers(bus, [userId], { type: 'notifications_read', ids });
      } catch (err) {
        log.error({ err, kind }, 'project notifications not marked read');
      }
    },

    /** POST /api/notifications/read-all. */
    async markAllRead(user: SessionUser): Promise<{ marked: number; unreadCount: number }> {
      const ids = await repo.markAllRead(user.id);
      if (ids.length > 0) {
        await publishToUsers(bus, [user.id], { type: 'notifications_read', all: true }).catch((err) =>
          log.error({ err }, 'notifications_read not announced'),
        );
      }
      return { marked: ids.length, unreadCount: await repo.unreadCount(user.id) };
    },

    /** preferences and updatePreferences (notification-preferences.ts). */
    ...mailPreferences,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
