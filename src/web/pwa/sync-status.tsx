import type { PublicUser } from '@domain/auth/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { CloudUpload, TriangleAlert } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useOnline } from './offline-banner';
import { onQueueChange, type QueuedChange, queuedChanges, remove } from './sync-queue';
import { onProgress, photoProgress, startSync } from './sync-runner';

/**
 * A contractor's queue of changes made offline (docs/pwa.md): kept sending while the page is open
 * (sync-runner.ts), and listed here: what waits, each photo's upload progress, and what the server
 * refused, with its reason, until the user dismisses it. Nothing for other accounts.
 */
export function useSyncQueue(user: PublicUser | null): QueuedChange[] {
  const queryClient = useQueryClient();
  const userId = user?.userType === 'contractor' ? user.id : null;
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    // what was sent shows at once: the project, its files and its messages are read again
    return startSync({ userId, onSent: () => void queryClient.invalidateQueries({ refetchType: 'active' }) });
  }, [userId, queryClient]);
  return useQueuedItems(userId);
}

/** The user's queue as it changes (in this tab and the others); empty without one. */
export function useQueuedItems(userId: string | null): QueuedChange[] {
  const [items, setItems] = useState<QueuedChange[]>([]);
  useEffect(() => {
    if (!userId || typeof indexedDB === 'undefined') return;
    let live = true;
    const load = () =>
      void queuedChanges(userId)
        .then((list) => live && setItems(list))
        .catch(() => {
          // no IndexedDB (private mode): nothing is queued, changes need the connection
        });
    load();
    const unsubscribe = onQueueChange(load);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);
  return items;
}

function usePhotoProgress(id: string) {
  return useSyncExternalStore(
    onProgress,
    () => photoProgress(id)?.sent,
    () => undefined,
  );
}

function Waiting({ item }: { item: QueuedChange }) {
  const sent = usePhotoProgress(item.id);
  const total = item.photo?.blob.size ?? 0;
  const percent = sent !== undefined && total > 0 ? Math.min(100, Math.round((sent / total) * 100)) : null;
  return (
    <li className="grid gap-1">
      <span>
        {item.label} <span className="text-muted-foreground">· {item.projectTitle}</span>
      </span>
      {item.kind === 'photo' && percent !== null ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${item.photo?.fileName ?? 'photo'}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-2 overflow-hidden rounded bg-muted"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
    </li>
  );
}

/** What waits to be sent and what was refused, above the contractor's dashboard and project page. */
export function SyncStatus({ items }: { items: QueuedChange[] }) {
  const online = useOnline();
  const waiting = items.filter((i) => i.state === 'queued');
  const refused = items.filter((i) => i.state === 'refused');
  if (items.length === 0) return null;
  return (
    <div className="grid gap-3">
      {waiting.length > 0 ? (
        <section
          aria-label="Changes waiting to be sent"
          className="grid gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
        >
          <p role="status" className="flex items-center gap-2 font-medium">
            <CloudUpload aria-hidden="true" className="size-4 shrink-0" />
            {waiting.length === 1 ? '1 change' : `${waiting.length} changes`} saved on this device
            {online ? ' — sending...' : ' — sent when you are back online'}
          </p>
          <ul className="grid gap-2 pl-6">
            {waiting.map((item) => (
              <Waiting key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {refused.length > 0 ? (
        <section
          role="alert"
          aria-label="Changes the server refused"
          className="grid gap-2 rounded-lg border border-destructive/50 bg-destructive/10 px-4 py-3 text-sm"
        >
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
            {refused.length === 1 ? '1 change was not saved' : `${refused.length} changes were not saved`}:
            the project changed while you were offline
          </p>
          <ul className="grid gap-2">
            {refused.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{item.label}</span>{' '}
                  <span className="text-muted-foreground">· {item.projectTitle}</span>
                  <br />
                  {item.refusal}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => void remove(item.id)}
                  aria-label={`Dismiss: ${item.label}`}
                >
                  Dismiss
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
