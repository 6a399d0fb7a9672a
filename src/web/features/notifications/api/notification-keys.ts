/**
 * Query keys of the notifications feature: a live event (notification_created, notifications_read)
 * or a mutation refreshes `notificationKeys.all`.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
  /** Web Push: the user's subscribed devices. */
  pushDevices: () => [...notificationKeys.all, 'push-devices'] as const,
};
