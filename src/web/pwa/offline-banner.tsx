import type { PublicUser } from '@domain/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { syncedAtLabel } from './offline-snapshot';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it is online (the prerender: online). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * "You are offline — showing data from 10:42": on the contractor dashboard and the project page
 * while the connection is gone, with the time the shown data arrived; gone when it returns.
 */
export function OfflineBanner({ updatedAt }: { updatedAt: number }) {
  const online = useOnline();
  if (online || updatedAt <= 0) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 rounded-lg border border-accent/50 bg-accent/10 px-4 py-3 text-sm text-foreground"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        You are offline — showing data from{' '}
        <time dateTime={new Date(updatedAt).toISOString()}>{syncedAtLabel(updatedAt, Date.now())}</time>
      </span>
    </div>
  );
}

/**
 * On a contractor's pages: keeps the data under `roots` on the device for offline use (the code
 * that does it loads only here, src/web/pwa/offline-cache.ts). Nothing for other accounts.
 */
export function useOfflinePersistence(user: PublicUser | null, roots: readonly string[]): void {
  const queryClient = useQueryClient();
  const contractor = user?.userType === 'contractor' ? user : null;
  useEffect(() => {
    if (!contractor) return;
    let cancelled = false;
    // a second start for the same user (the user refetched) changes nothing
    void import('./offline-cache').then((m) => {
      if (!cancelled) m.startOfflinePersistence(queryClient, contractor, roots);
    });
    return () => {
      cancelled = true;
    };
  }, [contractor, roots, queryClient]);
}
