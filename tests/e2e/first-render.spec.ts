import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 27 #5: the first Intl object a tab makes loads ICU's locale data (25-100 ms of the main
 * thread here, four times that on Lighthouse's phone; docs/decisions/011-first-render-without-intl.md).
 * The three pages Lighthouse measures show money, areas and dates on their first render, written
 * by src/domain/en-us-format.ts instead: an init script notes every call that would load ICU, and
 * none may come before the page is hydrated and its first data has arrived.
 */
const noteIcuCalls = `(() => {
  const calls = (window.__icuCalls = []);
  const watch = (owner, name, label) => {
    const original = owner[name];
    owner[name] = function (...args) {
      calls.push(label + ' ' + (new Error().stack || '').split('\\n').slice(2, 4).join(' '));
      return new.target ? Reflect.construct(original, args, new.target) : original.apply(this, args);
    };
  };
  for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter'])
    watch(Intl, name, 'Intl.' + name);
  watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString');
  for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
    watch(Date.prototype, name, 'Date#' + name);
  watch(String.prototype, 'localeCompare', 'String#localeCompare');
})()`;

async function icuCalls(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { __icuCalls: string[] }).__icuCalls);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript({ content: noteIcuCalls });
});

test('the landing page and /quote show their amounts without loading ICU', async ({ page }) => {
  await page.goto('/');
  // the sample report: an area and dollar amounts
  await expect(page.getByText(/^\d{1,3}(,\d{3})* sq ft$/).first()).toBeVisible();
  await expect(page.getByText(/^\$\d{1,3}(,\d{3})*$/).first()).toBeVisible();
  expect(await icuCalls(page)).toEqual([]);

  await page.goto('/quote');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // the size fields' limits: '500 to 50,000 sq ft'
  await expect(page.getByTestId('quote-size-fields')).toContainText(/\d,\d{3} sq ft/);
  expect(await icuCalls(page)).toEqual([]);
});

test("the contractor dashboard shows its jobs' dates without loading ICU", async ({ page, loginAs }) => {
  await loginAs('contractor');
  await page.goto('/contractor-dashboard');
  await expect(page.getByRole('article').first()).toBeVisible();
  // a job card's day, as Intl's en-US would write it
  await expect(page.getByRole('article').first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  expect(await icuCalls(page)).toEqual([]);
});

test('the watch itself sees a page that does load ICU (the check can fail)', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => (1234).toLocaleString('en-US'));
  expect(await icuCalls(page)).toEqual([expect.stringContaining('Number#toLocaleString')]);
});
