import type { Message, UnreadCounts } from '@domain/messages/schemas';
import { MESSAGE_POLL_MS } from '@domain/messages/schemas';
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { invalidateLive } from '@web/lib/invalidate-live';
import { linkPagesQuery } from '@web/lib/paged-queries';
import { useRealtimeEvent } from '@web/lib/use-realtime';
import { useRealtimeState } from '@web/lib/use-realtime-state';
import { useMemo } from 'react';
import { messageKeys } from './message-keys';

/**
 * GET /api/projects/{id}/messages: the project's conversation, the newest 100 first, then older
 * pages on demand (each answer's `Link` header), shown in time order. Messages arrive over the
 * real-time channel; while the socket is down the list is polled every 5 seconds instead (spec 2
 * §9), so nothing waits for a reconnect.
 */
export function useProjectMessages(projectId: string) {
  const { status } = useRealtimeState();
  const query = useInfiniteQuery({
    ...linkPagesQuery<Message>(
      messageKeys.ofProject(projectId),
      `/api/projects/${encodeURIComponent(projectId)}/messages`,
    ),
    refetchInterval: status === 'open' ? false : MESSAGE_POLL_MS,
  });
  // pages come newest first, each oldest first: the conversation in time order
  const messages = useMemo(
    () => (query.data ? [...query.data.pages].reverse().flatMap((p) => p.items) : undefined),
    [query.data],
  );
  return { query, messages };
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
      // shown at once at the end of its conversation (the newest page is the first)
      queryClient.setQueryData<InfiniteData<{ items: Message[]; next: string | null }>>(
        messageKeys.ofProject(message.projectId),
        (data) => {
          const [newest, ...older] = data?.pages ?? [];
          if (!data || !newest || newest.items.some((m) => m.id === message.id)) return data;
          return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
        },
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
