import type { BrowserContext, Page } from '@playwright/test';
import { homeownerPendingMessages } from '../../src/domain/projects/job-file';
import { projectMessages } from '../../src/domain/projects/workflow';
import { DEMO_PASSWORD, expect, gotoLive, signedInContext, test } from './fixtures';
import { png } from './image-helpers';
import { adminApi, notice, uniqueEmail, waitForMail } from './lead-helpers';

/**
 * The job loop of issue 23, with three people (and a second contractor): the admin creates a
 * project for a homeowner who has not confirmed their address and assigns it; the contractor's
 * open dashboard is told at once and declines (back to the admin); a second contractor accepts;
 * the crew date reaches the homeowner's open page and mailbox (with its calendar file); both sides
 * read the same steps and dates.
 */

const SECOND_CONTRACTOR = 'dwayne.harris@trinitypeakroofing.test';

function bellOf(page: Page) {
  return page.getByRole('button', { name: /^Notifications/ });
}

/** Opens the bell's list and answers the row of a notification naming `text`. */
async function notificationRow(page: Page, text: string) {
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  if (!(await panel.isVisible())) await bellOf(page).click();
  return panel.getByRole('link', { name: new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
}

async function contextFor(browser: import('@playwright/test').Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `sign in as ${email}`).toBe(200);
  return context;
}

test('the job loop: created for an unconfirmed homeowner, declined once, accepted, scheduled; everyone told live', async ({
  browser,
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const contexts: BrowserContext[] = [];
  try {
    // a homeowner registered but never confirmed their address
    const homeownerEmail = uniqueEmail('loop-homeowner');
    const homeowner = await browser.newContext({ baseURL });
    contexts.push(homeowner);
    const registered = await homeowner.request.post('/api/auth/register', {
      data: { firstName: 'Riley', lastName: 'Stone', email: homeownerEmail, password: 'riley-stone-22' },
    });
    expect(registered.status(), await registered.text()).toBe(201);

    // the first contractor's dashboard is open on New Matches, live
    const crew = await signedInContext(browser, 'contractor');
    contexts.push(crew);
    const crewPage = await crew.newPage();
    await gotoLive(crewPage, '/contractor-dashboard');
    await crewPage.getByRole('tab', { name: /New Matches/ }).click();

    // --- the admin creates the project for that address and assigns it
    await loginAs('admin');
    await gotoLive(page, '/admin-dashboard');
    await page.getByRole('button', { name: 'New Project' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Project' });
    const title = `SWRX-${new Date().getFullYear()}-L${Date.now().toString().slice(-5)}`;
    await create.getByLabel(/SWRX Job ID/).fill(title);
    await create.getByLabel(/Homeowner Email/).fill(homeownerEmail);
    await create.getByLabel('Homeowner Name').fill('Riley Stone');
    await create.getByLabel('Homeowner Phone').fill('(214) 555-0177');
    await create.getByLabel(/Address/).fill('4410 Swiss Ave');
    await create.getByLabel('City').fill('Dallas');
    await create.getByLabel('State').fill('TX');
    await create.getByLabel('ZIP Code').fill('75204');
    await create.getByLabel('Roof Area (sq ft)').fill('2600');
    await create.getByLabel('Approved Budget ($)').fill('19,800');
    await create.getByRole('button', { name: 'Create Project' }).click();
    await expect(create.getByRole('status')).toContainText(projectMessages.created);
    await expect(create).toContainText(homeownerPendingMessages.created(homeownerEmail));
    await create.getByRole('button', { name: 'Cancel' }).click();

    const pending = page.getByRole('button', { name: /^Pending Projects/ });
    await pending.click();
    const pendingPanel = page.getByRole('region', { name: 'Pending Projects' });
    await expect(
      pendingPanel.getByRole('listitem').filter({ hasText: title }).getByTestId('homeowner-pending'),
    ).toHaveText(homeownerPendingMessages.badge);
    await pendingPanel.getByRole('button', { name: `Assign Contractor to ${title}` }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Contractor' });
    await assign.getByRole('radio', { name: /Lone Star Roofing & Restoration/ }).check();
    await assign.getByRole('button', { name: 'Assign Contractor' }).click();
    await expect(notice(page, 'Success')).toContainText(projectMessages.assigned);

    // --- the contractor's open dashboard is told at once: bell, card with the response target
    await expect(bellOf(crewPage)).toHaveAccessibleName(/Notifications, \d+ unread/);
    await expect(await notificationRow(crewPage, `New match: ${title}`)).toBeVisible();
    await crewPage.keyboard.press('Escape');
    const match = crewPage.getByRole('article', { name: title, exact: true });
    await expect(match).toBeVisible();
    await expect(match.getByTestId('match-clock')).toContainText('Please respond within 2');
    await expect(match).toContainText('(214) 555-0177');

    // --- it declines, saying why: back to the admins, who are told live
    await match.getByRole('button', { name: 'Decline' }).click();
    const declineDialog = crewPage.getByRole('dialog', { name: `Decline ${title}?` });
    await declineDialog.getByRole('button', { name: 'Decline Project' }).click();
    await expect(declineDialog.getByText(projectMessages.declineReason)).toBeVisible();
    await declineDialog.getByLabel(/Reason/).fill('Our crews are booked through the month.');
    await declineDialog.getByRole('button', { name: 'Decline Project' }).click();
    await expect(notice(crewPage, 'Project declined')).toContainText(projectMessages.declined);
    await expect(match).toHaveCount(0);

    await expect(
      await notificationRow(page, `Lone Star Roofing & Restoration declined ${title}`),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    // pending again (live), and the contractor who declined is not offered it again
    await pendingPanel.getByRole('button', { name: `Assign Contractor to ${title}` }).click();
    await expect(assign.getByRole('radio').first()).toBeVisible();
    await expect(assign.getByRole('radio', { name: /Lone Star Roofing & Restoration/ })).toHaveCount(0);
    await assign.getByRole('radio', { name: /Trinity Peak/ }).check();
    await assign.getByRole('button', { name: 'Assign Contractor' }).click();
    await expect(notice(page, 'Success')).toContainText(projectMessages.assigned);

    // --- the second contractor accepts
    const second = await contextFor(browser, baseURL as string, SECOND_CONTRACTOR);
    contexts.push(second);
    const secondPage = await second.newPage();
    await gotoLive(secondPage, '/contractor-dashboard');
    await secondPage.getByRole('tab', { name: /New Matches/ }).click();
    const secondMatch = secondPage.getByRole('article', { name: title, exact: true });
    await secondMatch.getByRole('button', { name: 'Accept Project' }).click();
    await expect(secondPage.getByRole('tab', { name: /Active Projects/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // --- the homeowner confirms their address: the project becomes theirs; their page is open
    const admin = await adminApi(baseURL as string);
    const confirmMail = await waitForMail(admin, homeownerEmail, /Confirm your email/);
    const link = /https?:\/\/\S+(\/api\/auth\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(
      confirmMail.text,
    )?.[1];
    expect(link, 'confirmation link').toBeTruthy();
    const ownerPage = await homeowner.newPage();
    await ownerPage.goto(link as string);
    const projectId = (await (await admin.get('/api/projects')).json()).find(
      (p: { title: string }) => p.title === title,
    ).id as string;
    await gotoLive(ownerPage, `/projects/${projectId}`);
    await expect(ownerPage.getByRole('heading', { level: 1 })).toContainText(title);

    // --- the crew date: set by the contractor, shown on the homeowner's open page, mailed with a calendar file
    const active = secondPage.getByRole('article', { name: title, exact: true });
    await expect(active).toBeVisible();
    await active.getByRole('button', { name: 'Update Crew Scheduled' }).click();
    const stepDialog = secondPage.getByRole('dialog', { name: 'Update Crew Schedule' });
    await stepDialog.getByLabel('Crew scheduled').check();
    await stepDialog.getByLabel('Crew date').fill('2027-03-09');
    await stepDialog.getByLabel('Arrival window from (optional)').fill('08:00');
    await stepDialog.getByLabel('Arrival window to (optional)').fill('10:00');
    await stepDialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(stepDialog).toBeHidden();

    const crewLine = 'Crew scheduled for Tue, Mar 9, 2027, arrival 8-10 am';
    await expect(ownerPage.getByTestId('crew-date')).toHaveText(crewLine);
    const crewMail = await waitForMail(admin, homeownerEmail, /^Crew scheduled for Mar 9, 8-10 am/);
    expect(crewMail.attachments.map((a) => a.filename)).toEqual([`crew-${title}.ics`]);

    // --- photos tagged to a step reach the homeowner's photo log on their open page
    await active.getByRole('button', { name: 'Update Homeowner Contact' }).click();
    const contactDialog = secondPage.getByRole('dialog', { name: 'Update Homeowner Contact' });
    await contactDialog.getByLabel('Homeowner contacted').check();
    await contactDialog
      .getByLabel('Attach photos to this step')
      .setInputFiles([{ name: 'front-slope.png', mimeType: 'image/png', buffer: png([150, 90, 60]) }]);
    await contactDialog.getByLabel('Caption for front-slope.png').fill('Front slope at the first visit');
    await contactDialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(contactDialog).toBeHidden();
    const ownerLog = ownerPage.getByTestId('photo-log');
    await expect(ownerLog.getByTestId('photo-log-step-homeowner_contact')).toContainText(
      'Front slope at the first visit',
    );
    await expect(ownerPage.getByTestId('project-activity-item').first()).toContainText(
      '1 photo added to Homeowner Contact',
    );

    // --- both sides read the same steps and dates
    await gotoLive(secondPage, `/projects/${projectId}`);
    await expect(secondPage.getByTestId('crew-date')).toHaveText(crewLine);
    await expect(secondPage.getByTestId('tracker-count')).toHaveText(
      (await ownerPage.getByTestId('tracker-count').textContent()) ?? '',
    );
    await admin.dispose();
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
