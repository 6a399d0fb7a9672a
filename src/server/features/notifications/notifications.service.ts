import type { Logger } from 'pino';
import { z } from 'zod';
import type { UserType } from '../../../domain/auth/schemas';
import {
  kindInfo,
  kindsForRole,
  mailAllowed,
  type NotificationKind,
} from '../../../domain/notifications/kinds';
import {
  type MarkedRead,
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_TITLE_MAX,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  notificationMessages,
  type UpdateNotificationPreferences,
} from '../../../domain/notifications/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import { publishToUsers } from '../../platform/bus/publish';
import type { EventBus } from '../../platform/bus/types';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/index';
import { NotFoundError, ValidationError } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mail/types';
import { createNotificationsRepo, type Executor } from './notifications.repo';

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

/** One line, at most `max` characters: a title is a plain sentence. */
function plain(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function isSameOriginPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !/[\p{Cc}\\]/u.test(link);
}

/**
 * The notification centre: other features stage notifications in their own transaction (with the
 * mail of the event, stored only when the receiver wants that kind mailed) and announce them after
 * the commit; each user lists, reads and chooses what is mailed. Security mails always go out;
 * new-message notifications are in the app only (the message digest is their mail).
 */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, bus, mailer } = deps;
  const repo = createNotificationsRepo(db);
  const log = deps.logger.child({ module: 'notifications' });
  const settingsUrl = `${deps.config.publicUrl}/settings/notifications`;

  /** A mail the receiver could turn off says where (a security mail cannot be turned off). */
  function withSettingsFooter(mail: OutgoingMail, kind: NotificationKind): OutgoingMail {
    if (kindInfo(kind).mail !== 'preference') return mail;
    const line = `Choose which e-mails you get: ${settingsUrl}`;
    return {
      ...mail,
      text: `${mail.text}\n\n--\n${line}\n`,
      ...(mail.html
        ? {
            html: `${mail.html}<p style="color:#6b7280;font-size:12px">Choose which e-mails you get: <a href="${settingsUrl}">notification settings</a></p>`,
          }
        : {}),
    };
  }

  async function stage(tx: Executor, items: NotificationItem[]): Promise<() => Promise<void>> {
    for (const item of items) {
      if (!isSameOriginPath(item.link))
        throw new Error(`a notification link must be a same-origin path: ${item.link}`);
    }
    const ids = await repo.insertMany(
      tx,
      items.map((item) => ({
        userId: item.userId,
        kind: item.kind,
        title: plain(item.title, NOTIFICATION_TITLE_MAX),
        body: item.body ? item.body.slice(0, NOTIFICATION_BODY_MAX) : null,
        link: item.link,
        projectId: item.projectId ?? null,
      })),
    );
    const withMail = items.filter((item) => item.mail);
    const choices = await repo.mailChoices(tx, [...new Set(withMail.map((item) => item.userId))]);
    const choice = (userId: string, kind: NotificationKind) =>
      choices.find((c) => c.userId === userId && c.kind === kind)?.mail;
    const addresses = await repo.emailsOf(
      tx,
      withMail.filter((item) => !item.mail?.to).map((item) => item.userId),
    );
    const mailIds: string[] = [];
    for (const item of withMail) {
      if (!item.mail || !mailAllowed(item.kind, choice(item.userId, item.kind))) continue;
      const to = item.mail.to ?? addresses.get(item.userId);
      if (!to) continue;
      mailIds.push((await mailer.storeIn(tx, withSettingsFooter({ ...item.mail, to }, item.kind))).id);
    }
    return async () => {
      for (const id of mailIds) {
        await mailer
          .queue(id)
          .catch((err) => log.error({ err, outboxId: id }, 'notification mail not queued'));
      }
      for (const [index, item] of items.entries()) {
        const notificationId = ids[index];
        if (!notificationId) continue;
        await publishToUsers(bus, [item.userId], {
          type: 'notification_created',
          notificationId,
          kind: item.kind,
          ...(item.projectId ? { projectId: item.projectId } : {}),
        }).catch((err) => log.error({ err, notificationId }, 'notification not announced'));
      }
      if (deps.onAnnounced) {
        const notices = items.flatMap((item, index) => {
          const notificationId = ids[index];
          if (!notificationId) return [];
          const { userId, kind, title, body, link, projectId } = item;
          return [
            {
              userId,
              kind,
              title: plain(title, NOTIFICATION_TITLE_MAX),
              body,
              link,
              projectId,
              notificationId,
            },
          ];
        });
        await deps
          .onAnnounced(notices)
          .catch((err) => log.error({ err, kinds: items.map((i) => i.kind) }, 'notifications not pushed'));
      }
    };
  }

  function preferencesOf(role: UserType, stored: { kind: NotificationKind; mail: boolean }[]) {
    return kindsForRole(role).map((info) => {
      const kind = info.kind as NotificationKind;
      return {
        kind,
        label: info.label,
        description: info.description,
        mail: mailAllowed(kind, stored.find((s) => s.kind === kind)?.mail),
        policy: info.mail,
      };
    });
  }

  async function preferences(user: SessionUser): Promise<NotificationPreferences> {
    return { preferences: preferencesOf(user.userType, await repo.mailChoices(db, [user.id])) };
  }

  return {
    /**
     * In the caller's transaction: stores the notifications and (per preference) their mails;
     * returns a function to call after the commit that queues the mails and pushes
     * `notification_created` live to each user.
     */
    stage,

    /** Outside a transaction: stage in its own transaction, then announce. Errors logged, not thrown. */
    async notify(items: NotificationItem[]): Promise<void> {
      if (items.length === 0) return;
      try {
        const announce = await db.transaction((tx) => stage(tx, items));
        await announce();
      } catch (err) {
        log.error({ err, kinds: items.map((i) => i.kind) }, 'notifications not stored');
      }
    },

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

    /** GET /api/notifications/preferences: every kind the user's role can receive. */
    preferences,

    /**
     * PUT /api/notifications/preferences: security mails cannot be turned off, new-message
     * notifications are never mailed, and a kind the role cannot receive is refused (all 400).
     */
    async updatePreferences(
      user: SessionUser,
      changes: UpdateNotificationPreferences,
    ): Promise<NotificationPreferences> {
      const allowed = new Set(kindsForRole(user.userType).map((k) => k.kind));
      const fieldErrors: Record<string, string[]> = {};
      for (const [index, change] of changes.entries()) {
        const policy = kindInfo(change.kind).mail;
        const problem = !allowed.has(change.kind)
          ? notificationMessages.notForRole
          : policy === 'always' && !change.mail
            ? notificationMessages.securityLocked
            : policy === 'never' && change.mail
              ? notificationMessages.inAppOnly
              : null;
        if (problem) fieldErrors[`${index}.mail`] = [problem];
      }
      const first = Object.values(fieldErrors)[0]?.[0];
      if (first) throw new ValidationError(first, fieldErrors);
      await repo.setMailChoices(
        user.id,
        changes.filter((c) => kindInfo(c.kind).mail === 'preference'),
      );
      return preferences(user);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
