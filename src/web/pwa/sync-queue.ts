import { objectStore } from './idb';

/**
 * What a contractor did offline, kept on the device until the server has it (issue 27 #2,
 * docs/pwa.md): workflow changes, messages and photos, each with the id the device gave it, which
 * is sent as the Idempotency-Key so the server applies it once however often it arrives. Stored in
 * IndexedDB (photos as Blobs), per user; an item leaves the queue only when the server took it, or
 * when the user dismisses a change the server refused (the refusal is kept and shown until then).
 */
export type QueuedKind = 'workflow' | 'message' | 'photo';

export interface QueuedPhoto {
  blob: Blob;
  fileName: string;
  step: string | null;
  caption: string | null;
  capturedAt: string | null;
}

export interface QueuedChange {
  /** The device's id of the change: its Idempotency-Key. */
  id: string;
  userId: string;
  projectId: string;
  /** The project's name as the user saw it, for the list of what waits or was refused. */
  projectTitle: string;
  kind: QueuedKind;
  /** One line for people: "Permit: Issued", "Message: See you at 8", "Photo roof-1.jpg". */
  label: string;
  /** When the user made it (device time, ms). */
  createdAt: number;
  /** A workflow change's or a message's call: its method, path and JSON body. */
  request?: { method: 'PUT' | 'POST'; url: string; body: Record<string, unknown> };
  photo?: QueuedPhoto;
  state: 'queued' | 'refused';
  /** The server's reason, for a refused change. */
  refusal?: string;
}

const DB_NAME = 'ridgeline-sync';
const STORE = 'changes';

const withStore = objectStore(DB_NAME, STORE, (db) => {
  db.createObjectStore(STORE, { keyPath: 'id' }).createIndex('userId', 'userId');
});

const listeners = new Set<() => void>();
/** Told after every write (this tab); other tabs hear it on the channel. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ridgeline-sync');
channel?.addEventListener('message', () => {
  for (const listener of listeners) listener();
});

function changed(): void {
  for (const listener of listeners) listener();
  channel?.postMessage('changed');
}

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user's queue, oldest first (the order they were made in is the order they are sent in). */
export async function queuedChanges(userId: string): Promise<QueuedChange[]> {
  const items = await withStore<QueuedChange[]>('readonly', (store) =>
    store.index('userId').getAll(IDBKeyRange.only(userId)),
  );
  return items.sort((a, b) => a.createdAt - b.createdAt);
}

export async function enqueue(change: Omit<QueuedChange, 'state' | 'createdAt'> & { createdAt?: number }) {
  const item: QueuedChange = { createdAt: Date.now(), ...change, state: 'queued' };
  await withStore('readwrite', (store) => store.put(item));
  changed();
  return item;
}

export async function remove(id: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(id));
  changed();
}

export async function markRefused(item: QueuedChange, refusal: string): Promise<void> {
  await withStore('readwrite', (store) => store.put({ ...item, state: 'refused', refusal }));
  changed();
}
