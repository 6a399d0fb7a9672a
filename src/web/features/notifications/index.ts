/** The notifications feature's public surface: what the app shell uses (scripts/check-feature-boundaries.mjs). */
export { notificationKeys } from './api/notification-keys';
export { NotificationBell } from './components/notification-bell';
