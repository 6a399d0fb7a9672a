import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import type { Project } from '../../src/domain/projects/schemas';
import { webRoutes } from '../../src/domain/routes';
import { type DemoRole, expect, signedInContext, test } from './fixtures';

/**
 * Issue 23 item 12: on a phone (390 x 844) no signed-in page scrolls sideways, and the contractor
 * dashboard puts the jobs first, shows its three tabs whole and gives each step one thumb-size action.
 *
 * Every signed-in route of src/domain/routes.ts (and src/web/app/routes.ts, which has the same keys)
 * is listed in `signedInRoutes` below with the roles that open it; a route added to the domain list
 * that is neither there nor in `publicOnly` fails the first test, so a new page is not forgotten.
 */
const PHONE = { width: 390, height: 844 };

/** Routes a visitor opens signed out (every-public-page.spec.ts checks them at 360 px). */
const publicOnly = new Set<string>([
  '/',
  '/homeowner',
  '/homeowners',
  '/marketplace',
  '/quote',
  '/estimate',
  '/insurance',
  '/solar',
  '/real-estate',
  '/thank-you',
  '/about',
  '/how-it-works',
  '/help',
  '/contact',
  '/privacy',
  '/terms',
  '/contractors',
  '/contractor-signup',
  '/login',
  '/register',
  '/confirm-email',
  '/forgot-password',
  '/reset-password',
  '/logout',
]);

/** Signed-in routes and who opens them (the project routes are opened per role with a real project). */
const signedInRoutes: Record<string, DemoRole[]> = {
  '/customer-dashboard': ['homeowner'],
  '/contractor-dashboard': ['contractor', 'pendingContractor'],
  '/admin-dashboard': ['admin'],
  '/project/:id': ['homeowner', 'contractor', 'admin'],
  '/projects/:id': ['homeowner', 'contractor', 'admin'],
  '/settings/notifications': ['homeowner', 'contractor', 'admin'],
  '/request-install': ['homeowner'],
  '/contractor-application': ['homeowner'],
  '/contractor/profile': ['contractor'],
  '/contractor-profile-setup': ['contractor', 'pendingContractor'],
  '/contractor-banking-setup': ['contractor'],
};

/**
 * The document's sideways overflow: null when none, else the widest elements sticking out of the
 * viewport that no scrolling or clipping box of their own holds (outermost first), as CSS paths.
 */
async function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const limit = root.clientWidth + 0.5;
    const clipped = (el: Element) => {
      for (
        let a = el.parentElement;
        a && a !== document.body && a !== document.documentElement;
        a = a.parentElement
      ) {
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      }
      return false;
    };
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 5; e = e.parentElement) {
        const classes = [...e.classList].slice(0, 3).join('.');
        const nth = e.parentElement ? [...e.parentElement.children].indexOf(e) + 1 : 1;
        parts.unshift(
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${classes ? `.${classes}` : ''}:nth-child(${nth})`,
        );
      }
      return parts.join(' > ');
    };
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > limit && !clipped(el))
      .map((el) => ({ el, right: el.getBoundingClientRect().right }));
    // the deepest offenders (no offending child) are what to fix; widest first
    const leaves = offenders
      .filter(({ el }) => !offenders.some((o) => o.el !== el && el.contains(o.el)))
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) => `${path(el)} (right edge ${Math.round(right)} px)`);
    return `scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}; widest: ${leaves.join(' | ') || '(none found)'}`;
  });
}

/** Requests each page has sent and not seen answered (a failure names them). */
const openRequests = new WeakMap<Page, Set<string>>();

function trackRequests(page: Page): void {
  const open = new Set<string>();
  openRequests.set(page, open);
  const key = (r: { method(): string; url(): string }) => `${r.method()} ${new URL(r.url()).pathname}`;
  page.on('request', (r) => open.add(key(r)));
  page.on('requestfinished', (r) => open.delete(key(r)));
  page.on('requestfailed', (r) => {
    open.delete(key(r));
    open.add(`${key(r)} FAILED ${r.failure()?.errorText ?? ''}`);
  });
}

/** What the page shows and waits on, for a failure's message. */
async function pageState(page: Page): Promise<string> {
  const text = await page
    .evaluate(() => (document.body?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 400))
    .catch((e: unknown) => `(unreadable: ${String(e)})`);
  const sw = await page
    .evaluate(() =>
      navigator.serviceWorker?.controller ? 'controlled by a service worker' : 'no service worker',
    )
    .catch(() => '?');
  const open = [...(openRequests.get(page) ?? [])].join(', ') || 'none';
  return `url ${page.url()}; ${sw}; text: "${text}"; requests open or failed: ${open}`;
}

/** Waits until the page has loaded (heading shown, requests settled), then checks it. */
async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  // two clean-clone CI runs (the browser suite beside the production install's build) kept the
  // contractor's /settings/notifications loading past 30 s, never seen here, not even with five busy
  // loops on the two cores: should it happen again, the failure says what the page showed and what
  // it waited on (the trace of a CI run is not kept)
  const heading = page.getByRole('heading', { level: 1 }).first();
  await heading.waitFor({ state: 'visible', timeout: 45_000 }).catch(async () => {
    throw new Error(`${label}: no page heading after 45 s; ${await pageState(page)}`);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/).first(), `${label}: done loading`).toBeHidden();
  expect(await sidewaysOverflow(page), `${label} scrolls sideways at 390 px`).toBeNull();
}

async function phoneContext(browser: Browser, role: DemoRole, baseURL: string): Promise<BrowserContext> {
  return signedInContext(browser, role, { baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
}

/** A project the role may open (one with a contractor when there is one: more of the page shows). */
async function someProject(context: BrowserContext, role: DemoRole): Promise<Project> {
  const me = (await (await context.request.get('/api/auth/user')).json()) as { id: string };
  const res = await context.request.get(
    role === 'homeowner'
      ? `/api/projects/homeowner/${me.id}`
      : role === 'contractor'
        ? `/api/projects/contractor/${me.id}`
        : '/api/projects',
  );
  expect(res.status()).toBe(200);
  const projects = (await res.json()) as Project[];
  const project = projects.find((p) => p.contractorId) ?? projects[0];
  expect(project, 'a demo project to open').toBeTruthy();
  return project as Project;
}

/** Each tab of a tab list, selected in turn: `check` runs with each one selected. */
async function eachTab(tabs: Locator, check: (name: string) => Promise<void>): Promise<void> {
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  for (const [i, name] of names.entries()) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await check(name.replace(/\s+/g, ' ').trim());
  }
}

test.describe('signed-in pages on a phone (390 px)', () => {
  test('every signed-in route of the route list is checked here', () => {
    const unchecked = webRoutes.filter((r) => !publicOnly.has(r) && !(r in signedInRoutes));
    expect(unchecked, 'signed-in routes with no phone check').toEqual([]);
  });

  test('the check finds a page that scrolls sideways and names the element', async ({ browser, baseURL }) => {
    const context = await phoneContext(browser, 'homeowner', baseURL as string);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto('/settings/notifications');
    await expectNoSidewaysScroll(page, 'before');
    await page.evaluate(() => {
      const wide = document.createElement('div');
      wide.id = 'too-wide';
      wide.style.width = '600px';
      wide.style.height = '1px';
      document.querySelector('main')?.append(wide);
    });
    expect(await sidewaysOverflow(page)).toContain('div#too-wide');
    await context.close();
  });

  for (const role of ['homeowner', 'contractor', 'pendingContractor', 'admin'] as const) {
    test(`${role}: no page scrolls sideways`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const context = await phoneContext(browser, role, baseURL as string);
      const page = await context.newPage();
      trackRequests(page);
      const project = role === 'pendingContractor' ? null : await someProject(context, role);
      for (const [route, roles] of Object.entries(signedInRoutes)) {
        if (!roles.includes(role)) continue;
        if (route.includes(':id')) {
          if (!project) continue;
          for (const tab of ['workflow', 'messages', 'details']) {
            const url = `${route.replace(':id', project.id)}?tab=${tab}`;
            await page.goto(url);
            await expectNoSidewaysScroll(page, `${role} ${url}`);
          }
          continue;
        }
        await page.goto(route);
        await expectNoSidewaysScroll(page, `${role} ${route}`);
        if (route === '/contractor-dashboard' && role === 'contractor') {
          await eachTab(page.getByRole('tab'), (name) =>
            expectNoSidewaysScroll(page, `${role} ${route} (${name})`),
          );
        }
        if (route === '/admin-dashboard') {
          // each overview card opens its panel (one at a time), then each work queue
          const cards = page.locator('button[aria-expanded]:has([data-testid^="count-"])');
          const count = await cards.count();
          expect(count).toBeGreaterThanOrEqual(6);
          for (let i = 0; i < count; i++) {
            const card = cards.nth(i);
            await card.click();
            await expect(card).toHaveAttribute('aria-expanded', 'true');
            await expectNoSidewaysScroll(
              page,
              `admin ${route} (panel ${(await card.getAttribute('aria-controls')) ?? i})`,
            );
            await card.click();
            await expect(card).toHaveAttribute('aria-expanded', 'false');
          }
          await eachTab(page.getByRole('tablist').last().getByRole('tab'), (name) =>
            expectNoSidewaysScroll(page, `admin ${route} (${name})`),
          );
        }
      }
      await context.close();
    });
  }

  test('the contractor dashboard: jobs first, three whole tabs, one thumb-size action per step', async ({
    browser,
    baseURL,
  }) => {
    const context = await phoneContext(browser, 'contractor', baseURL as string);
    const page = await context.newPage();
    trackRequests(page);
    await page.goto('/contractor-dashboard');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(3);

    // the tabs (the jobs) come before the summary cards and the reports on the screen
    const tabsTop = (await page.getByRole('tablist').boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    const summary = page.getByRole('region', { name: 'Summary' });
    const reports = page.getByRole('heading', { name: 'Reports', level: 2 });
    expect(tabsTop).toBeLessThan((await summary.boundingBox())?.y ?? 0);
    expect(tabsTop).toBeLessThan((await reports.boundingBox())?.y ?? 0);

    // each tab whole within the viewport, thumb-size
    for (let i = 0; i < 3; i++) {
      const box = await tabs.nth(i).boundingBox();
      expect(box, `tab ${i + 1}`).not.toBeNull();
      if (!box) continue;
      expect(box.x, `tab ${i + 1} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `tab ${i + 1} right edge`).toBeLessThanOrEqual(PHONE.width);
      expect(box.height, `tab ${i + 1} height`).toBeGreaterThanOrEqual(44);
    }

    // each step tile of an active job: one primary action, at least 44 x 44
    await tabs.filter({ hasText: 'Active Projects' }).click();
    const tiles = page.getByRole('article').first().getByRole('listitem');
    await expect(tiles).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      const update = tiles.nth(i).getByRole('button', { name: /^Update / });
      await expect(update).toHaveCount(1);
      const box = await update.boundingBox();
      expect(box?.height ?? 0, `step ${i + 1} action height`).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0, `step ${i + 1} action width`).toBeGreaterThanOrEqual(44);
      // the other buttons of a tile (Photos) are secondary: outlined, not filled
      const others = tiles
        .nth(i)
        .getByRole('button')
        .filter({ hasNotText: /^Update$/ });
      for (const other of await others.all()) {
        await expect(other).toHaveClass(/border/);
      }
    }
    await context.close();
  });
});
