/**
 * The whole data model, as drizzle-kit reads it (drizzle.config.ts) and the database client is
 * typed with it. Each table is declared in the schema file of the one feature that owns it (writes
 * it); this file only lists them. Column names are snake_case in SQL (drizzle
 * `casing: 'snake_case'`), camelCase in TypeScript and at the API edge. Money is integer cents;
 * every moment is a timestamptz.
 */
export * from '../../features/auth/auth.schema';
export * from '../../features/contact/contact.schema';
export * from '../../features/contractors/contractors.schema';
export * from '../../features/estimates/estimates.schema';
export * from '../../features/install-requests/install-requests.schema';
export * from '../../features/messages/messages.schema';
export * from '../../features/notifications/notifications.schema';
export * from '../../features/organizations/organizations.schema';
export * from '../../features/organizations/webhooks.schema';
export * from '../../features/payments/payments.schema';
export * from '../../features/payouts/payouts.schema';
export * from '../../features/projects/project-files.schema';
export * from '../../features/projects/projects.schema';
export * from '../../features/push/push.schema';
export * from '../../features/quotes/quotes.schema';
export * from '../../features/reviews/reviews.schema';
export * from '../../features/warranties/warranties.schema';
export * from '../audit.schema';
export * from '../mail/mail.schema';
export * from '../rate-limits.schema';
export * from '../storage/storage.schema';
export * from './counters.schema';
