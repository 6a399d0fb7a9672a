import type { Notification } from '@domain/notifications/schemas';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/error-message';
import { toast } from '@web/lib/use-toast';
import { cn } from '@web/lib/utils';
import { CheckCheck, Settings } from 'lucide-react';
import type * as React from 'react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  type useNotifications,
} from '../api/notifications';
import { relativeTime } from '../lib/relative-time';

/** The bell's panel: the newest notifications, "Mark all as read", "Load more", the settings link. */
export function NotificationPanel({
  id,
  notifications,
  onClose,
}: {
  id: string;
  notifications: ReturnType<typeof useNotifications>;
  onClose: () => void;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = notifications.data?.pages.flatMap((p) => p.items) ?? [];
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  const open = (n: Notification, event: React.MouseEvent) => {
    // a new tab or window keeps its own way; here the notification is read and its page opened
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!n.readAt) markRead.mutate(n.id);
    onClose();
    navigate(n.link);
  };

  const readAll = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not mark as read', description: errorMessage(error) }),
    });

  return (
    <div
      ref={panelRef}
      id={id}
      role="dialog"
      aria-label="Notifications"
      tabIndex={-1}
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-lg border bg-card shadow-lg outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
        <h2 className="text-base font-semibold">Notifications</h2>
        <Button variant="ghost" size="sm" onClick={readAll} disabled={unread === 0 || markAll.isPending}>
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {notifications.isPending ? (
          <div className="flex justify-center p-6">
            <Spinner label="Loading notifications..." />
          </div>
        ) : notifications.isError ? (
          <div className="grid justify-items-center gap-2 p-6 text-center text-sm">
            <p>Could not load your notifications.</p>
            <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">You're all caught up.</p>
        ) : (
          <ul aria-label="Notification list" className="divide-y">
            {items.map((n) => (
              <li key={n.id}>
                <a
                  href={n.link}
                  onClick={(event) => open(n, event)}
                  className={cn(
                    'flex gap-3 px-4 py-3 text-sm hover:bg-secondary focus-visible:bg-secondary focus-visible:outline-none',
                    !n.readAt && 'bg-primary/5',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'mt-1.5 size-2 shrink-0 rounded-full',
                      n.readAt ? 'bg-transparent' : 'bg-primary',
                    )}
                  />
                  <span className="grid min-w-0 gap-0.5">
                    <span
                      className={cn(
                        '[overflow-wrap:anywhere]',
                        n.readAt ? 'text-foreground' : 'font-semibold',
                      )}
                    >
                      {n.readAt ? null : <span className="sr-only">Unread: </span>}
                      {n.title}
                    </span>
                    {n.body ? (
                      <span className="line-clamp-2 [overflow-wrap:anywhere] text-muted-foreground">
                        {n.body}
                      </span>
                    ) : null}
                    <time dateTime={n.createdAt} className="text-xs text-muted-foreground">
                      {relativeTime(n.createdAt)}
                    </time>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {notifications.hasNextPage ? (
          <div className="border-t p-2 text-center">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void notifications.fetchNextPage()}
              disabled={notifications.isFetchingNextPage}
            >
              {notifications.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        ) : null}
      </div>
      <div className="border-t px-4 py-2">
        <Link
          href="/settings/notifications"
          onClick={onClose}
          className="inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-primary hover:underline"
        >
          <Settings aria-hidden="true" className="size-4" />
          Notification settings
        </Link>
      </div>
    </div>
  );
}
