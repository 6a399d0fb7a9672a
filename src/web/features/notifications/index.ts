/**
 * The notifications feature's public surface: what the app shell uses (scripts/check-feature-boundaries.mjs).
 * The bell is loaded lazily by the header (src/web/app/layout/header.tsx), straight from its file, so
 * the public pages do not carry it.
 */
export { notificationKeys } from './api/notification-keys';
