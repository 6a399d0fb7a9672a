import { defineConfig } from '@playwright/test';
import { debianChromium } from './tests/helpers/chromium';

/**
 * The two-process deployment test (tests/deploy/): the built server twice on one PostgreSQL
 * database behind Debian's nginx, which the test starts itself. Needs `npm run build` first.
 */
export default defineConfig({
  testDir: './tests/deploy',
  outputDir: './test-results/deploy',
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: { ...debianChromium, trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
