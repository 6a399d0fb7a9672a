import AxeBuilder from '@axe-core/playwright';
import { type Page, request as playwrightRequest } from '@playwright/test';
import type { PublicUser } from '../../src/domain/auth/schemas';
import { generatedJobIdPattern } from '../../src/domain/projects/job-id';
import type { Project } from '../../src/domain/projects/schemas';
import type { MyQuotesResponse } from '../../src/domain/quotes/my-quotes';
import { quoteData } from '../helpers/quote-data';
import { type DemoRole, demoAccounts, demoSession, expect, test } from './fixtures';
import { adminApi, notice, uniqueEmail } from './lead-helpers';

/**
 * Issue 10 item 8: the homeowner dashboard as the demo homeowner. Demo projects are only read;
 * the live-update test works on a project it creates itself.
 */

const DEMO_TITLES = ['SWRX-2026-0446', 'SWRX-2026-0436', 'SWRX-2026-0398', 'SWRX-2026-0287'];
/** A real 1x1 PNG: uploads are checked by decoding them. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** An API context signed in as a demo account (this worker's session of it). */
async function signedInApi(baseURL: string, role: DemoRole) {
  return playwrightRequest.newContext({ baseURL, storageState: await demoSession(role, baseURL) });
}

async function homeownerProjects(page: Page, user: PublicUser): Promise<Project[]> {
  const res = await page.request.get(`/api/projects/homeowner/${user.id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Project[];
}

/** The page's code loads on first visit: a loaded machine takes longer than one assertion's wait. */
const FIRST_LOAD = { timeout: 20_000 };

/** The dashboard open with its live channel connected, so no event is missed. */
async function openDashboard(page: Page, path = '/customer-dashboard') {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Welcome back, Sarah' })).toBeVisible(FIRST_LOAD);
  await expect(page.getByTestId('live-status')).toHaveText('Live', FIRST_LOAD);
}

// several API round trips and a report generated in the background per test
test.describe.configure({ timeout: 90_000 });

test.describe('homeowner dashboard', () => {
  test('stat cards, the project list, a project’s detail with its timeline and tabs, kept in the URL', async ({
    page,
    loginAs,
  }) => {
    const user = await loginAs('homeowner');
    await openDashboard(page);
    await expect(
      page.getByText('Projects are assigned by your insurance company or contractor'),
    ).toBeVisible();

    // the cards follow the spec's formulas over the homeowner's projects as the API lists them
    const projects = await homeownerProjects(page, user);
    expect(projects.map((p) => p.title)).toEqual(expect.arrayContaining(DEMO_TITLES));
    const active = projects.filter((p) => p.status !== 'completed' && p.status !== 'cancelled').length;
    const completed = projects.filter((p) => p.status === 'completed').length;
    const value = projects.reduce((sum, p) => sum + (p.estimatedCost ?? 0), 0);
    await expect(page.getByTestId('stat-total')).toHaveText(String(projects.length));
    await expect(page.getByTestId('stat-active')).toHaveText(String(active));
    await expect(page.getByTestId('stat-completed')).toHaveText(String(completed));
    await expect(page.getByTestId('stat-value')).toHaveText(money.format(value / 100));

    const list = page.getByRole('list', { name: 'Your projects' });
    const item = list.getByRole('button', { name: /SWRX-2026-0398/ });
    await expect(item).toContainText('Dallas, TX');
    await expect(item).toContainText('Work in Progress');
    await expect(item).toContainText('$22,750.00');
    await expect(list.getByRole('button', { name: /SWRX-2026-0446/ })).toContainText('Finding Contractors');
    await expect(page.getByRole('heading', { name: 'Select a Project' })).toBeVisible();

    // chosen by keyboard: the detail opens and takes the focus
    await item.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('project-detail');
    await expect(page.getByTestId('detail-title')).toHaveText('SWRX-2026-0398');
    await expect(page.getByTestId('detail-title')).toBeFocused();
    const selected = projects.find((p) => p.title === 'SWRX-2026-0398') as Project;
    await expect(page).toHaveURL(new RegExp(`\\?project=${selected.id}$`));
    await expect(detail.getByText('6522 Lakewood Blvd, Dallas, TX 75214')).toBeVisible();
    await expect(detail.getByText('Sarah Mitchell')).toBeVisible();
    await expect(detail.getByTestId('contractor-block')).toContainText('Lone Star Roofing & Restoration');
    await expect(detail.getByTestId('contractor-block')).toContainText(/\d\.\d\/5/);

    // Project Progress: in_progress is 50 %; created, assigned and started are done, completed not
    await expect(page.getByTestId('progress-percent')).toHaveText('50%');
    for (const step of ['created', 'assigned', 'started'])
      await expect(page.getByTestId(`timeline-${step}`)).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('timeline-completed')).toHaveAttribute('data-done', 'false');

    // beside it, the six stages in the homeowner's words, read-only
    await expect(detail.getByRole('heading', { name: 'Step-by-Step Progress' })).toBeVisible();
    await expect(detail).toContainText('Your contractor gets in touch');
    // one percentage on the screen (the status progress); the stages count in words (issue 23 #5)
    await expect(page.getByTestId('tracker-count')).toHaveText(/^\d of 6 steps done$/);
    await expect(page.getByTestId('tracker-percent')).toHaveCount(0);
    await expect(
      detail.getByRole('button', { name: /Mark Complete|Mark Delivered|Permit Issued|Accept Project/ }),
    ).toHaveCount(0);

    // the tabs
    await expect(page.getByTestId('financial-information')).toContainText('$22,750.00');
    await expect(page.getByTestId('financial-information')).toContainText('Not finalized');
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(detail.getByText('Full address')).toBeVisible();
    await expect(detail.getByText('Last updated')).toBeVisible();
    await page.getByRole('tab', { name: 'Images' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No images uploaded yet');
    await expect(page.getByRole('tabpanel')).toContainText('No installation photos uploaded yet');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Upload Images' })).toBeVisible();

    // Quick Actions act on the chosen project
    await page.getByRole('button', { name: 'View Documents' }).click();
    await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Documents' })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('No documents uploaded yet');
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Upload Document' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Report Issues' })).toHaveAttribute(
      'href',
      `/contact?projectId=${selected.id}`,
    );
    await expect(page.getByRole('link', { name: 'Message Center' })).toHaveAttribute(
      'href',
      `/projects/${selected.id}?tab=messages`,
    );
    await expect(page.getByRole('link', { name: 'Open full project page' })).toHaveAttribute(
      'href',
      `/projects/${selected.id}`,
    );
    await page.getByRole('link', { name: 'Message Center' }).click();
    await expect(page.getByRole('tab', { name: 'Messages' })).toHaveAttribute(
      'aria-selected',
      'true',
      FIRST_LOAD,
    );
    await page.goBack();
    await expect(page.getByTestId('detail-title')).toHaveText('SWRX-2026-0398');

    // a link with the project (a mail, the convert notice) opens it on its tab
    await page.goto(`/customer-dashboard?project=${selected.id}&tab=details`);
    await expect(page.getByTestId('detail-title')).toHaveText('SWRX-2026-0398');
    await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    // someone else's project, or none: not shown
    await page.goto('/customer-dashboard?project=00000000-0000-4000-8000-000000000000');
    await expect(page.getByTestId('project-not-found')).toContainText('Project Not Found');
  });

  test('my quotes and reports: the report of a quote ordered with my e-mail, and turning it into a project', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    const user = await loginAs('homeowner');
    const visitor = await playwrightRequest.newContext({ baseURL });
    const data = quoteData({
      requesterFirstName: 'Sarah',
      requesterLastName: 'Mitchell',
      requesterEmail: user.email,
      streetAddress: `${Date.now() % 100_000} Preston Rd`,
      city: 'Plano',
      zipCode: '75024',
    });
    const submit = await visitor.post('/api/quotes/submit', {
      data: {
        quoteData: data,
        paymentIntentId: 'free_submission',
        isVipSubmission: true,
        discountCode: 'VIP',
      },
    });
    expect(submit.status(), await submit.text()).toBe(200);
    const reference = (await submit.json()).projectId as string;
    await visitor.dispose();
    // the preliminary report is made in the background
    await expect
      .poll(
        async () => {
          const mine = (await (await page.request.get('/api/quotes/mine')).json()) as MyQuotesResponse;
          return mine.quotes.find((q) => q.reference === reference)?.reports.length ?? 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await openDashboard(page);
    const quote = page.getByTestId('my-quote').filter({ hasText: reference });
    await expect(quote).toContainText(`${data.streetAddress}, Plano, Texas 75024`);
    await expect(quote).toContainText('Ordered ');
    await expect(quote.getByTestId('my-quote-status')).toHaveText('Status: Ready');
    const download = quote.getByRole('link', { name: 'Download report' });
    const pdf = await page.request.get((await download.getAttribute('href')) as string);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await quote.getByRole('button', { name: 'Turn into a project' }).click();
    await expect(notice(page, 'Project Created Successfully!')).toBeVisible();
    // the new project is chosen, and the quote now opens it
    await expect(page).toHaveURL(/\?project=[0-9a-f-]{36}$/);
    const projectId = new URL(page.url()).searchParams.get('project') as string;
    await expect(page.getByTestId('detail-title')).toHaveText(generatedJobIdPattern);
    await expect(page.getByTestId('detail-title')).toBeFocused();
    await expect(page.getByTestId('project-detail')).toContainText(data.streetAddress);
    await expect(quote.getByRole('button', { name: 'Open project' })).toBeVisible();
    await expect(quote.getByRole('button', { name: 'Turn into a project' })).toHaveCount(0);
    const listed = page.getByRole('list', { name: 'Your projects' }).locator('button[aria-current="true"]');
    await expect(listed).toContainText('Finding Contractors');
    expect((await (await page.request.get(`/api/projects/${projectId}`)).json()).quoteId).toBeTruthy();
  });

  test('a project assigned and accepted through the API moves on screen, with Recent Activity, without a reload', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    await loginAs('homeowner');
    const admin = await adminApi(baseURL as string);
    const contractor = await signedInApi(baseURL as string, 'contractor');
    const profile = await (await contractor.get('/api/contractor/profile')).json();

    await openDashboard(page);
    // the demo projects' real events (issue 23 #8), newest first
    await expect(page.getByTestId('activity-item').first()).toBeVisible();
    // a marker that a reload would wipe
    await page.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    const title = `SWRX-2099-${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const created = await admin.post('/api/projects', {
      data: {
        title,
        homeownerEmail: demoAccounts.homeowner,
        address: '77 Live Update Ln',
        city: 'Frisco',
        state: 'TX',
        zipCode: '75034',
        estimatedCost: 1_500_000,
      },
    });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const project = (await created.json()) as Project;

    // the new project arrives in the list and in Recent Activity
    const item = page
      .getByRole('list', { name: 'Your projects' })
      .getByRole('button', { name: new RegExp(title) });
    await expect(item).toContainText('Finding Contractors');
    const activity = page.getByTestId('activity-item');
    await expect(activity.first()).toContainText('Project created');
    await expect(activity.first()).toContainText(title);
    await expect(activity.first()).toContainText('Just now');
    await item.click();
    await expect(page.getByTestId('progress-percent')).toHaveText('10%');
    await expect(page.getByTestId('timeline-assigned')).toHaveAttribute('data-done', 'false');
    await expect(page.getByTestId('contractor-block')).toHaveText('No contractor assigned yet');

    // the admin assigns the demo contractor: matched
    const assigned = await admin.put(`/api/projects/${project.id}`, {
      data: { contractorId: profile.id, status: 'matched' },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    await expect(page.getByTestId('project-detail')).toContainText('Contractor Assigned');
    await expect(page.getByTestId('timeline-assigned')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('contractor-block')).toContainText('Lone Star Roofing & Restoration');
    await expect(page.getByTestId('progress-percent')).toHaveText('0%');
    await expect(activity.first()).toContainText('Lone Star Roofing & Restoration was assigned');

    // the contractor accepts: work in progress
    const accepted = await contractor.put(`/api/projects/${project.id}`, { data: { status: 'in_progress' } });
    expect(accepted.status(), await accepted.text()).toBe(200);
    await expect(page.getByTestId('progress-percent')).toHaveText('50%');
    await expect(page.getByTestId('timeline-started')).toHaveAttribute('data-done', 'true');
    await expect(item).toContainText('Work in Progress');
    await expect(activity.first()).toContainText('Work started');
    await expect(page.getByTestId('tracker-count')).toHaveText('0 of 6 steps done');

    // the contractor's first stage moves the homeowner's tracker
    const contacted = await contractor.put(`/api/projects/${project.id}`, {
      data: { homeownerContactCompleted: true },
    });
    expect(contacted.status(), await contacted.text()).toBe(200);
    await expect(page.getByTestId('tracker-count')).toHaveText('1 of 6 steps done');
    await expect(activity.first()).toContainText('completed Homeowner Contact');

    // the contractor's installation photos appear in the Images tab
    await page.getByRole('tab', { name: 'Images' }).click();
    await expect(page.getByRole('tabpanel')).toContainText('No installation photos uploaded yet');
    const photo = await contractor.post(`/api/projects/${project.id}/photos`, {
      multipart: { photos: { name: 'ridge-done.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG } },
    });
    expect(photo.status(), await photo.text()).toBe(201);
    await expect(
      page.getByRole('tabpanel').getByRole('button', { name: 'Open ridge-done.png' }),
    ).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    await admin.dispose();
    await contractor.dispose();
  });
});

test.describe('homeowner dashboard: failures and links', () => {
  test('a list that cannot be loaded says so and loads again on Try again', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    let failing = true;
    await page.route('**/api/projects/homeowner/*', (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback(),
    );
    await page.route('**/api/quotes/mine', (route) =>
      failing ? route.fulfill({ status: 503, json: { message: 'down' } }) : route.fallback(),
    );
    await page.goto('/customer-dashboard');
    await expect(page.getByText('We could not load your projects. Please try again.')).toBeVisible(
      FIRST_LOAD,
    );
    await expect(page.getByText('We could not load your quotes. Please try again.')).toBeVisible();
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).first().click();
    await expect(page.getByTestId('stat-total')).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('We could not load your quotes. Please try again.')).toHaveCount(0);
  });

  test('the landing page’s convert notice links to the new project in the dashboard', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('convert.link');
    const visitor = await playwrightRequest.newContext({ baseURL });
    const submit = await visitor.post('/api/quotes/submit', {
      data: {
        quoteData: quoteData({ requesterEmail: email }),
        paymentIntentId: 'free_submission',
        isVipSubmission: true,
        discountCode: 'VIP',
      },
    });
    expect(submit.status(), await submit.text()).toBe(200);
    const reference = (await submit.json()).projectId as string;
    await visitor.dispose();

    await page.goto('/');
    await page.getByRole('heading', { name: 'Turn your quote into a project' }).scrollIntoViewIfNeeded();
    const form = page.getByRole('form', { name: 'Convert quote to project' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Quote ID').fill(reference);
    await form.getByRole('button', { name: 'Create Project' }).click();
    const status = form.getByRole('status');
    await expect(status).toContainText(
      "Your project has been created and contractors will be notified. You'll be contacted soon.",
    );
    const link = status.getByRole('link', { name: 'Open your project' });
    await expect(link).toHaveAttribute('href', /^\/customer-dashboard\?project=[0-9a-f-]{36}$/);
    // signed out, the dashboard asks to sign in and keeps the project to come back to
    await link.click();
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible(FIRST_LOAD);
    await page.waitForURL(/\/login\?returnTo=/);
    expect(decodeURIComponent(page.url())).toMatch(/returnTo=\/customer-dashboard\?project=[0-9a-f-]{36}/);
  });
});

test.describe('homeowner dashboard @smoke', () => {
  test('cards, list and detail fit the screen, with no WCAG A/AA violations', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    await openDashboard(page);
    await expect(page.getByTestId('stat-total')).toBeVisible();
    await page
      .getByRole('list', { name: 'Your projects' })
      .getByRole('button', { name: /SWRX-2026-0287/ })
      .click();
    await expect(page.getByTestId('detail-title')).toBeInViewport();
    await expect(page.getByTestId('progress-percent')).toHaveText('100%');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('my-quotes').getByRole('status')).toHaveCount(0);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  });

  test('signed out: Login Required, then the sign-in page', async ({ page }) => {
    await page.goto('/customer-dashboard?project=abc');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible(FIRST_LOAD);
    await expect(page.getByText('Please log in to access your customer dashboard.').first()).toBeVisible();
    await page.waitForURL(/\/login\?returnTo=/, { timeout: 6_000 });
    expect(decodeURIComponent(page.url())).toContain('/customer-dashboard?project=abc');
  });
});
