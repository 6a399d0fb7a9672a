/**
 * What the service worker (src/web/sw.ts) does with each request, as a pure function (tested in
 * sw-routing.test.ts). Only the app's own static files are cached: the precached shell and hashed
 * assets. The API is never cached by the worker (personal data, sessions): the contractor's last
 * synced data lives in the signed-in user's persisted query cache instead (docs/pwa.md).
 */
export type SwRoute =
  /** the hashed JS/CSS, icons: from the precache, falling back to the network */
  | { kind: 'precache'; key: string }
  /** a page load: network first (a deploy's new HTML at once), the cached shell when offline */
  | { kind: 'navigation' }
  /** everything else, the API included: not touched by the worker */
  | { kind: 'network' };

export interface SwRequest {
  url: string;
  method: string;
  mode: string;
}

/** The URL the app shell is precached under: the SPA page every route renders from. */
export const shellUrl = '/index.html';

export function routeRequest(request: SwRequest, origin: string, precached: ReadonlySet<string>): SwRoute {
  if (request.method !== 'GET') return { kind: 'network' };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'network' };
  }
  if (url.origin !== origin) return { kind: 'network' };
  const path = url.pathname;
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/ws')) return { kind: 'network' };
  if (request.mode === 'navigate') return { kind: 'navigation' };
  if (precached.has(path)) return { kind: 'precache', key: path };
  return { kind: 'network' };
}

/** The precache's name: one per build, so activating a new worker drops the old version's files. */
export function cacheName(version: string): string {
  return `ridgeline-shell-${version}`;
}

/** The caches an activating worker deletes: the shell caches of other versions, nothing else. */
export function staleCaches(names: readonly string[], version: string): string[] {
  return names.filter((name) => name.startsWith('ridgeline-shell-') && name !== cacheName(version));
}
