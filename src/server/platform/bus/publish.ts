import { type RealtimeEvent, realtimeEventSchema } from '../../../domain/realtime';
import type { EventBus } from './types';

/**
 * Sends a real-time event to every open socket of the given users, in every app process.
 * Features call it after their write has committed, with the ids the event concerns (never
 * bodies: the browser refetches what it needs). The event is checked against the domain
 * registry, so a malformed event fails loudly here rather than silently in the browser.
 * Duplicate and empty user ids are dropped; with no recipient nothing is sent.
 */
export async function publishToUsers(
  bus: EventBus,
  userIds: Iterable<string | null | undefined>,
  event: RealtimeEvent,
): Promise<void> {
  const parsed = realtimeEventSchema.parse(event);
  const recipients = [
    ...new Set([...userIds].filter((id): id is string => typeof id === 'string' && id !== '')),
  ];
  if (recipients.length === 0) return;
  await bus.publish({ kind: 'realtime', userIds: recipients, event: parsed });
}
