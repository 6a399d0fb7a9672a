import { useQueryClient } from '@tanstack/react-query';
import { useMessageLiveUpdates } from '@web/features/messages';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { projectKeys } from './project-keys';

/**
 * Keeps every project on screen true: when the server says a project changed (or was assigned or
 * created), that project and the lists are fetched again; a message sent or read refreshes the
 * messages and unread counts. Mount once per screen that shows projects.
 */
export function useProjectLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(
    (event) => {
      void invalidateLive(queryClient, { queryKey: projectKeys.detail(event.projectId) });
      void invalidateLive(queryClient, { queryKey: projectKeys.lists() });
    },
    ['project_updated', 'project_assigned', 'project_created'],
  );
  // messages and their unread counts too (the panel and the dashboards' badges)
  useMessageLiveUpdates();
}
