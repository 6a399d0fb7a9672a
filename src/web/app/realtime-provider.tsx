import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@web/features/notifications';
import { invalidateLive } from '@web/lib/invalidate-live';
import { authKeys, useAuth } from '@web/lib/use-auth';
import { useRealtime, useRealtimeEvent } from '@web/lib/use-realtime';
import { RealtimeContext } from '@web/lib/use-realtime-state';
import type * as React from 'react';
import { useEffect, useRef } from 'react';

/**
 * The app's one real-time connection: open while someone is signed in. When the server ends
 * the session (signed out in another tab or process), the signed-in user is asked for again,
 * so every screen falls back to its signed-out state. When the connection comes back after a
 * drop (a server process restarted or died, the network came back), every query on screen is
 * fetched again: what happened while the channel was down (a message, a step) was announced to
 * nobody, and the lists must not wait for a reload to show it. Notifications (the header's bell)
 * are fetched again whenever one is created or read.
 */
export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const state = useRealtime(user?.id ?? null, {
    onSessionEnded: () => {
      void invalidateLive(queryClient, { queryKey: authKeys.user() });
    },
  });
  // the bell: a new notification, or some read in another tab
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: notificationKeys.all });
  }, ['notification_created', 'notifications_read']);
  const connection = useRef<'never' | 'open' | 'lost'>('never');
  useEffect(() => {
    if (state.status === 'open') {
      if (connection.current === 'lost') void invalidateLive(queryClient, {});
      connection.current = 'open';
    } else if (connection.current === 'open') {
      connection.current = 'lost';
    }
  }, [state.status, queryClient]);
  return <RealtimeContext.Provider value={state}>{children}</RealtimeContext.Provider>;
}
