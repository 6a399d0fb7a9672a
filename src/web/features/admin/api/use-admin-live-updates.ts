import { useQueryClient } from '@tanstack/react-query';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { adminKeys } from './admin-keys';

/**
 * Keeps the admin dashboard's figures and panels true while it is open: when the server says a
 * project was created, assigned or changed, the summary (cards, tab counts) and the project lists
 * of the panels are fetched again.
 */
export function useAdminLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: adminKeys.summary() });
    void invalidateLive(queryClient, { queryKey: adminKeys.projects() });
  }, ['project_updated', 'project_assigned', 'project_created']);
}
