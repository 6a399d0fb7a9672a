/**
 * The notifications feature's public surface (scripts/check-feature-boundaries.mjs refuses any
 * other way in). It owns the `notifications` and `notification_preferences` tables: other
 * features stage a notification in their own transaction (`stage`, then the returned function
 * after the commit) or send one afterwards (`notify`); services.ts gives them the service.
 */
export type {
  Executor,
  NotificationItem,
  NotificationMail,
  NotificationsService,
} from './notifications.service';
