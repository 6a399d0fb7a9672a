import { webRoutes } from '../../src/domain/routes';
import { expect, test } from './fixtures';

test.describe('app shell', () => {
  test('the landing page loads with no console errors and no CSP violations', { tag: '@smoke' }, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // Signed out, GET /api/auth/user answers 401 by contract; Chromium logs every 4xx fetch.
      if (/status of 401/.test(msg.text()) && msg.location().url.endsWith('/api/auth/user')) return;
      problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const holder = window as unknown as { __csp?: string[] };
        holder.__csp = [...(holder.__csp ?? []), `${event.violatedDirective} ${event.blockedURI}`];
      });
    });

    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Your Quote' }).first()).toBeVisible();
    await expect(page).toHaveTitle(/Ridgeline/);
    await page.waitForLoadState('networkidle');

    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a signed-in page that validates forms and parses live events breaks no CSP rule', async ({
    page,
    loginAs,
  }) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const holder = window as unknown as { __csp?: string[] };
        holder.__csp = [...(holder.__csp ?? []), `${event.violatedDirective} ${event.blockedURI}`];
      });
    });
    // zod validates the sign-in form in the browser; it must not need eval under our CSP
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await loginAs('homeowner');
    // the frame listener is attached as the socket appears: a first frame sent before an awaited
    // socket's listener was attached would be missed (seen under load)
    const frame = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => socket.on('framereceived', () => resolve()));
    });
    await page.goto('/customer-dashboard');
    await frame;
    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(csp).toEqual([]);
  });

  test('an unknown path answers 404 with the Page Not Found page', { tag: '@smoke' }, async ({ page }) => {
    const response = await page.goto('/no-such-page/anywhere');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Page Not Found | Ridgeline');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  // every route, ten to a test: one test for all of them outgrew its time on a busy 2-core machine
  const ROUTES_PER_TEST = 10;
  for (let first = 0; first < webRoutes.length; first += ROUTES_PER_TEST) {
    const routes = webRoutes.slice(first, first + ROUTES_PER_TEST);
    test(`every web route is registered and renders a page heading (${routes[0]} …)`, async ({
      page,
      loginAs,
    }) => {
      test.setTimeout(90_000);
      // Signed in as admin, so no guarded page redirects away while the next one loads.
      await loginAs('admin');
      for (const route of routes) {
        const path = route.replace(':id', '1');
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Page Not Found' }), path).toHaveCount(0);
      }
    });
  }

  test('the spec headings are on their pages', async ({ page }) => {
    const headings: Array<[string, string]> = [
      ['/quote', 'Get Your Roofing Quote'],
      ['/estimate', 'Get Your AI Market Estimate'],
      ['/contractors', 'Find Verified Contractors'],
      ['/request-install', 'Installation Request Form'],
    ];
    for (const [path, name] of headings) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page).toHaveTitle(`${name} | Ridgeline`);
    }
  });

  test('the header links go where the spec says', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Join as Contractor' }).click();
    await expect(page).toHaveURL('/contractor-application');
    await banner.getByRole('link', { name: "I'm a Contractor" }).click();
    // signed out, the contractor dashboard says Login Required, then opens the sign-in page by
    // itself: wait for that, or the next goto races the dashboard's own redirect (ERR_ABORTED)
    await expect(page).toHaveURL('/login?returnTo=%2Fcontractor-dashboard');
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the footer links to the information and service pages', async ({ page }) => {
    const links: Array<[string, string]> = [
      ['Contact', '/contact'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['About', '/about'],
      ['How It Works', '/how-it-works'],
      ['Homeowners', '/homeowners'],
      ['Insurance Claims', '/insurance'],
      ['Solar Installation', '/solar'],
      ['Real Estate', '/real-estate'],
    ];
    await page.goto('/');
    for (const [name, href] of links) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(href);
      // the address changes first; the new page (and its scroll to the top) is drawn in a later task:
      // the next click waits for it (a click during that change was lost in CI, 2026-11-29 13:00)
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test.describe('at 360 px wide', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the mobile menu toggles by mouse and keyboard', { tag: '@smoke' }, async ({ page }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
      await expect(mobileNav).toBeHidden();

      await toggle.click();
      const close = page.getByRole('button', { name: 'Close menu' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      await expect(mobileNav).toBeVisible();
      await expect(mobileNav.getByRole('link', { name: 'Join as Contractor' })).toBeVisible();

      await page.keyboard.press('Escape');
      await expect(mobileNav).toBeHidden();
      await expect(toggle).toBeFocused();

      await page.keyboard.press('Enter');
      await expect(mobileNav).toBeVisible();
      await mobileNav.getByRole('link', { name: 'How It Works' }).click();
      await expect(page).toHaveURL('/how-it-works');
      await expect(mobileNav).toBeHidden();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    });
  });
});
