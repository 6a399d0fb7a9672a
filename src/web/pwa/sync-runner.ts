import { apiJson } from '@web/lib/api-client';
import { retryDelayMs, sendFailureOf } from './sync-outcome';
import {
  markRefused,
  onQueueChange,
  type QueuedChange,
  type QueuedKind,
  queuedChanges,
  remove,
} from './sync-queue';

/**
 * Sends a user's queue (sync-queue.ts) when the device is online: at start, when the connection
 * returns, after each new item, and again with backoff after a failure. One sender at a time
 * across the tabs (Web Locks), items in the order they were made, each with its id as the
 * Idempotency-Key. A photo's sender is registered by the projects feature (resumable upload).
 */
export type PhotoSender = (
  item: QueuedChange,
  onProgress: (sent: number, total: number) => void,
) => Promise<void>;

let photoSender: PhotoSender | null = null;
export function registerPhotoSender(sender: PhotoSender): void {
  photoSender = sender;
}

/** Upload progress of the photo being sent (id → bytes), for its bar. */
const progress = new Map<string, { sent: number; total: number }>();
const progressListeners = new Set<() => void>();
export function photoProgress(id: string): { sent: number; total: number } | undefined {
  return progress.get(id);
}
export function onProgress(listener: () => void): () => void {
  progressListeners.add(listener);
  return () => progressListeners.delete(listener);
}
function setProgress(id: string, value: { sent: number; total: number } | null): void {
  if (value) progress.set(id, value);
  else progress.delete(id);
  for (const listener of progressListeners) listener();
}

async function sendOne(item: QueuedChange): Promise<void> {
  if (item.kind === 'photo') {
    if (!photoSender) throw new Error('photo sender not registered');
    await photoSender(item, (sent, total) => setProgress(item.id, { sent, total }));
    return;
  }
  if (!item.request) throw new Error(`queued ${item.kind} without its request`);
  const { method, url, body } = item.request;
  await apiJson(method, url, body, { 'Idempotency-Key': item.id });
}

export interface SyncOptions {
  userId: string;
  /** After a pass that sent something: the shown data is refetched. */
  onSent: (kinds: Set<QueuedKind>) => void;
}

let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
/** Something was queued while a pass ran (after it read the queue): one more pass follows. */
let again = false;

/** One pass over the queue; answers when it stopped (all sent, a retry needed, or offline). */
export function syncNow(options: SyncOptions): Promise<void> {
  running ??= (async () => {
    try {
      const pass = () => runPass(options);
      if (navigator.locks) await navigator.locks.request('ridgeline-sync', pass);
      else await pass();
    } finally {
      running = null;
      if (again) {
        again = false;
        void syncNow(options);
      }
    }
  })();
  return running;
}

async function runPass({ userId, onSent }: SyncOptions): Promise<void> {
  if (!navigator.onLine) return;
  const sent = new Set<QueuedKind>();
  try {
    for (const item of await queuedChanges(userId)) {
      if (item.state !== 'queued') continue;
      if (item.kind === 'photo' && !photoSender) return;
      try {
        await sendOne(item);
        await remove(item.id);
        sent.add(item.kind);
        failures = 0;
      } catch (error) {
        const failure = sendFailureOf(error);
        if (failure.kind === 'refused') {
          await markRefused(item, failure.reason);
          sent.add(item.kind);
          continue;
        }
        if (failure.kind === 'retry') {
          failures += 1;
          clearTimeout(timer);
          timer = setTimeout(() => void syncNow({ userId, onSent }), retryDelayMs(failures));
        }
        return;
      } finally {
        setProgress(item.id, null);
      }
    }
  } finally {
    if (sent.size > 0) onSent(sent);
  }
}

/**
 * Starts sending this user's queue: now, whenever the connection returns, and after each new
 * item. Answers the stop function.
 */
export function startSync(options: SyncOptions): () => void {
  const go = () => void syncNow(options);
  window.addEventListener('online', go);
  const unsubscribe = onQueueChange(() => {
    // a new item: sent at once, or by one more pass after the one running
    if (running) again = true;
    else go();
  });
  go();
  return () => {
    window.removeEventListener('online', go);
    unsubscribe();
    clearTimeout(timer);
  };
}
