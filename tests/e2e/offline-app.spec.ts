import type { Page } from '@playwright/test';
import type { Project } from '../../src/domain/projects/schemas';
import { expect, installedApp, test, untilServiceWorkerControls } from './fixtures';

test.use(installedApp);

/**
 * The contractor's side as an installable app that opens offline (issue 27 #1, docs/pwa.md): the
 * manifest and its icons, the service worker, and the dashboard and a project page reloaded with the
 * connection gone, showing the last synced data and when it was synced.
 */

/** Waits until the device keeps the contractor's data (offline-cache.ts sets this flag once stored). */
async function untilKeptOffline(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ridgeline.offline-snapshot'))).toBe('1');
}

/** The query keys of the snapshot the device keeps (IndexedDB, offline-cache.ts), [] when none. */
function keptQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('ridgeline-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
        open.onsuccess = () => {
          const get = open.result.transaction('snapshots').objectStore('snapshots').get('current');
          get.onsuccess = () => {
            const snapshot = get.result as { queries?: Array<{ queryKey: unknown[] }> } | undefined;
            open.result.close();
            resolve((snapshot?.queries ?? []).map((query) => JSON.stringify(query.queryKey)));
          };
          get.onerror = () => reject(get.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

test('the manifest is linked and valid, and its icons load', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#16253d');

  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Ridgeline',
    short_name: 'Ridgeline',
    start_url: '/contractor-dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#16253d',
  });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of [...icons, { src: '/icons/apple-touch-icon.png', sizes: '180x180' }]) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const size = await page.evaluate(async (src) => {
      const bitmap = await createImageBitmap(await (await fetch(src)).blob());
      return `${bitmap.width}x${bitmap.height}`;
    }, icon.src);
    expect(size).toBe(icon.sizes);
  }

  const worker = await page.request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(
    worker.headers()['content-security-policy'] ??
      (await page.request.get('/')).headers()['content-security-policy'],
  ).toContain("worker-src 'self'");
});

test('the contractor dashboard and a project open offline with the last synced data', async ({
  page,
  context,
  loginAs,
}) => {
  await loginAs('contractor');
  const profile = (await (await page.request.get('/api/contractor/profile')).json()) as { id: string };
  const projects = (await (
    await page.request.get(`/api/projects/contractor/${profile.id}`)
  ).json()) as Project[];
  // an active job: the board opens on the Active tab
  const project = projects.find((candidate) => candidate.status === 'in_progress');
  if (!project) throw new Error('the demo contractor has an active project');

  await page.goto('/contractor-dashboard');
  await untilServiceWorkerControls(page);
  await expect(page.getByRole('article', { name: project.title, exact: true }).first()).toBeVisible();
  // each page's answers are stored before the next page load (writes are batched, 300 ms; a full load
  // drops a write still waiting): the list's key comes after the profile's, which the list needs first
  await expect
    .poll(() => keptQueryKeys(page))
    .toContain(JSON.stringify(['projects', 'list', 'contractor', profile.id]));
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('heading', { name: project.title, level: 1 })).toBeVisible();
  // the flag alone (set by the dashboard's write) let a reload come before this page's write: the
  // project then opened offline with nothing kept for it (CI of 6b26d94, 2026-11-29)
  await expect.poll(() => keptQueryKeys(page)).toContain(JSON.stringify(['projects', 'detail', project.id]));
  // the worker never stored an API answer: the data is the signed-in user's own store
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: 'You are offline' });
  await page.reload();
  await expect(page.getByRole('heading', { name: project.title, level: 1 })).toBeVisible();
  await expect(banner).toContainText(/You are offline — showing data from \d{1,2}:\d{2}/);

  await page.goto('/contractor-dashboard');
  await expect(page.getByRole('article', { name: project.title, exact: true }).first()).toBeVisible();
  await expect(banner).toContainText(/showing data from \d{1,2}:\d{2}/);

  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('article', { name: project.title, exact: true }).first()).toBeVisible();
});

test('signing out deletes the data kept for offline use', async ({ page, loginAs }) => {
  await loginAs('contractor', { fresh: true });
  await page.goto('/contractor-dashboard');
  await untilKeptOffline(page);
  await page
    .getByRole('button', { name: /sign out|log out/i })
    .first()
    .click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('ridgeline.offline-snapshot'))).toBeNull();
  const kept = await page.evaluate(
    () =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('ridgeline-offline', 1);
        open.onsuccess = () => {
          const get = open.result.transaction('snapshots').objectStore('snapshots').get('current');
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => reject(get.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(kept).toBeNull();
});
