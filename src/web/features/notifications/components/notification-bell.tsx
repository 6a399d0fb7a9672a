import { Button } from '@web/components/ui/button';
import { useAuth } from '@web/lib/use-auth';
import { Bell } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useNotifications } from '../api/notifications';
import { NotificationPanel } from './notification-panel';

/** The badge's text: the count, or "99+". */
function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/**
 * The header's bell for any signed-in person: the unread count, and a panel with the list.
 * Keyboard: the button toggles it; Escape or a click outside closes it and focus returns to the
 * button; opening moves focus into the panel.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const notifications = useNotifications(user !== null);
  const unread = notifications.data?.pages[0]?.unreadCount ?? 0;

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the panel closes whenever the page changes
  useEffect(() => {
    setOpen(false);
  }, [location]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (wrapperRef.current && !wrapperRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  if (!user) return null;
  return (
    <div ref={wrapperRef} className="sm:relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-count"
            className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-bold text-destructive-foreground"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Button>
      {open ? (
        <NotificationPanel id={panelId} notifications={notifications} onClose={() => close(false)} />
      ) : null}
    </div>
  );
}
