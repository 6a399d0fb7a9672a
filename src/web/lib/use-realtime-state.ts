import { createContext, useContext } from 'react';
import type { UseRealtimeResult } from './use-realtime';

export const RealtimeContext = createContext<UseRealtimeResult>({
  status: 'closed',
  events: [],
  lastEvent: null,
});

/** The signed-in user's connection status and recent events (newest first), from the app shell. */
export function useRealtimeState(): UseRealtimeResult {
  return useContext(RealtimeContext);
}
