import { z } from 'zod';
import { notificationKindNames } from './kinds';

/**
 * The notification centre's API (src/server/features/notifications): a user's own notifications,
 * newest first, a page at a time; marking read; the per-kind mail preferences.
 */

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;
/** A stored title is one plain sentence; longer ones are cut by the service. */
export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;

export const notificationMessages = {
  notFound: 'Notification not found',
  invalidId: 'Notification id must be a UUID',
  invalidCursor: 'This list position is not valid: load the list again from the start.',
  limit: `Limit must be a whole number from 1 to ${NOTIFICATION_PAGE_MAX}`,
  securityLocked: 'Security e-mails (sign-in links, password changes) are always sent.',
  inAppOnly: 'New message notifications are shown in the app only: unread messages are e-mailed in a digest.',
  notForRole: 'You cannot receive this kind of notification.',
  unknownKind: 'Unknown notification kind',
  duplicateKind: 'Each kind may appear only once.',
  saved: 'Notification settings saved',
} as const;

export const notificationKindSchema = z.enum(notificationKindNames, {
  error: notificationMessages.unknownKind,
});

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: notificationKindSchema,
    title: z.string(),
    body: z.string().nullable(),
    /** A same-origin path (`/projects/<id>`, `/contractor-dashboard`). */
    link: z.string(),
    projectId: z.string().nullable(),
    readAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  /** The id of the last notification of the previous page (its nextCursor). */
  cursor: z.uuid({ error: notificationMessages.invalidCursor }).optional(),
  limit: z.coerce
    .number({ error: notificationMessages.limit })
    .int({ error: notificationMessages.limit })
    .min(1, { error: notificationMessages.limit })
    .max(NOTIFICATION_PAGE_MAX, { error: notificationMessages.limit })
    .default(NOTIFICATION_PAGE_DEFAULT),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as `cursor` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
    unreadCount: z.number().int(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationParamsSchema = z.object({ id: z.uuid({ error: notificationMessages.invalidId }) });

export const markedReadSchema = z
  .object({ notification: notificationSchema, unreadCount: z.number().int() })
  .meta({ id: 'NotificationMarkedRead' });
export type MarkedRead = z.infer<typeof markedReadSchema>;

export const allMarkedReadSchema = z
  .object({ marked: z.number().int(), unreadCount: z.number().int() })
  .meta({ id: 'NotificationsAllMarkedRead' });

export const notificationPreferenceSchema = z
  .object({
    kind: notificationKindSchema,
    label: z.string(),
    description: z.string(),
    /** Whether this kind is e-mailed to the user. */
    mail: z.boolean(),
    /** `always` (security: cannot be turned off), `never` (in the app only) or `preference`. */
    policy: z.enum(['preference', 'always', 'never']),
  })
  .meta({ id: 'NotificationPreference' });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z
  .object({ preferences: z.array(notificationPreferenceSchema) })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PUT /api/notifications/preferences: the kinds to change, each once. */
export const updateNotificationPreferencesSchema = z
  .array(z.object({ kind: notificationKindSchema, mail: z.boolean({ error: 'mail must be true or false' }) }))
  .max(notificationKindNames.length, { error: notificationMessages.duplicateKind })
  .refine((list) => new Set(list.map((p) => p.kind)).size === list.length, {
    error: notificationMessages.duplicateKind,
  })
  .meta({ id: 'NotificationPreferencesUpdate' });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;
