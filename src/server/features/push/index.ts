/**
 * The push feature's public surface (scripts/check-feature-boundaries.mjs refuses any other way
 * in). It owns the `push_subscriptions` table: the notification centre calls `enqueue` after its
 * commit (wired in services.ts); the `push.send` job delivers.
 */
export type { PushNotice, PushService } from './push.service';
