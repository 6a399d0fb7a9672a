import type { Logger } from 'pino';
import { kindInfo, mailAllowed, type NotificationKind } from '../../../domain/notifications/kinds';
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from '../../../domain/notifications/schemas';
import { publishToUsers } from '../../platform/bus/publish';
import type { OutgoingMail } from '../../platform/mail/types';
import type { Executor, NotificationsRepo } from './notifications.repo';
import type { NotificationItem, NotificationsDeps } from './notifications.service';

/** One line, at most `max` characters: a title is a plain sentence. */
function plain(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function isSameOriginPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !/[\p{Cc}\\]/u.test(link);
}

/**
 * Staging notifications (notifications.service.ts builds this): stored in the caller's
 * transaction with their mails (per the receiver's preference), announced after the commit live,
 * by mail and to onAnnounced; or all of it at once, outside a transaction.
 */
export function createNotificationStaging(deps: NotificationsDeps, repo: NotificationsRepo, log: Logger) {
  const { db, bus, mailer } = deps;
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
  };
}
