import type { UserType } from '../../../domain/auth/schemas';
import {
  kindInfo,
  kindsForRole,
  mailAllowed,
  type NotificationKind,
} from '../../../domain/notifications/kinds';
import {
  type NotificationPreferences,
  notificationMessages,
  type UpdateNotificationPreferences,
} from '../../../domain/notifications/schemas';
import type { SessionUser } from '../../platform/auth/session-store';
import type { Db } from '../../platform/db/index';
import { ValidationError } from '../../platform/errors';
import type { NotificationsRepo } from './notifications.repo';

/**
 * The user's mail preferences (notifications.service.ts builds this): every kind the role can
 * receive, and whether each is mailed, within each kind's policy.
 */
export function createNotificationPreferences(db: Db, repo: NotificationsRepo) {
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
