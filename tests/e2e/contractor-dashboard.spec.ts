import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import Papa from 'papaparse';
import sharp from 'sharp';
import { type ContractorProfile, verificationStatusText } from '../../src/domain/contractors/profile';
import type { Project } from '../../src/domain/projects/schemas';
import { dashboardProgressPercent, workflowSteps } from '../../src/domain/projects/workflow-steps';
import { expect, gotoLive, test } from './fixtures';
import { adminApi, notice, uniqueEmail } from './lead-helpers';

/**
 * The contractor dashboard (spec 2 §2, §4, §5, §8) as the demo contractor sees it. The demo
 * projects are only read here; the test that changes things makes its own project through the
 * admin API, so other browser tests keep the demo data they expect.
 */

/** '$13,200' or '$25,125.50', as the dashboard shows money. */
function dollars(cents: number): string {
  const text = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
  return cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

/** 'May 14, 2026' in this machine's time zone (the browser's too). */
function day(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** The value a date input shows for an ISO moment (local day). */
function dateInputValue(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function contractorData(page: Page): Promise<{ profile: ContractorProfile; projects: Project[] }> {
  const profileRes = await page.request.get('/api/contractor/profile');
  expect(profileRes.status()).toBe(200);
  const profile = (await profileRes.json()) as ContractorProfile;
  const listRes = await page.request.get(`/api/projects/contractor/${profile.id}`);
  expect(listRes.status()).toBe(200);
  return { profile, projects: (await listRes.json()) as Project[] };
}

/** A project's card, found by its title. */
function card(page: Page, title: string): Locator {
  return page.getByRole('article', { name: title, exact: true });
}

function tile(projectCard: Locator, label: string): Locator {
  return projectCard.getByRole('listitem', { name: label, exact: true });
}

test.describe('contractor dashboard', () => {
  test('the demo contractor sees their company, the summary, the three tabs and every Update dialog prefilled', async ({
    page,
    loginAs,
  }) => {
    // one page load walks the whole board, runs axe and opens each of the six dialogs: more steps than most tests
    test.setTimeout(120_000);
    const user = await loginAs('contractor');
    const { profile, projects } = await contractorData(page);
    const byStatus = (s: Project['status']) => projects.filter((p) => p.status === s);
    const active = byStatus('in_progress');
    const matched = byStatus('matched');
    const completed = byStatus('completed');
    // the demo data's jobs of this contractor, in each state
    expect(active.map((p) => p.title)).toContain('SWRX-2026-0398');
    expect(matched.map((p) => p.title)).toContain('SWRX-2026-0436');
    expect(completed.map((p) => p.title)).toEqual(
      expect.arrayContaining(['SWRX-2026-0287', 'SWRX-2026-0231']),
    );

    await page.goto('/contractor-dashboard');
    // the board is there once the projects have loaded (generous: a cold first page of the run)
    await expect(page.getByRole('tab', { name: /Active Projects/ })).toBeVisible({ timeout: 15_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome back, ${user.firstName}` }),
    ).toBeVisible();
    await expect(page.getByText(profile.companyName, { exact: true })).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/contractor/profile',
    );

    // the four summary cards, by the spec's formulas
    const summary = page.getByRole('region', { name: 'Summary' });
    // Revenue: the contractor's payouts paid, net of refunds (issue 25 #4)
    const payoutsRes = await page.request.get('/api/contractor/payouts');
    expect(payoutsRes.status()).toBe(200);
    const revenue = ((await payoutsRes.json()) as { revenueCents: number }).revenueCents;
    const cardOf = (title: string) =>
      summary
        .locator('div')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .first();
    await expect(cardOf('Total Projects')).toContainText(String(projects.length));
    await expect(cardOf('Total Projects')).toContainText(
      `${active.length} active, ${completed.length} completed`,
    );
    await expect(cardOf('Revenue')).toContainText(dollars(revenue));
    await expect(cardOf('Revenue')).toContainText(`From ${completed.length} completed projects`);
    await expect(cardOf('Rating')).toContainText(`${profile.rating.toFixed(1)}/5.0`);
    await expect(cardOf('Rating')).toContainText(`Based on ${profile.reviewCount} customer review`);
    await expect(cardOf('New Matches')).toContainText(String(matched.length));
    await expect(cardOf('New Matches')).toContainText('Waiting for response');

    // Active Projects is the default tab: a card per in_progress project with progress and six tiles
    await expect(page.getByRole('tab', { name: /Active Projects/ })).toHaveAttribute('aria-selected', 'true');
    for (const p of active) await expect(card(page, p.title)).toBeVisible();
    const lakewood = active.find((p) => p.title === 'SWRX-2026-0398') as Project;
    const lakewoodCard = card(page, lakewood.title);
    await expect(lakewoodCard).toContainText('6522 Lakewood Blvd, Dallas, TX 75214');
    await expect(lakewoodCard.getByText('in progress', { exact: true })).toBeVisible();
    await expect(lakewoodCard.getByRole('progressbar')).toHaveAttribute(
      'aria-valuenow',
      String(dashboardProgressPercent(lakewood)),
    );
    await expect(lakewoodCard).toContainText(`${dashboardProgressPercent(lakewood)}%`);
    await expect(tile(lakewoodCard, 'Homeowner Contact')).toContainText('Completed');
    await expect(tile(lakewoodCard, 'Homeowner Contact')).toContainText(
      day(lakewood.homeownerContactDate ?? ''),
    );
    await expect(tile(lakewoodCard, 'Material Selection')).toContainText('Complete');
    await expect(tile(lakewoodCard, 'Material Selection')).toContainText('Confirmed');
    await expect(tile(lakewoodCard, 'Material Selection')).toContainText(lakewood.selectedMaterial ?? '');
    await expect(tile(lakewoodCard, 'Permit Status')).toContainText('issued');
    await expect(tile(lakewoodCard, 'Permit Status')).toContainText(day(lakewood.permitIssuedDate ?? ''));
    await expect(tile(lakewoodCard, 'Material Order')).toContainText('ordered');
    await expect(tile(lakewoodCard, 'Material Order')).toContainText(day(lakewood.materialOrderedDate ?? ''));
    await expect(tile(lakewoodCard, 'Crew Scheduled')).toContainText('Not Scheduled');
    await expect(tile(lakewoodCard, 'Install Completed')).toContainText('In Progress');

    // every Update dialog: its title, the project's title and address, the current values; Cancel
    // drops the draft and gives the focus back to the Update button
    const open = async (label: string) => {
      const button = lakewoodCard.getByRole('button', { name: `Update ${label}` });
      await button.click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading')).toHaveText(
        Object.values(workflowSteps).find((s) => s.label === label)?.dialogTitle ?? '',
      );
      await expect(dialog).toContainText(lakewood.title);
      await expect(dialog).toContainText('6522 Lakewood Blvd, Dallas, TX 75214');
      await expect(dialog.getByRole('button', { name: 'Update Project' })).toBeVisible();
      return {
        dialog,
        cancel: async () => {
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toBeHidden();
          await expect(button).toBeFocused();
        },
      };
    };

    let d = await open('Homeowner Contact');
    await expect(d.dialog.getByRole('checkbox', { name: 'Homeowner contacted' })).toBeChecked();
    await expect(d.dialog.getByLabel('Contact date')).toHaveValue(
      dateInputValue(lakewood.homeownerContactDate ?? ''),
    );
    await expect(d.dialog.getByLabel('Notes')).toHaveValue(lakewood.homeownerContactNotes ?? '');
    await d.cancel();

    d = await open('Material Selection');
    await expect(d.dialog.getByRole('checkbox', { name: 'Material selection completed' })).toBeChecked();
    await expect(d.dialog.getByLabel('Selected material')).toHaveValue(lakewood.selectedMaterial ?? '');
    await expect(d.dialog.getByRole('checkbox', { name: 'Homeowner signature confirmed' })).toBeChecked();
    // the selected material shows only while material selection is marked completed
    await d.dialog.getByRole('checkbox', { name: 'Material selection completed' }).click();
    await expect(d.dialog.getByLabel('Selected material')).toBeHidden();
    await d.cancel();

    d = await open('Permit Status');
    await expect(d.dialog.getByLabel('Permit status')).toHaveValue('issued');
    await expect(d.dialog.getByLabel('Issued date')).toHaveValue(
      dateInputValue(lakewood.permitIssuedDate ?? ''),
    );
    // a permit date only for applied and issued
    await d.dialog.getByLabel('Permit status').selectOption('not_required');
    await expect(d.dialog.getByLabel(/date/)).toHaveCount(0);
    await d.dialog.getByLabel('Permit status').selectOption('applied');
    await expect(d.dialog.getByLabel('Application date')).toHaveValue(
      dateInputValue(lakewood.permitApplicationDate ?? ''),
    );
    await d.cancel();

    d = await open('Material Order');
    await expect(d.dialog.getByLabel('Material status')).toHaveValue('ordered');
    await expect(d.dialog.getByLabel('Order date')).toHaveValue(
      dateInputValue(lakewood.materialOrderedDate ?? ''),
    );
    await expect(d.dialog.getByLabel('Delivered date')).toBeHidden();
    await d.dialog.getByLabel('Material status').selectOption('not_ordered');
    await expect(d.dialog.getByLabel(/date/)).toHaveCount(0);
    await d.cancel();

    d = await open('Crew Scheduled');
    const crew = d.dialog.getByRole('checkbox', { name: 'Crew scheduled' });
    await expect(crew).not.toBeChecked();
    await expect(d.dialog.getByLabel('Crew date')).toBeHidden();
    await crew.click();
    await expect(d.dialog.getByLabel('Crew date')).toBeVisible();
    await d.cancel();
    // Cancel cleared the draft: the dialog opens from the project again
    d = await open('Crew Scheduled');
    await expect(d.dialog.getByRole('checkbox', { name: 'Crew scheduled' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(d.dialog).toBeHidden();

    d = await open('Install Completed');
    await expect(d.dialog.getByRole('checkbox', { name: 'Installation completed' })).not.toBeChecked();
    await expect(d.dialog.getByLabel('Completion date')).toBeHidden();
    await d.cancel();

    // New Matches, reached by keyboard: details with their fallbacks, the homeowner, the two buttons
    await page.getByRole('tab', { name: /Active Projects/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /New Matches/ })).toHaveAttribute('aria-selected', 'true');
    const cheyenne = matched.find((p) => p.title === 'SWRX-2026-0436') as Project;
    const cheyenneCard = card(page, cheyenne.title);
    await expect(cheyenneCard).toContainText(`${cheyenne.roofArea?.toLocaleString('en-US')} sq ft`);
    await expect(cheyenneCard).toContainText(cheyenne.roofType ?? '');
    await expect(cheyenneCard).toContainText(cheyenne.materialPreference ?? '');
    await expect(cheyenneCard).toContainText('Your Payment');
    await expect(cheyenneCard).toContainText(dollars(cheyenne.contractorPaymentAmount ?? 0));
    await expect(cheyenneCard).toContainText(
      `${cheyenne.homeowner?.firstName} ${cheyenne.homeowner?.lastName}`,
    );
    await expect(cheyenneCard).toContainText(cheyenne.homeowner?.email ?? '');
    await expect(cheyenneCard).toContainText(cheyenne.homeowner?.phone ?? '');
    await expect(cheyenneCard.getByRole('button', { name: 'Accept Project' })).toBeEnabled();
    await expect(cheyenneCard.getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      `/project/${cheyenne.id}`,
    );

    // Completed: completion date, payment, photos
    await page.getByRole('tab', { name: /Completed/ }).click();
    for (const p of completed) {
      const c = card(page, p.title);
      await expect(c).toContainText(p.completionDate ? day(p.completionDate) : 'N/A');
      const paid = p.contractorPaymentAmount ?? p.finalCost;
      await expect(c).toContainText(paid == null ? 'N/A' : dollars(paid));
      await expect(c).toContainText(
        p.installPhotos.length === 1 ? '1 photo uploaded' : `${p.installPhotos.length} photos uploaded`,
      );
      await expect(c.getByRole('button', { name: 'View Photos' })).toBeVisible();
      await expect(c.getByRole('button', { name: 'Export' })).toBeVisible();
    }

    // View Photos opens the job's installation photos; closing gives the focus back; Export is a CSV of the one job
    const metal = card(page, 'SWRX-2026-0287');
    const viewPhotos = metal.getByRole('button', { name: 'View Photos' });
    await viewPhotos.click();
    const photosDialog = page.getByRole('dialog', { name: 'Installation Photos' });
    await expect(photosDialog).toContainText('SWRX-2026-0287');
    await page.keyboard.press('Escape');
    await expect(photosDialog).toBeHidden();
    await expect(viewPhotos).toBeFocused();
    const oneDownload = page.waitForEvent('download');
    await metal.getByRole('button', { name: 'Export' }).click();
    const one = await oneDownload;
    expect(one.suggestedFilename()).toMatch(/^ridgeline-SWRX-2026-0287-\d{4}-\d{2}-\d{2}\.csv$/);
    const oneRows = Papa.parse<Record<string, string>>(
      readFileSync(await one.path(), 'utf8').replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(oneRows.map((r) => r['Job ID'])).toEqual(['SWRX-2026-0287']);

    // Reports takes the keyboard to the export; Export as CSV downloads every project of the contractor
    await page.getByRole('button', { name: 'Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeFocused();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ridgeline-projects-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(projects.length);
    const row = rows.find((r) => r['Job ID'] === lakewood.title);
    expect(row?.['Your Payment (USD)']).toBe(((lakewood.contractorPaymentAmount ?? 0) / 100).toFixed(2));
    expect(row?.['Permit Issued Date']).toBe(lakewood.permitIssuedDate);
    expect(row?.['Homeowner Email']).toBe(lakewood.homeowner?.email);

    // phone width: nothing wider than the screen; the tab list scrolls instead
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('tab', { name: /Active Projects/ }).click();
    await expect(lakewoodCard).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a new match appears live; accepting it moves it to Active, and an update changes its tile', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await loginAs('contractor');
    const { profile } = await contractorData(page);
    // the live channel is up before the admin acts, so the assignment's event reaches this page
    await gotoLive(page, '/contractor-dashboard');
    await page.getByRole('tab', { name: /New Matches/ }).click();
    await expect(page.getByRole('tab', { name: /New Matches/ })).toHaveAttribute('aria-selected', 'true');

    // an admin creates a job and assigns it to this contractor while the dashboard is open
    const admin = await adminApi(baseURL ?? '');
    const title = `E2E-DASH-${Date.now().toString(36).toUpperCase()}`;
    const homeownerEmail = uniqueEmail('dashboard-homeowner');
    const created = await admin.post('/api/projects', {
      data: {
        title,
        homeownerEmail,
        homeownerName: 'Dana Whitley',
        homeownerPhone: '(214) 555-0199',
        address: '3900 Swiss Ave',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75204',
        roofArea: 2000,
        materialPreference: 'METAL',
        estimatedCost: 1_500_000,
      },
    });
    expect(created.status()).toBe(201);
    const project = (await created.json()) as Project;
    const assigned = await admin.put(`/api/projects/${project.id}`, {
      data: { contractorId: profile.id, status: 'matched' },
    });
    expect(assigned.status()).toBe(200);
    await admin.dispose();

    const match = card(page, title);
    await expect(match).toBeVisible();
    await expect(match).toContainText('2,000 sq ft');
    await expect(match).toContainText('METAL');
    await expect(match).toContainText('Not specified'); // roof type: the admin form has none
    await expect(match).toContainText(dollars(Math.round(1_500_000 * 0.88)));
    await expect(match).toContainText('Dana Whitley');
    await expect(match).toContainText(homeownerEmail);
    await expect(match).toContainText('(214) 555-0199');

    await match.getByRole('button', { name: 'Accept Project' }).click();
    await expect(notice(page, 'Success')).toContainText('Project updated successfully!');
    await expect(page.getByRole('tab', { name: /Active Projects/ })).toHaveAttribute('aria-selected', 'true');
    const job = card(page, title);
    // the keyboard follows the job to its Active card
    await expect(job.getByRole('heading', { name: title })).toBeFocused();
    await expect(job).toContainText('in progress');
    await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    // Homeowner Contact: checked, no date chosen, so the server stamps today
    const contactButton = job.getByRole('button', { name: 'Update Homeowner Contact' });
    await contactButton.click();
    let dialog = page.getByRole('dialog', { name: 'Update Homeowner Contact' });
    await expect(dialog).toContainText(title);
    await expect(dialog).toContainText('3900 Swiss Ave, Dallas, TX 75204');
    await dialog.getByRole('checkbox', { name: 'Homeowner contacted' }).click();
    await expect(dialog.getByLabel('Contact date')).toHaveValue('');
    await dialog.getByLabel('Notes').fill('Called Dana; walk-through on Friday.');
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(notice(page, 'Project Updated')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(contactButton).toBeFocused();
    await expect(tile(job, 'Homeowner Contact')).toContainText('Completed');
    await expect(tile(job, 'Homeowner Contact')).toContainText(day(new Date().toISOString()));
    await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');

    // Permit Status: issued on a chosen day; only the permit fields are sent
    const sent: unknown[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/projects/${project.id}`))
        sent.push(r.postDataJSON());
    });
    await job.getByRole('button', { name: 'Update Permit Status' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Permit Status' });
    await dialog.getByLabel('Permit status').selectOption('issued');
    await dialog.getByLabel('Issued date').fill('2026-03-16');
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(dialog).toBeHidden();
    await expect(tile(job, 'Permit Status')).toContainText('issued');
    await expect(tile(job, 'Permit Status')).toContainText('Mar 16, 2026');
    await expect(job.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0] as object).sort()).toEqual(['permitIssuedDate', 'permitStatus', 'updatedAt']);

    // Photos: a real image through 'Upload Installation Photos'; the tile counts it
    const photosButton = tile(job, 'Install Completed').getByRole('button', { name: /^Photos/ });
    await expect(tile(job, 'Install Completed')).toContainText('0 photos');
    await photosButton.click();
    dialog = page.getByRole('dialog', { name: 'Upload Installation Photos' });
    await expect(dialog).toContainText('PNG, JPG, GIF up to 10MB each');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b4532a' } })
      .png()
      .toBuffer();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ridge.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(dialog).toBeHidden();
    await expect(photosButton).toBeFocused();
    await expect(tile(job, 'Install Completed')).toContainText('1 photo');

    // a refused update keeps the dialog open with the spec's message
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**/api/projects/${project.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await answered;
      await route.fulfill({ status: 500, json: { message: 'Something went wrong on our side.' } });
    });
    await job.getByRole('button', { name: 'Update Crew Scheduled' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Crew Schedule' });
    await dialog.getByRole('checkbox', { name: 'Crew scheduled' }).click();
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    // while the call is out, the button says so and cannot be pressed again
    await expect(dialog.getByRole('button', { name: 'Updating...' })).toBeDisabled();
    answer();
    // the toast, and the same words inside the dialog (a modal dialog hides the toasts from screen readers)
    await expect(page.locator('li').filter({ hasText: 'Error' })).toContainText(
      'Failed to update project. Please try again.',
    );
    await expect(dialog.getByRole('alert')).toContainText('Failed to update project. Please try again.');
    await expect(dialog.getByRole('alert')).toContainText('Something went wrong on our side.');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(tile(job, 'Crew Scheduled')).toContainText('Not Scheduled');

    // the server holds what the tiles show
    let saved = (await (await page.request.get(`/api/projects/${project.id}`)).json()) as Project;
    expect(saved.status).toBe('in_progress');
    expect(saved.homeownerContactCompleted).toBe(true);
    expect(saved.homeownerContactNotes).toBe('Called Dana; walk-through on Friday.');
    expect(saved.permitStatus).toBe('issued');
    expect(dateInputValue(saved.permitIssuedDate ?? '')).toBe('2026-03-16');
    expect(saved.crewScheduled).toBe(false);
    expect(saved.installPhotos).toHaveLength(1);

    // installation completed: the job moves to Completed and the focus stays on the tabs
    await page.unroute(`**/api/projects/${project.id}`);
    await job.getByRole('button', { name: 'Update Install Completed' }).click();
    dialog = page.getByRole('dialog', { name: 'Update Installation Status' });
    await dialog.getByRole('checkbox', { name: 'Installation completed' }).click();
    await expect(dialog).toContainText('it moves to your Completed tab');
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(job).toBeHidden();
    await expect(page.getByRole('tab', { name: /Active Projects/ })).toBeFocused();
    await page.getByRole('tab', { name: /Completed/ }).click();
    const done = card(page, title);
    await expect(done).toContainText(day(new Date().toISOString()));
    await expect(done).toContainText(dollars(Math.round(1_500_000 * 0.88)));
    await expect(done).toContainText('1 photo uploaded');
    saved = (await (await page.request.get(`/api/projects/${project.id}`)).json()) as Project;
    expect(saved.status).toBe('completed');
  });

  test('an account without a contractor profile is asked to complete one', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    await page.goto('/contractor-dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Contractor Profile Required' })).toBeVisible();
    await expect(
      page.getByText('Please complete your contractor profile to access the dashboard.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Complete Profile' })).toHaveAttribute(
      'href',
      '/contractor/profile',
    );
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('a contractor not yet verified sees their application status instead of an empty board', async ({
    page,
    loginAs,
  }) => {
    const user = await loginAs('pendingContractor');
    const profile = (await (await page.request.get('/api/contractor/profile')).json()) as ContractorProfile;
    expect(profile.verificationStatus).not.toBe('verified');
    const status = verificationStatusText[profile.verificationStatus];
    await page.goto('/contractor-dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome back, ${user.firstName}` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: status.title })).toBeVisible();
    await expect(page.getByText(status.description)).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export as CSV' })).toHaveCount(0);
  });

  test('signed out: Unauthorized, then the sign-in page that returns here', async ({ page }) => {
    // The notice shows for 500 ms before the sign-in navigation: a check polled from here can miss
    // it on a loaded machine, and then waits on the navigation held below for ever. The page reports
    // it itself, from a MutationObserver, and the navigation is held until it has.
    await page.addInitScript(() => {
      let told = '';
      new MutationObserver(() => {
        const item = Array.from(document.querySelectorAll('[role="region"] li')).find((li) =>
          li.textContent?.includes('Unauthorized'),
        );
        const text = item?.textContent ?? '';
        if (text && text !== told) {
          told = text;
          console.info(`notice shown: ${text}`);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const shown = page.waitForEvent('console', {
      predicate: (m) => m.text().startsWith('notice shown: ') && m.text().includes('Logging in again'),
    });
    await page.route('**/api/login?**', async (route) => {
      await shown;
      await route.fallback();
    });
    await page.goto('/contractor-dashboard');
    expect((await shown).text()).toContain('Unauthorized');
    expect((await shown).text()).toContain('You are logged out. Logging in again...');
    await page.waitForURL('**/login?returnTo=%2Fcontractor-dashboard');
    // and again on the sign-in page, where it stays long enough to be read
    await expect(notice(page, 'Unauthorized')).toContainText('You are logged out. Logging in again...');
  });
});
