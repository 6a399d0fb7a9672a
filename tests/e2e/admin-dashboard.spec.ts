import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PublicUser } from '../../src/domain/auth/schemas';
import type { ContractorProfileDetail } from '../../src/domain/contractors/credentials';
import type { Project } from '../../src/domain/projects/schemas';
import { demoAccounts, expect, gotoLive, signedInContext, test } from './fixtures';
import { adminApi, notice, uniqueEmail, waitForMail } from './lead-helpers';

/**
 * The admin dashboard (spec 2 §2, §5, §8; issue 12): the access rule, the six cards and their
 * panels against the API, creating a project, assigning a suggested contractor who sees the
 * match live, and the work queues (reports, outbox, discount codes).
 */

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });

async function openDashboard(page: Page): Promise<void> {
  await page.goto('/admin-dashboard');
  // the page waits for the session and its chunk first: on a loaded CI machine that took over 7 s
  await expect(page.getByRole('heading', { name: 'Ridgeline Admin Dashboard', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(card(page, 'Total Projects')).toBeVisible({ timeout: 15_000 });
}

/** A free (VIP) quote without a measurement file: it waits in the admin's report queue. */
async function orderQuoteWithoutFile(admin: APIRequestContext, baseURL: string): Promise<string> {
  const { request } = await import('@playwright/test');
  const api = await request.newContext({ baseURL });
  const email = uniqueEmail('queue');
  const quoteData = {
    requesterFirstName: 'Riley',
    requesterLastName: 'Queue',
    requesterEmail: email,
    insuranceInvolved: 'No',
    homeownerFirstName: 'Riley',
    homeownerLastName: 'Queue',
    streetAddress: '77 Prairie Ln',
    city: 'Fargo',
    state: 'North Dakota',
    zipCode: '58102',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    plywoodNeeded: 'No',
    buildingHeight: '1-Story',
    roofLayers: '1 Layer',
    measurementFileSource: "I don't have a sketch file available",
  };
  const intent = await api.post('/api/quotes/create-payment-intent', { data: { quoteData, vipCode: 'VIP' } });
  expect(intent.status(), await intent.text()).toBe(200);
  const submit = await api.post('/api/quotes/submit', {
    data: { quoteData, paymentIntentId: 'free_submission', isVipSubmission: true, discountCode: 'VIP' },
  });
  expect(submit.status(), await submit.text()).toBe(200);
  const reference = (await submit.json()).projectId as string;
  await api.dispose();
  // in the queue once its preliminary report went out
  await expect
    .poll(
      async () => {
        const queue = await getJson<{ items: { reference: string }[] }>(admin, '/api/admin/reports/queue');
        return queue.items.some((i) => i.reference === reference);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await waitForMail(admin, email, new RegExp(reference));
  return reference;
}

test.describe('admin dashboard', () => {
  test('a homeowner and a contractor get Access Denied', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(notice(page, 'Access Denied')).toContainText(
      'Admin access is restricted to @ridgeline.test employees.',
    );
    await expect(page).toHaveURL('/', { timeout: 5000 });
  });

  test('the six cards count what the API holds, and each toggles its panel', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await loginAs('admin');
    const admin = await adminApi(baseURL as string);
    const [projects, contractors, users, totals] = await Promise.all([
      getJson<Project[]>(admin, '/api/projects'),
      getJson<ContractorProfileDetail[]>(admin, '/api/contractors'),
      getJson<PublicUser[]>(admin, '/api/users'),
      getJson<{ netReceivedCents: number }>(admin, '/api/admin/payouts/totals'),
    ]);
    await admin.dispose();
    await openDashboard(page);
    await expect(page.getByText('Manage all projects and contractors')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Data' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Project' })).toBeVisible();

    // Total Revenue: the payments received, net of refunds (issue 25 #4)
    const revenue = totals.netReceivedCents;
    const dollars = (cents: number) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
        Math.round(cents / 100),
      );
    const pending = projects.filter((p) => p.status === 'pending' && !p.contractorId).length;
    await expect(page.getByTestId('count-projects')).toHaveText(String(projects.length));
    await expect(page.getByTestId('count-pending')).toHaveText(String(pending));
    await expect(page.getByTestId('count-contractors')).toHaveText(String(contractors.length));
    await expect(page.getByTestId('count-verification')).toHaveText(
      String(
        contractors.filter((c) => ['pending', 'pending_verification'].includes(c.verificationStatus)).length,
      ),
    );
    await expect(page.getByTestId('count-users')).toHaveText(String(users.length));
    await expect(page.getByTestId('count-revenue')).toHaveText(dollars(revenue));
    // each work-queue tab says how many rows it holds
    const admin2 = await adminApi(baseURL as string);
    const codes = await getJson<unknown[]>(admin2, '/api/admin/discount-codes?limit=100');
    const contact = await getJson<{ total: number }>(admin2, '/api/admin/contact-messages');
    await admin2.dispose();
    await expect(page.getByTestId('queue-count-codes')).toHaveText(String(codes.length));
    await expect(page.getByTestId('queue-count-contact')).toHaveText(String(contact.total));

    // a card opens its panel, a second click closes it; the panel lists a page of 25 at a time
    const usersCard = card(page, 'Total Users');
    await usersCard.click();
    await expect(usersCard).toHaveAttribute('aria-expanded', 'true');
    const usersPanel = page.getByRole('region', { name: 'All Users' });
    const userRows = usersPanel.getByRole('list', { name: 'All users' }).getByRole('listitem');
    await expect(userRows).toHaveCount(Math.min(users.length, 25));
    await expect(usersPanel.getByTestId('users-shown')).toHaveText(
      `Showing ${Math.min(users.length, 25)} of ${users.length}`,
    );
    await expect(usersPanel.getByRole('term').filter({ hasText: /^Admins$/ })).toBeVisible();
    if (users.length > 25) {
      await usersPanel.getByRole('button', { name: 'Load more' }).click();
      await expect(userRows).toHaveCount(Math.min(users.length, 50));
    }
    // the server searches: the demo homeowner by the start of their e-mail, whatever the case
    await usersPanel.getByLabel('Search users').fill(demoAccounts.homeowner.slice(0, 8).toUpperCase());
    await expect(userRows.filter({ hasText: demoAccounts.homeowner })).toHaveCount(1);
    const matching = users.filter((u) =>
      [u.email, u.firstName ?? '', u.lastName ?? ''].some((f) =>
        f.toLowerCase().startsWith(demoAccounts.homeowner.slice(0, 8).toLowerCase()),
      ),
    ).length;
    await expect(usersPanel.getByTestId('users-shown')).toHaveText(`Showing ${matching} of ${matching}`);
    await usersPanel.getByLabel('Search users').fill('no-such-person-zz');
    await expect(usersPanel.getByText('No users match your search.')).toBeVisible();
    await usersPanel.getByLabel('Search users').fill('');
    await usersPanel.getByLabel('Type').selectOption('admin');
    await expect(userRows).toHaveCount(users.filter((u) => u.userType === 'admin').length);
    await usersCard.click();
    await expect(usersCard).toHaveAttribute('aria-expanded', 'false');
    await expect(usersPanel).toHaveCount(0);

    await card(page, 'Total Contractors').click();
    const contractorsPanel = page.getByRole('region', { name: 'All Contractors' });
    await expect(contractorsPanel).toContainText('Lone Star Roofing & Restoration');
    // View Details reads the contractor in full first
    await contractorsPanel
      .getByRole('button', { name: 'View Details of Lone Star Roofing & Restoration' })
      .click();
    const details = page.getByRole('dialog', { name: /Lone Star Roofing & Restoration/ });
    await expect(details).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // the Pending panel says how long each project has waited
    await card(page, 'Pending Projects').click();
    const pendingPanel = page.getByRole('region', { name: 'Pending Projects' });
    if (pending > 0)
      await expect(pendingPanel.getByTestId('pending-age').first()).toContainText(
        /pending (today|\d+ days?)/,
      );
    else await expect(pendingPanel).toContainText('No pending projects found.');

    await card(page, 'Total Revenue').click();
    const revenuePanel = page.getByRole('region', { name: 'Revenue' });
    await expect(revenuePanel.getByText('Completed Revenue')).toBeVisible();
    await expect(revenuePanel.getByText('Active Pipeline')).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    // Export Data: each list as a CSV file the server streams, every row
    await page.getByRole('button', { name: 'Export Data' }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Data' });
    for (const [label, expected] of [
      ['Projects', projects.length],
      ['Contractors', contractors.length],
      ['Users', users.length],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        exportDialog.getByRole('link', { name: new RegExp(`^${label} \\(${expected} rows?\\)$`) }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^ridgeline-${label.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
      // a header, then one line per row (no field of the demo data holds a line break)
      expect(csv.trimEnd().split('\r\n')).toHaveLength(expected + 1);
    }
  });

  test('an admin creates a project and assigns a suggested contractor, who sees the match live', async ({
    browser,
    page,
    loginAs,
  }) => {
    test.setTimeout(90_000);
    // the contractor's dashboard is open, its live channel up, before the admin acts
    const contractorContext = await signedInContext(browser, 'contractor');
    const contractorPage = await contractorContext.newPage();
    await gotoLive(contractorPage, '/contractor-dashboard');
    await contractorPage.getByRole('tab', { name: /New Matches/ }).click();

    await loginAs('admin');
    await openDashboard(page);
    await page.getByRole('button', { name: 'New Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Project' });
    const year = new Date().getFullYear();
    await expect(dialog.getByLabel(/SWRX Job ID/)).toHaveAttribute('placeholder', `SWRX-${year}-7KQ4M`);
    await expect(dialog.getByLabel('Priority')).toHaveValue('normal');
    await expect(dialog.getByLabel(/Homeowner Email/)).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Homeowner Phone')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel('Material Preference').locator('option')).toHaveCount(11);

    // nothing is sent without the required fields
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/projects') posted += 1;
    });
    const title = `SWRX-${year}-${Date.now().toString().slice(-6)}`;
    await dialog.getByLabel(/SWRX Job ID/).fill(title);
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Please fill in all required fields.');
    expect(posted).toBe(0);

    const homeownerEmail = uniqueEmail('admin-dash-homeowner');
    await dialog.getByLabel(/Homeowner Email/).fill(homeownerEmail);
    await dialog.getByLabel('Homeowner Name').fill('Morgan Hale');
    await dialog.getByLabel('Homeowner Phone').fill('(214) 555-0142');
    await dialog.getByLabel(/Address/).fill('1900 Pacific Ave');
    await dialog.getByLabel('City').fill('Dallas');
    await dialog.getByLabel('State').fill('TX');
    await dialog.getByLabel('ZIP Code').fill('75201');
    await dialog.getByLabel('Roof Area (sq ft)').fill('2400');
    await dialog.getByLabel('Material Preference').selectOption('METAL');
    await dialog.getByLabel('Priority').selectOption('high');
    await dialog.getByLabel('Approved Budget ($)').fill('18,450');
    // 88 % of $18,450 = $16,236
    await expect(dialog.getByTestId('contractor-share')).toHaveText('$16,236');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    // said inside the dialog, which stays open for the next project (the page behind it is hidden from assistive technology)
    await expect(dialog.getByRole('status')).toContainText('Project created successfully!');
    await expect(dialog.getByLabel(/SWRX Job ID/)).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // the new project is pending: assign it from the Pending panel
    await card(page, 'Pending Projects').click();
    const pendingPanel = page.getByRole('region', { name: 'Pending Projects' });
    await pendingPanel.getByRole('button', { name: `Assign Contractor to ${title}` }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Contractor' });
    const submit = assign.getByRole('button', { name: 'Assign Contractor' });
    await expect(submit).toBeDisabled();
    const loneStar = assign.getByRole('radio', { name: /Lone Star Roofing & Restoration/ });
    await expect(loneStar).toBeVisible();
    await expect(
      assign.getByRole('list', { name: 'Reasons for Lone Star Roofing & Restoration' }),
    ).toContainText('Texas');
    await loneStar.check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(notice(page, 'Success')).toContainText('Contractor assigned successfully!');
    await expect(assign).toBeHidden();
    await expect(pendingPanel.getByRole('button', { name: `Assign Contractor to ${title}` })).toHaveCount(0);

    // the contractor sees the new match without reloading
    const match = contractorPage.getByRole('article', { name: title, exact: true });
    await expect(match).toBeVisible({ timeout: 10_000 });
    await expect(match).toContainText('Morgan Hale');
    await contractorContext.close();
  });

  test('an assignment the server refuses shows its message', async ({ page, loginAs, baseURL }) => {
    const admin = await adminApi(baseURL as string);
    const created = await admin.post('/api/projects', {
      data: {
        title: `SWRX-REFUSE-${Date.now()}`,
        homeownerEmail: uniqueEmail('refuse'),
        address: '1 Elm St, Dallas',
        zipCode: '75201',
        state: 'TX',
      },
    });
    expect(created.status()).toBe(201);
    const project = (await created.json()) as Project;
    await admin.dispose();
    await loginAs('admin');
    await page.route(`**/api/projects/${project.id}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: '{"message":"Only a pending project can be assigned a contractor."}',
          })
        : route.fallback(),
    );
    await openDashboard(page);
    await card(page, 'Pending Projects').click();
    await page.getByRole('button', { name: `Assign Contractor to ${project.title}` }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Contractor' });
    await assign.getByRole('radio').first().check();
    await assign.getByRole('button', { name: 'Assign Contractor' }).click();
    await expect(assign.getByRole('alert')).toContainText(
      'Failed to assign contractor: Only a pending project can be assigned a contractor.',
    );
  });

  test('the report queue, the outbox and discount codes', async ({ page, loginAs, baseURL }) => {
    test.setTimeout(90_000);
    const admin = await adminApi(baseURL as string);
    const reference = await orderQuoteWithoutFile(admin, baseURL as string);
    await loginAs('admin');
    await openDashboard(page);

    // report queue: the quote, what the customer was told, then area and pitch typed in
    const queued = page.getByRole('article', { name: reference, exact: true });
    await expect(queued).toBeVisible();
    await expect(queued).toContainText('Riley Queue');
    // the customer holds a preliminary report: the queue says so, as the order page does (issue 24)
    await expect(queued).toContainText('The customer was told: Preliminary report delivered');
    await queued.getByLabel('Total roof area (sq ft)').fill('2400');
    await queued.getByLabel('Predominant pitch').fill('6/12');
    await queued.getByRole('button', { name: 'Make the report' }).click();
    await expect(notice(page, 'Report queued')).toContainText(reference);
    await expect(queued).toHaveCount(0);

    // the outbox: the quote's mail with its PDF attachment as a download link
    await page.getByRole('tab', { name: 'Mail outbox' }).click();
    const outbox = page.getByRole('list', { name: 'Mail outbox' });
    const mail = outbox
      .getByRole('article')
      .filter({ hasText: reference })
      .filter({ has: page.getByRole('link', { name: /\.pdf/ }) })
      .first();
    await expect(mail).toBeVisible();
    const attachment = mail.getByRole('link', { name: /\.pdf/ }).first();
    await expect(attachment).toBeVisible();
    const file = await page.request.get((await attachment.getAttribute('href')) as string);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // install requests: each links its project; one stored without a project (demo data) gets one
    await page.getByRole('tab', { name: 'Install requests' }).click();
    const requests = page.getByRole('list', { name: 'Install requests' });
    await expect(requests.getByRole('link', { name: /^Project SWRX-/ }).first()).toBeVisible();
    const withoutProject = requests.getByRole('button', { name: /^Create a project from the request of/ });
    const before = await withoutProject.count();
    expect(before).toBeGreaterThan(0);
    const requester = String(await withoutProject.first().getAttribute('aria-label')).replace(
      'Create a project from the request of ',
      '',
    );
    await withoutProject.first().click();
    await expect(page.getByText(/^Project SWRX-\d{4}-[0-9A-Z]+ created from the request\.$/)).toBeVisible();
    await expect(withoutProject).toHaveCount(before - 1);
    const converted = requests.getByRole('article', { name: `Install request from ${requester}` });
    await expect(converted.getByRole('link', { name: /^Project SWRX-/ })).toBeVisible();
    await expect(converted.getByRole('button', { name: /^Assign Contractor to SWRX-/ })).toBeVisible();

    // quotes with their payment state
    await page.getByRole('tab', { name: 'Quotes' }).click();
    await expect(page.getByRole('listitem', { name: reference })).toContainText('free');
    // the server searches the quotes: by the start of the reference, any case
    await page.getByLabel('Search quotes').fill(reference.toLowerCase());
    await expect(page.getByRole('list', { name: 'Quotes' }).getByRole('listitem')).toHaveCount(1);
    await page.getByLabel('Search quotes').fill('zz-no-such-quote');
    await expect(page.getByText('No quotes match your search.')).toBeVisible();

    // discount codes: create one, then disable it
    await page.getByRole('tab', { name: 'Discount codes' }).click();
    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    const form = page.getByRole('form', { name: 'Create a discount code' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Type').selectOption('percent');
    await form.getByLabel('Percent').fill('15');
    await form.getByLabel('Usage limit').fill('3');
    await form.getByRole('button', { name: 'Create code' }).click();
    await expect(notice(page, 'Discount code created')).toContainText(code);
    const row = page.getByRole('listitem', { name: code });
    await expect(row).toContainText('15% off');
    await expect(row).toContainText('used 0 of 3 times');
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Disable ${code}` }).click();
    await expect(row).toContainText('Disabled');
    const codes = await getJson<{ code: string; isActive: boolean }[]>(admin, '/api/admin/discount-codes');
    expect(codes.find((c) => c.code === code)?.isActive).toBe(false);
    await admin.dispose();
  });
});
