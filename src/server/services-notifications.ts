/**
 * Part of the composition root (services.ts): the notification centre and Web Push (issue 27 #4).
 * The other features stage what happened for whom in their own transaction (with its mail, kept
 * only when the receiver wants that kind mailed); after the commit each notice is also pushed to
 * the receiver's subscribed devices, with the VAPID keys kept in DATA_DIR/secrets.json.
 */
import { createNotificationsService } from './features/notifications/notifications.service';
import { receiverPolicyOf } from './features/organizations/webhook-receiver';
import { createPushService, type PushDeps } from './features/push/push.service';
import { loadOrCreateVapidKeys } from './features/push/vapid-keys';
import type { Platform } from './platform/platform';

export function createNotificationServices(platform: Platform, opts: { push?: Pick<PushDeps, 'policy'> }) {
  const { db, bus, mailer, jobs, logger, config } = platform;
  const push = createPushService({
    db,
    jobs,
    logger,
    config,
    vapid: loadOrCreateVapidKeys(config.dataDir, config.vapidKeys),
    policy: opts.push?.policy ?? receiverPolicyOf(config.nodeEnv),
  });
  const notifications = createNotificationsService({
    db,
    bus,
    mailer,
    logger,
    config,
    onAnnounced: (notices) => push.enqueue(notices),
  });
  return { push, notifications };
}
