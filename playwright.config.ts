import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { debianChromium } from './tests/helpers/chromium';

/**
 * Browser tests against the built app (`npm run test:e2e` builds first), on Debian's Chromium.
 * Never downloads a browser: run with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
 */
/**
 * One server per worker, each on its own copy of a data folder seeded once (tests/e2e/global-setup.ts,
 * tests/e2e/fixtures.ts `server`): workers never share demo data, so files run side by side.
 * E2E_PORT=<base> puts the servers on base, base+1...; without it they take free ports.
 * E2E_WORKERS overrides the worker count (one per CPU core).
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, os.availableParallelism()));

const chromium = debianChromium;

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers,
  globalSetup: './tests/e2e/global-setup.ts',
  forbidOnly: !!process.env.CI,
  retries: 0,
  // safety nets, not speed checks: a CI machine may be loaded (the production install runs beside
  // the browser tests; docs/decisions/008-ci-groups-not-lanes.md), so a step may take twice as long
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    // No trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one
    // streams a screencast of every frame for every test, kept or not. On quote.spec.ts (15 tests,
    // 2 workers) it was 31 % of the run's CPU: 142 -> 97 CPU-s, 83 -> 62 s wall; Chromium's GPU
    // process alone 24 -> 7 CPU-s. DOM snapshots without the screencast still cost 128 CPU-s. A
    // failure keeps its screenshot, the page's ARIA snapshot (error-context.md) and the call log.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Every new context would install the service worker, which precaches every asset of the build
    // (~190 files): the tests of the installed app (offline, push) allow it with
    // test.use({ serviceWorkers: 'allow' }); the others test the pages, not the worker
    serviceWorkers: 'block',
    // A new context costs about 1.1 s of CPU here before its first page loads (0.45 s in the
    // browser process, 0.7 s in the new renderer): a worker keeps one and Playwright resets it
    // between tests (cookies, HTTP cache, storage, service workers, extra pages, routes, init
    // scripts); fixtures.ts puts back what that reset leaves (offline, permissions, Cache
    // Storage). Contexts a test makes itself (browser.newContext) are new as before.
    // E2E_FRESH_CONTEXT=1 gives every test a new context again, to rule the reuse out.
    reuseContext: process.env.E2E_FRESH_CONTEXT !== '1',
    // The app's styles.css stops its animations under reduced motion. Without it the software
    // compositor repaints every spinner and pulse at 60 frames a second: Chromium's GPU process
    // used a quarter of a core per worker through the suite. No test here is about motion.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'desktop-chromium',
      use: { ...chromium, viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone-chromium',
      grep: /@smoke/,
      use: {
        ...chromium,
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
});
