import { useEffect, useRef, useState } from 'react';
import type { RealtimeEvent, RealtimeEventType } from '../../domain/realtime';
import type { RealtimeConnection, RealtimeStatus } from './realtime-connection';
import { createRealtimeEmitter } from './realtime-emitter';

export type { RealtimeStatus } from './realtime-connection';

/** How many recent events the hook keeps (newest first). */
export const RECENT_EVENTS = 20;

/** Every event of the app's real-time connection goes through this one set. */
const emitter = createRealtimeEmitter();

/**
 * Subscribes to the real-time events of the signed-in user, from anywhere (query invalidation,
 * toasts). Returns the unsubscribe function. Events arrive only while `useRealtime` is mounted.
 */
export function subscribeToRealtime(listener: (event: RealtimeEvent) => void): () => void {
  return emitter.subscribe(listener);
}

/**
 * Calls `handler` for every real-time event (or only those of `types`) while the component is
 * mounted. The latest handler is used without resubscribing, so an inline function is fine:
 *
 *   useRealtimeEvent((e) => queryClient.invalidateQueries({ queryKey: projectKeys.detail(e.projectId) }),
 *     ['project_updated', 'project_assigned']);
 */
export function useRealtimeEvent<T extends RealtimeEventType>(
  handler: (event: Extract<RealtimeEvent, { type: T }>) => void,
  types?: readonly T[],
): void {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  const typesKey = types ? [...types].sort().join(',') : '';
  useEffect(() => {
    const wanted = typesKey ? new Set(typesKey.split(',')) : null;
    return emitter.subscribe((event) => {
      if (wanted && !wanted.has(event.type)) return;
      handlerRef.current(event as Extract<RealtimeEvent, { type: T }>);
    });
  }, [typesKey]);
}

export interface UseRealtimeResult {
  status: RealtimeStatus;
  /** The last RECENT_EVENTS events, newest first. */
  events: RealtimeEvent[];
  lastEvent: RealtimeEvent | null;
}

export interface UseRealtimeOptions {
  /** The server ended the session (logged out elsewhere): typically refetch the signed-in user. */
  onSessionEnded?: () => void;
}

/**
 * The app's real-time connection: mount it once (in the app shell) with the signed-in user's id,
 * or null when signed out. It connects to /ws on this host (wss:// on an https:// page), comes
 * back after a drop with backoff (1 s doubling to 30 s, with jitter, reset after a stable
 * connection), and stops when signed out or unmounted. Unparseable messages are only logged.
 */
export function useRealtime(userId: string | null, options: UseRealtimeOptions = {}): UseRealtimeResult {
  const [status, setStatus] = useState<RealtimeStatus>('closed');
  const [events, setEvents] = useState<RealtimeEvent[]>([]);
  const sessionEndedRef = useRef(options.onSessionEnded);
  useEffect(() => {
    sessionEndedRef.current = options.onSessionEnded;
  });

  useEffect(() => {
    setEvents([]);
    if (!userId || typeof window === 'undefined' || typeof WebSocket === 'undefined') {
      setStatus('closed');
      return;
    }
    // the connection (and the schema library it parses events with) loads only for signed-in users
    let connection: RealtimeConnection | null = null;
    let cancelled = false;
    const retry = () => connection?.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') retry();
    };
    void import('./realtime-connection').then(({ RealtimeConnection, realtimeUrl }) => {
      if (cancelled) return;
      connection = new RealtimeConnection({
        url: realtimeUrl(window.location, userId),
        onStatus: setStatus,
        onEvent(event) {
          setEvents((previous) => [event, ...previous].slice(0, RECENT_EVENTS));
          emitter.emit(event);
        },
        onSessionEnded: () => sessionEndedRef.current?.(),
      });
      connection.start();
    });
    // come back at once instead of waiting out the backoff when the network or the tab returns
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
      connection?.stop();
    };
  }, [userId]);

  return { status, events, lastEvent: events[0] ?? null };
}
