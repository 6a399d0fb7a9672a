import type { RealtimeEvent } from '../../../domain/realtime';

/**
 * What travels between app processes. `realtime` events reach the sockets of the listed users;
 * the other kinds keep per-process caches (sessions, users) true across processes.
 */
export type BusMessage =
  | { kind: 'realtime'; userIds: string[]; event: RealtimeEvent }
  | { kind: 'sessions_revoked'; sessionIds: string[] }
  | { kind: 'user_changed'; userId: string };

export interface EventBus {
  start(): Promise<void>;
  /** Delivers to every subscriber of every process on the same database, this one included. */
  publish(message: BusMessage): Promise<void>;
  subscribe(listener: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}
