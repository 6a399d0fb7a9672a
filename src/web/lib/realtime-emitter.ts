import type { RealtimeEvent } from '../../domain/realtime';

/** A tiny listener set: feature code subscribes to events without knowing about the connection. */
export function createRealtimeEmitter() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  return {
    subscribe(listener: (event: RealtimeEvent) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(event: RealtimeEvent): void {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (err) {
          console.warn('realtime: an event listener failed', err);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}
