import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { debianChromium } from './tests/helpers/chromium';

/**
 * Browser tests against the built app (`npm run test:e2e` builds first), on Debian's Chromium.
 * Never downloads a browser: run with PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1.
 */
/** E2E_PORT lets two runs on one machine coexist. */
const PORT = Number(process.env.E2E_PORT ?? 5179);
const baseURL = `http://127.0.0.1:${PORT}`;

const DATA_DIR_ENV = 'RIDGELINE_E2E_DATA_DIR';

/**
 * A fresh data folder per run. Playwright loads this file in its main process and again in
 * each worker; only the first load makes the folder, the workers inherit its path.
 */
function freshDataDir(): string {
  const inherited = process.env[DATA_DIR_ENV];
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ridgeline-e2e-'));
  process.env[DATA_DIR_ENV] = dir;
  return dir;
}

const dataDir = freshDataDir();

const chromium = debianChromium;

export default defineConfig({
  testDir: './tests/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
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
  webServer: {
    command: 'node dist/server/main.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // the whole suite signs in from one address, as the same demo accounts, in under ten minutes:
      // far above the per-address and per-account sign-in limits people get (their own tests check those)
      RATE_LIMIT_IP_AUTH: '100000',
      RATE_LIMIT_LOGIN: '100000',
    },
  },
});
