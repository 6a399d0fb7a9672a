/**
 * The admin feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It answers the admins' reads that belong to no other feature (the mail outbox); each other
 * admin action is its own feature's route.
 */
export type { AdminService } from './admin.service';
