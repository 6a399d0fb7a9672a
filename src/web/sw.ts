/**
 * The service worker, served at /sw.js with scope / (docs/pwa.md). Built by scripts/build.mjs
 * (esbuild) after the Vite build, which injects the precache list (the app shell and every hashed
 * asset) and the build's version. Our own file, so other features add their handlers here: Web Push
 * (issue 27 #4) goes in the `push` and `notificationclick` hooks at the end.
 *
 * New versions: the worker installs, takes over at once (skipWaiting + clients.claim) and drops the
 * previous version's cache. Page loads are network first, so an open tab never keeps an old deploy's
 * HTML while online; offline, every page gets the cached shell and the app renders from the
 * persisted query cache (src/web/pwa/offline-cache.ts).
 */
import { pushNotice, safePath } from './pwa/push-notice';
import { cacheName, routeRequest, shellUrl, staleCaches } from './pwa/sw-routing';

declare const __PRECACHE__: string[];
declare const __SW_VERSION__: string;

// the DOM lib has no service worker types; these are the parts this file uses
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: unknown };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: {
    showNotification(
      title: string,
      options: { body: string; tag?: string; icon: string; data: unknown },
    ): Promise<void>;
  };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const version = __SW_VERSION__;
const precached = new Set(__PRECACHE__);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName(version))
      .then((cache) => cache.addAll([...precached]))
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, version).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const route = routeRequest(event.request, worker.location.origin, precached);
  if (route.kind === 'precache') {
    event.respondWith(
      caches.match(route.key, { cacheName: cacheName(version) }).then((hit) => hit ?? fetch(event.request)),
    );
  } else if (route.kind === 'navigation') {
    event.respondWith(
      fetch(event.request).catch(async () => {
        const shell = await caches.match(shellUrl, { cacheName: cacheName(version) });
        return shell ?? Response.error();
      }),
    );
  }
  // 'network': not answered here, the browser fetches as if there were no worker
});

/** Hook points for Web Push (issue 27 #4): handlers put in these lists receive every push and click. */
const pushHandlers: Array<(event: PushEvent) => void> = [];
const notificationClickHandlers: Array<(event: NotificationEvent) => void> = [];

// a push shows its notice (features/push sends {title, body, url, tag}); a click opens its page,
// in a tab of this site already open when there is one
pushHandlers.push((event) => {
  let data: unknown = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = { body: event.data?.text() ?? '' };
  }
  const notice = pushNotice(data);
  event.waitUntil(
    worker.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      data: { url: notice.url },
    }),
  );
});
notificationClickHandlers.push((event) => {
  event.notification.close();
  const url = safePath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (open) => {
      const tab = open.find((c) => new URL(c.url).origin === worker.location.origin);
      if (!tab) return worker.clients.openWindow(url);
      await tab.navigate(url);
      return tab.focus();
    }),
  );
});

worker.addEventListener('push', (event) => {
  for (const handle of pushHandlers) handle(event);
});
worker.addEventListener('notificationclick', (event) => {
  for (const handle of notificationClickHandlers) handle(event);
});
