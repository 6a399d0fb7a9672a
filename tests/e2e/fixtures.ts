import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import type { PublicUser } from '../../src/domain/auth/schemas';
import { DATA_DIR_ENV, type E2eServer, e2ePort, startE2eServer, TEMPLATE_DIR_ENV } from './e2e-server';

/** The demo accounts of CONTRACT.md (demo data is seeded on the test server's first start). */
export const DEMO_PASSWORD = 'ridgeline-demo';

export const demoAccounts = {
  admin: 'admin@ridgeline.test',
  contractor: 'contractor@demo.test',
  pendingContractor: 'pending-contractor@demo.test',
  homeowner: 'homeowner@demo.test',
} as const;

export type DemoRole = keyof typeof demoAccounts;

export const dashboardOf: Record<DemoRole, string> = {
  admin: '/admin-dashboard',
  contractor: '/contractor-dashboard',
  pendingContractor: '/contractor-dashboard',
  homeowner: '/customer-dashboard',
};

interface WorkerFixtures {
  /** This worker's own server, on its own copy of the data folder globalSetup seeded. */
  server: E2eServer;
}

interface Fixtures {
  /**
   * Signs the page's context in as a demo account with this worker's session of it (demoSession);
   * `{ fresh: true }` signs in anew through POST /api/auth/login instead, for a test that ends the
   * session (signs out): the shared one must outlive it.
   */
  loginAs: (role: DemoRole, options?: { fresh?: boolean }) => Promise<PublicUser>;
}

/** What a context needs to be signed in: the session cookie (Playwright's storage state). */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** This worker's server, set by the `server` fixture: the demo sessions belong to it. */
let workerServer: E2eServer | undefined;
/** By server and role ("<baseURL>|<role>"). */
const demoSessions = new Map<string, Promise<StorageState>>();

/**
 * The storage state of a demo account signed in once per worker (one POST /api/auth/login per
 * role, not one per test): every test of the worker that signs in as that account reuses it. No
 * test may end these sessions; one that signs out takes a fresh sign-in (`loginAs(role, { fresh: true })`).
 */
export function demoSession(role: DemoRole, baseURL?: string): Promise<StorageState> {
  // another server (the deploy test's cluster) is signed in on its own; else this worker's
  const server = baseURL ?? workerServer?.baseURL;
  if (!server) throw new Error('demoSession needs the worker server: use it inside a test');
  const key = `${server}|${role}`;
  let session = demoSessions.get(key);
  if (!session) {
    session = (async () => {
      const api = await playwrightRequest.newContext({ baseURL: server });
      try {
        const res = await api.post('/api/auth/login', {
          data: { email: demoAccounts[role], password: DEMO_PASSWORD },
        });
        expect(res.status(), `sign in as ${role}`).toBe(200);
        return await api.storageState();
      } finally {
        await api.dispose();
      }
    })();
    // a failed sign-in is not kept: the next test asks again
    session.catch(() => demoSessions.delete(key));
    demoSessions.set(key, session);
  }
  return session;
}

/**
 * `page.goto` and `page.reload` wait, on a prerendered page, until React has hydrated it
 * (`<html data-hydrated>`, src/web/app/router.tsx): until then a click on a button of the
 * prerendered HTML does nothing, as it would for a person on a slow phone. What the scripts keep
 * from before they ran is tested on its own (prerender.spec.ts, with `waitUntil: 'commit'`).
 */
export async function untilHydrated(page: Page, javaScriptEnabled: boolean, waitUntil: string | undefined) {
  if (!javaScriptEnabled || waitUntil === 'commit') return;
  if ((await page.locator('#root[data-prerendered]').count()) === 0) return;
  await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 15_000 });
}

/**
 * `test.use(installedApp)` in the files that test the installed app: its service worker (blocked
 * for the other tests, playwright.config.ts), and a new context per test instead of the reused one.
 * With the reused context one of these tests failed in CI (2026-11-28: after sign-out the offline
 * snapshot's marker was still in localStorage): a race in offline-cache.ts that the reuse's timing
 * exposed, since fixed (docs/decisions/010-browser-tests-reuse-one-context-reduced-motion.md).
 */
export const installedApp = { serviceWorkers: 'allow', reuseContext: false } as const;

/**
 * Waits until the service worker controls the page: it claims open pages once it has installed,
 * that is once every file of the app is in its cache. An installed app is in this state; a page
 * taken offline before it is not (its lazily loaded code then fails to load).
 */
export async function untilServiceWorkerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const template = process.env[TEMPLATE_DIR_ENV];
      if (!template)
        throw new Error(`${TEMPLATE_DIR_ENV} is not set: run through playwright.config.ts (globalSetup)`);
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `ridgeline-e2e-w${workerInfo.workerIndex}-`));
      cpSync(template, dataDir, { recursive: true });
      process.env[DATA_DIR_ENV] = dataDir;
      const server = await startE2eServer(dataDir, await e2ePort(1 + workerInfo.workerIndex));
      workerServer = server;
      await use(server);
      workerServer = undefined;
      demoSessions.clear();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  context: async ({ context, reuseContext, baseURL }, use) => {
    let closed = false;
    context.once('close', () => {
      closed = true;
    });
    await use(context);
    if (!reuseContext || closed) return;
    // The next test of this worker gets this context back (playwright.config.ts, reuseContext).
    // Playwright then clears cookies, the HTTP cache, storage and service workers, and closes
    // extra pages; not what a test switched at run time, nor Cache Storage: those are put back
    // here, for the whole origin.
    await context.setOffline(false);
    await context.clearPermissions();
    const [page] = context.pages();
    if (page && baseURL) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Storage.clearDataForOrigin', { origin: new URL(baseURL).origin, storageTypes: 'all' });
      await cdp.detach();
    }
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilHydrated(page, javaScriptEnabled, options?.waitUntil);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilHydrated(page, javaScriptEnabled, options?.waitUntil);
      return response;
    };
    await use(page);
    // a reused page (reuseContext) is wrapped anew by the next test: back to Playwright's own methods
    Reflect.deleteProperty(page, 'goto');
    Reflect.deleteProperty(page, 'reload');
  },
  loginAs: async ({ page }, use) => {
    await use(async (role, options = {}) => {
      if (options.fresh) {
        const res = await page.request.post('/api/auth/login', {
          data: { email: demoAccounts[role], password: DEMO_PASSWORD },
        });
        expect(res.status(), `sign in as ${role}`).toBe(200);
        return (await res.json()) as PublicUser;
      }
      await page.context().addCookies((await demoSession(role)).cookies);
      // the account as it is now (a test may have changed it), as the sign-in would answer
      const user = await currentUser(page);
      expect(user?.email, `signed in as ${role}`).toBe(demoAccounts[role]);
      return user as PublicUser;
    });
  },
});

export { expect };

/** A browser context signed in as a demo account, with this worker's session of it (demoSession). */
export async function signedInContext(
  browser: Browser,
  role: DemoRole,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    ...options,
    storageState: await demoSession(role, typeof options.baseURL === 'string' ? options.baseURL : undefined),
  });
}

/** A promise the test settles itself: `resolve()` lets whatever awaits `promise` go on. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/**
 * A fresh project of the demo homeowner, created by an admin and matched to the demo contractor
 * (POST /api/projects, then PUT /api/projects/:id as spec 2 §7 gives them).
 */
export async function projectBetween(
  admin: BrowserContext,
  contractor: BrowserContext,
): Promise<{ id: string; title: string }> {
  const created = await admin.request.post('/api/projects', {
    data: {
      title: `SWRX-${new Date().getFullYear()}-${String(Date.now()).slice(-6)}`,
      homeownerEmail: demoAccounts.homeowner,
      address: '2715 Cedar Springs Rd',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      estimatedCost: 1_200_000,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { id: string; title: string };
  const profile = (await (await contractor.request.get('/api/contractor/profile')).json()) as { id: string };
  const assigned = await admin.request.put(`/api/projects/${project.id}`, {
    data: { contractorId: profile.id, status: 'matched' },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  return { id: project.id, title: project.title };
}

/** projectBetween, accepted by the contractor: a job at work (in_progress). */
export async function startedProjectBetween(
  admin: BrowserContext,
  contractor: BrowserContext,
): Promise<{ id: string; title: string }> {
  const project = await projectBetween(admin, contractor);
  const accepted = await contractor.request.put(`/api/projects/${project.id}`, {
    data: { status: 'in_progress' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return project;
}

/**
 * Opens `url` and waits until the page's real-time socket said 'connected'. The frame listener is
 * set in the 'websocket' event itself: set after awaiting the socket, it can miss a 'connected'
 * frame that arrived in between (a browser test waited 90 s for it once).
 */
export async function gotoLive(page: Page, url: string): Promise<void> {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/ws') return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"connected"')) resolve();
      });
    });
  });
  await page.goto(url);
  await connected;
}

/** Opens a project's Messages tab and waits until the page's real-time socket said 'connected'. */
export async function openConversation(page: Page, projectId: string): Promise<void> {
  await gotoLive(page, `/projects/${projectId}?tab=messages`);
  await expect(page.getByRole('log')).toBeVisible();
}

/** The signed-in user as the API sees it (null when signed out). */
export async function currentUser(page: Page): Promise<PublicUser | null> {
  const res = await page.request.get('/api/auth/user');
  if (res.status() === 401) return null;
  expect(res.status()).toBe(200);
  return (await res.json()) as PublicUser;
}

/** Fills and submits the /login form. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
