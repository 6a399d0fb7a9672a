import type { ConsoleMessage, Page } from '@playwright/test';
import { documentTitle, pageMeta, sitemapRoutes } from '../../src/domain/site/seo';
import { deferred, expect, test } from './fixtures';

/** Console errors and uncaught exceptions (hydration mismatches are reported as both). */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    // Signed out, GET /api/auth/user answers 401 by contract; Chromium logs every 4xx fetch.
    if (/status of 401/.test(msg.text()) && msg.location().url.endsWith('/api/auth/user')) return;
    problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test.describe('prerendered public pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const route of sitemapRoutes) {
      test(`${route} shows its heading, text, title and description`, async ({ page }) => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        await expect(page).toHaveTitle(documentTitle(pageMeta[route].title, 'Ridgeline'));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          'content',
          pageMeta[route].description,
        );
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading).toHaveCount(1);
        await expect(heading).toBeVisible();
        expect((await heading.textContent())?.trim().length).toBeGreaterThan(3);
        // the header, the page and the footer: real text, and no "needs JavaScript" notice
        await expect(page.getByRole('link', { name: 'Ridgeline home' })).toBeVisible();
        await expect(page.getByRole('contentinfo')).toContainText('Privacy Policy');
        await expect(page.getByText('needs JavaScript')).toHaveCount(0);
        expect((await page.locator('main').textContent())?.length).toBeGreaterThan(200);
      });
    }

    test('a page that is not public keeps the empty shell', async ({ page }) => {
      await page.goto('/login');
      await expect(page.locator('#root')).toBeEmpty();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    });
  });

  test.describe('with JavaScript', () => {
    for (const route of sitemapRoutes) {
      test(`${route} hydrates without a console error`, async ({ page }) => {
        const problems = collectProblems(page);
        // the signed-in user is asked for by an effect, which runs once the page has hydrated
        const effectsRan = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/user');
        await page.goto(route);
        await effectsRan;
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(problems).toEqual([]);
      });
    }

    test('a public page opened with a query, or with a kept draft, renders it without a mismatch', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      await page.goto('/contractors?zip=75201');
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByLabel('ZIP code')).toHaveValue('75201');

      await page.goto('/quote?zip=75201&material=METAL&roofArea=2200');
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByLabel('ZIP Code')).toHaveValue('75201');
      await expect(page.getByLabel('Roof Surface Material')).toHaveValue('METAL');
      // the carry is now a draft, shown again after a reload (no query in the address any more)
      await expect(page).toHaveURL(/\/quote$/);
      await page.reload();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByLabel('ZIP Code')).toHaveValue('75201');
      await expect(page.getByLabel('Roof Surface Material')).toHaveValue('METAL');
      expect(problems).toEqual([]);
    });

    test('the hydrated landing page navigates in the app, without loading a new document', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      const effectsRan = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/user');
      await page.goto('/');
      await effectsRan;
      // a full page load would lose this mark; the app's router keeps the document
      await page.evaluate(() => {
        (window as unknown as { __samePage?: boolean }).__samePage = true;
      });
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'How It Works' })
        .click();
      await expect(page).toHaveURL(/\/how-it-works$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/four steps/);
      await expect(page).toHaveTitle(documentTitle(pageMeta['/how-it-works'].title, 'Ridgeline'));
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(
        true,
      );
      expect(problems).toEqual([]);
    });
  });

  test.describe('what is typed before the scripts run', () => {
    /** Holds every script of the page until `release()`: the page is its prerendered HTML meanwhile. */
    async function holdScripts(page: Page): Promise<() => void> {
      const released = deferred();
      await page.route(/\/assets\/.*\.js$/, async (route) => {
        await released.promise;
        await route.continue();
      });
      return released.resolve;
    }

    test('/estimate computes with the ZIP and the choices made before it hydrated', async ({ page }) => {
      const problems = collectProblems(page);
      const release = await holdScripts(page);
      await page.goto('/estimate', { waitUntil: 'commit' });
      await expect(
        page.getByRole('heading', { level: 1, name: 'Get Your AI Market Estimate' }),
      ).toBeVisible();
      await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
      await page.getByLabel('ZIP code').fill('43004');
      await page.getByLabel('House floor area', { exact: true }).check();
      await page.getByLabel('Roof surface material').selectOption('METAL');
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      // what the page shows is what it computes with: the floor-area field came with the choice
      await expect(page.getByLabel('ZIP code')).toHaveValue('43004');
      await expect(page.getByLabel('House floor area', { exact: true })).toBeChecked();
      await page.getByLabel('House floor area (sq ft)').fill('2400');
      await page.getByLabel('Stories').selectOption('2');
      await expect(
        page.getByText(/^About 1,476 sq ft of roof: 2,400 sq ft of floor over 2 stories/),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Order the full report' })).toHaveAttribute(
        'href',
        /^\/quote\?zip=43004&material=METAL&/,
      );
      expect(problems).toEqual([]);
    });

    test('/contact cannot be sent before its scripts run (the browser would put it in the address)', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      const release = await holdScripts(page);
      await page.goto('/contact', { waitUntil: 'commit' });
      const form = page.getByRole('form', { name: 'Email support' });
      const submit = form.locator('button[type="submit"]');
      await expect(submit).toBeDisabled();
      await form.getByLabel('First Name').fill('Early');
      await form.getByLabel('Email').fill('early@example.com');
      await form.getByLabel('Email').press('Enter');
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(submit).toBeEnabled();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(form.getByLabel('Email')).toHaveValue('early@example.com');
      // now it is the page that answers: what is missing is said on the form
      await submit.click();
      await expect(form.getByText('Please enter your last name')).toBeVisible();
      expect(problems).toEqual([]);
    });

    test('the landing page hydrates its later parts in their prerendered HTML, and they work like the rest', async ({
      page,
    }) => {
      const problems = collectProblems(page);
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await expect(page.getByRole('contentinfo')).toContainText('Privacy Policy');
      // every part below the hero (<HydrateLater>: the sections, the call to action, the footer)
      const marked = await page.evaluate(() => {
        const parts = [...document.querySelectorAll('main section'), document.querySelector('footer')];
        for (const part of parts) (part as unknown as { prerendered: boolean }).prerendered = true;
        return parts.length;
      });
      expect(marked).toBeGreaterThan(6);
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      // the same elements: hydrated where they were, not rendered again
      expect(
        await page.evaluate(() =>
          [...document.querySelectorAll('main section'), document.querySelector('footer')].every(
            (part) => (part as unknown as { prerendered?: boolean }).prerendered === true,
          ),
        ),
      ).toBe(true);
      // a link of the footer (hydrated last) navigates in the app, without loading a new document
      await page.evaluate(() => {
        (window as unknown as { __samePage?: boolean }).__samePage = true;
      });
      await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(
        true,
      );
      expect(problems).toEqual([]);
    });

    test('/quote keeps the name and the roof typed before it hydrated in its draft', async ({ page }) => {
      const problems = collectProblems(page);
      const release = await holdScripts(page);
      await page.goto('/quote', { waitUntil: 'commit' });
      await expect(page.getByLabel('First Name', { exact: true })).toBeVisible();
      await page.getByLabel('First Name', { exact: true }).fill('Early');
      await page.getByLabel('ZIP Code').fill('75201');
      await page.getByLabel('Roof Surface Material').selectOption('METAL');
      release();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Early');
      // the form's state has them: the draft kept for a reload holds them
      await page.reload();
      await expect(page.locator('html[data-hydrated]')).toBeAttached();
      await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Early');
      await expect(page.getByLabel('ZIP Code')).toHaveValue('75201');
      await expect(page.getByLabel('Roof Surface Material')).toHaveValue('METAL');
      expect(problems).toEqual([]);
    });
  });
});
