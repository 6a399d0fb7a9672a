import type {
  MarkedRead,
  NotificationList,
  NotificationPreferences,
  UpdateNotificationPreferences,
} from '@domain/notifications/schemas';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { useRealtimeState } from '@web/lib/use-realtime-state';
import { notificationKeys } from './notification-keys';

/** The bell's page size. */
export const NOTIFICATION_PAGE = 10;
/** While the live channel is down, the bell is polled this often instead. */
const POLL_MS = 30_000;

/**
 * GET /api/notifications, a page at a time ("Load more"); the first page's unreadCount is the
 * badge. Live events refresh it (realtime-provider.tsx); while the socket is down it is polled.
 */
export function useNotifications(enabled: boolean) {
  const { status } = useRealtimeState();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) =>
      apiJson<NotificationList>(
        'GET',
        `/api/notifications?limit=${NOTIFICATION_PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
    refetchInterval: status === 'open' ? false : POLL_MS,
  });
}

/** POST /api/notifications/{id}/read. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<MarkedRead>('POST', `/api/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

/** POST /api/notifications/read-all. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ marked: number; unreadCount: number }>('POST', '/api/notifications/read-all'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list() }),
  });
}

/** GET /api/notifications/preferences: the kinds the user's role receives, and which are mailed. */
export function useNotificationPreferences(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiJson<NotificationPreferences>('GET', '/api/notifications/preferences'),
    enabled,
  });
}

/** PUT /api/notifications/preferences. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateNotificationPreferences) =>
      apiJson<NotificationPreferences>('PUT', '/api/notifications/preferences', changes),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), saved),
  });
}
