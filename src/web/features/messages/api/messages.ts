import type { Message, UnreadCounts } from '@domain/messages/schemas';
import { MESSAGE_POLL_MS } from '@domain/messages/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiJsonPages } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { useRealtimeState } from '@web/lib/use-realtime-state';
import { messageKeys } from './message-keys';

/** How many pages of 100 the panel reads: the newest 500 messages, as before the call was paged. */
const MESSAGE_PAGES = 5;

/**
 * GET /api/messages/user/{userId}, page after page (each the next-older 100, oldest first), in
 * time order. Messages arrive over the real-time channel; while the socket is down the list is
 * polled every 5 seconds instead (spec 2 §9), so nothing waits for a reconnect.
 */
export function useUserMessages(userId: string | null) {
  const { status } = useRealtimeState();
  return useQuery({
    ...queryOptions({
      queryKey: messageKeys.ofUser(userId ?? ''),
      queryFn: async () =>
        (await apiJsonPages<Message>(`/api/messages/user/${encodeURIComponent(userId ?? '')}`, MESSAGE_PAGES))
          .reverse()
          .flat(),
    }),
    enabled: userId !== null,
    refetchInterval: status === 'open' ? false : MESSAGE_POLL_MS,
  });
}

/** GET /api/messages/unread: the signed-in user's unread messages, in all and per project. */
export function useUnreadCounts(enabled = true) {
  const { status } = useRealtimeState();
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: () => apiJson<UnreadCounts>('GET', '/api/messages/unread'),
    enabled,
    refetchInterval: status === 'open' ? false : MESSAGE_POLL_MS,
  });
}

/** Refreshes messages and unread counts when the server says one was sent or read. */
export function useMessageLiveUpdates(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent(() => {
    void invalidateLive(queryClient, { queryKey: messageKeys.all });
  }, ['message_created', 'message_read']);
}

/** POST /api/messages with the spec's payload; the server decides sender and receiver. */
export function useSendMessage(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      projectId: string;
      receiverId: string;
      content: string;
      attachmentFileId?: string;
    }) =>
      apiJson<Message>('POST', '/api/messages', {
        ...input,
        senderId: viewerId,
        messageType: 'text',
      }),
    onSuccess: (message) => {
      queryClient.setQueryData<Message[]>(messageKeys.ofUser(viewerId), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

/** PUT /api/messages/{id} {isRead: true}: marks a displayed incoming message read. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<Message>('PUT', `/api/messages/${encodeURIComponent(id)}`, { isRead: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread() }),
  });
}
