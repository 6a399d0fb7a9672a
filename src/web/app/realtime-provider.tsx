import { useQueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY, useAuth } from '@web/lib/use-auth';
import { useRealtime } from '@web/lib/use-realtime';
import { RealtimeContext } from '@web/lib/use-realtime-state';
import type * as React from 'react';

/**
 * The app's one real-time connection: open while someone is signed in. When the server ends
 * the session (signed out in another tab or process), the signed-in user is asked for again,
 * so every screen falls back to its signed-out state.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const state = useRealtime(user?.id ?? null, {
    onSessionEnded: () => {
      void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
  });
  return <RealtimeContext.Provider value={state}>{children}</RealtimeContext.Provider>;
}
