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
  /**
   * The names of tracked tables (db/tracked-tables.ts) as changes to them commit, from any process,
   * in commit order; `null` when anything may have changed unseen (the feed was down).
   */
  watchTables(listener: (table: string | null) => void): () => void;
  /** Whether table changes are arriving now (on PostgreSQL: the listening connection is up). */
  tablesLive(): boolean;
  /**
   * Resolves true once every change committed before the call has reached watchTables'
   * listeners; false when the feed is down or did not catch up within a few seconds.
   */
  catchUpTables(): Promise<boolean>;
  close(): Promise<void>;
}
