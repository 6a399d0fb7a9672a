import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, ViewportSize } from '@playwright/test';
import { matchWebRoute } from '../../src/domain/routes';
import { documentTitle, NOT_FOUND_META, pageMeta } from '../../src/domain/site/seo';
import { publicPages } from '../helpers/public-pages';
import { test as base, expect, untilHydrated } from './fixtures';

/**
 * Every page a visitor can open without an account, and the 404 page, once on a desktop and once
 * on a phone: what the page shows once loaded (title, description, layout, accessibility).
 *
 * The tests only read pages, so each worker opens them in one browser page per screen size, kept
 * for all the tests it runs here: a fresh browser context per test would load and compile the
 * app's scripts again for every page (about twice the time of a page load with them cached). The
 * tests run in parallel across workers.
 *
 * The pages are opened with reduced motion (the app's styles.css then stops its animations): none
 * of these checks is about motion, and a page with a spinner that never stops (/thank-you) is
 * repainted without pause by the software renderer, which made axe take 3-4 times as long there.
 */
const pagesToCheck = [...publicPages, '/no-such-page'];

const test = base.extend<object, { desktop: Page; phone: Page }>({
  desktop: [
    ({ browser, server }, use) => keptPage(browser, server.baseURL, { width: 1280, height: 800 }, use),
    { scope: 'worker' },
  ],
  phone: [
    ({ browser, server }, use) => keptPage(browser, server.baseURL, { width: 360, height: 740 }, use),
    { scope: 'worker' },
  ],
});

async function keptPage(
  browser: Browser,
  baseURL: string,
  viewport: ViewportSize,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce' });
  await use(await context.newPage());
  await context.close();
}

/** Opens `path` as a visitor would and waits until it has loaded (scripts run, requests settled). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await untilHydrated(page, true, undefined);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  await page.waitForLoadState('networkidle');
}

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.describe.configure({ mode: 'parallel' });

for (const path of pagesToCheck) {
  test(`${path} on a desktop: its own title and description after render, no layout shift while it loads, no WCAG A/AA violations`, async ({
    desktop: page,
  }) => {
    const route = matchWebRoute(path);
    const meta = route ? pageMeta[route] : NOT_FOUND_META;
    await open(page, path);
    await expect(page, 'rendered title').toHaveTitle(documentTitle(meta.title, 'Ridgeline'));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta.description);

    // every shift so far, read at once: a buffered observer holds them before its first callback
    // (no timer hoping the callback came)
    const shift = await page.evaluate(() => {
      const observer = new PerformanceObserver(() => {});
      observer.observe({ type: 'layout-shift', buffered: true });
      const entries = observer.takeRecords() as Array<PerformanceEntry & { value: number }>;
      observer.disconnect();
      return entries.reduce((sum, entry) => sum + entry.value, 0);
    });
    // 0.1 is the "good" Cumulative Layout Shift of Core Web Vitals
    expect(shift, 'layout shift').toBeLessThan(0.1);

    expect(await wcagViolations(page), 'at 1280 px').toEqual([]);
  });

  test(`${path} at 360 px wide: no sideways scroll, no WCAG A/AA violations`, async ({ phone: page }) => {
    await open(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `overflows by ${overflow}px`).toBeLessThanOrEqual(0);
    expect(await wcagViolations(page), 'at 360 px').toEqual([]);
  });
}
