/**
 * Registers the service worker (/sw.js, scope /: src/web/sw.ts, docs/pwa.md) once the page has
 * loaded, so it never competes with the first load. Only in the built app: the dev server has no
 * /sw.js. Web Push (issue 27 #4) waits on `navigator.serviceWorker.ready`.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // no worker (private mode, a blocked registration): the app works online as before
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
