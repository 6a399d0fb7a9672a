import { demoAccounts, expect, gotoLive, signedInContext, test } from './fixtures';
import { png } from './image-helpers';

/**
 * Issue 23 #8 and #9: the contractor attaches two captioned photos to "Install Completed" from the
 * step's dialog; the homeowner's open project page shows them in its photo log under that step
 * and its activity feed says so, without a reload; a message with a photo shows its thumbnail to
 * the other side.
 */

test('photos tagged to a step reach the homeowner photo log and activity feed live; a message carries a photo', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  try {
    // a started job of the demo homeowner with the demo contractor
    const title = `SWRX-${new Date().getFullYear()}-${String(Date.now()).slice(-6)}`;
    const created = await admin.request.post('/api/projects', {
      data: {
        title,
        homeownerEmail: demoAccounts.homeowner,
        address: '4100 Gaston Ave',
        city: 'Dallas',
        state: 'TX',
        zipCode: '75246',
        estimatedCost: 1_300_000,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const projectId = ((await created.json()) as { id: string }).id;
    const profile = (await (await crew.request.get('/api/contractor/profile')).json()) as { id: string };
    const assigned = await admin.request.put(`/api/projects/${projectId}`, {
      data: { contractorId: profile.id, status: 'matched' },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    const accepted = await crew.request.put(`/api/projects/${projectId}`, {
      data: { status: 'in_progress' },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // the homeowner has the project page open, live
    const ownerPage = await owner.newPage();
    await gotoLive(ownerPage, `/projects/${projectId}`);
    const log = ownerPage.getByTestId('photo-log');
    await expect(log).toContainText('No photos yet', { timeout: 20_000 });
    const feed = ownerPage.getByTestId('project-activity');
    await expect(feed.getByTestId('project-activity-item').first()).toHaveText(/Work started/);
    await ownerPage.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    // the contractor attaches two captioned photos to Install Completed from the step's dialog
    const crewPage = await crew.newPage();
    await gotoLive(crewPage, '/contractor-dashboard');
    const job = crewPage.getByRole('article', { name: title, exact: true });
    await job.getByRole('button', { name: 'Update Install Completed' }).click();
    const dialog = crewPage.getByRole('dialog', { name: 'Update Installation Status' });
    await dialog.getByLabel('Attach photos to this step').setInputFiles([
      { name: 'old-decking.png', mimeType: 'image/png', buffer: png([120, 80, 40]) },
      { name: 'new-shingles.png', mimeType: 'image/png', buffer: png([40, 60, 90]) },
    ]);
    await dialog.getByLabel('Caption for old-decking.png').fill('Old decking before tear-off');
    await dialog.getByLabel('Caption for new-shingles.png').fill('New shingles on the south slope');
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(dialog).toBeHidden();

    // the homeowner's open page: the photos under their step, before and after, and the feed
    const step = log.getByTestId('photo-log-step-install_completed');
    await expect(step).toContainText('Install Completed (2 photos)');
    await expect(step.getByTestId('photo-log-before-after')).toContainText('Old decking before tear-off');
    await expect(step.getByTestId('photo-log-before-after')).toContainText('New shingles on the south slope');
    await expect(
      step.getByRole('link', { name: 'Open Before: Old decking before tear-off full size' }),
    ).toBeVisible();
    await expect(feed.getByTestId('project-activity-item').first()).toContainText(
      '2 photos added to Install Completed',
    );
    expect(await ownerPage.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    // a message with a photo: the homeowner sees its thumbnail, which opens the photo
    await ownerPage.goto(`/projects/${projectId}?tab=messages`);
    await expect(ownerPage.getByRole('log')).toBeVisible();
    await crewPage.goto(`/projects/${projectId}?tab=messages`);
    await expect(crewPage.getByRole('log')).toBeVisible();
    await crewPage.getByTestId('message-photo-input').setInputFiles({
      name: 'ridge-vent.png',
      mimeType: 'image/png',
      buffer: png([200, 120, 30]),
    });
    await crewPage.getByLabel('Message', { exact: true }).fill('Ridge vent is in.');
    await crewPage.getByRole('button', { name: 'Send message' }).click();
    const photo = ownerPage
      .getByRole('log')
      .getByRole('link', { name: 'Open photo ridge-vent.png full size' });
    await expect(photo).toBeVisible({ timeout: 15_000 });
    await expect(ownerPage.getByRole('log')).toContainText('Ridge vent is in.');
    const thumbnail = photo.getByRole('img');
    await expect(thumbnail).toHaveJSProperty('complete', true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const full = await owner.request.get((await photo.getAttribute('href')) as string);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('image/png');
  } finally {
    await Promise.all([admin.close(), crew.close(), owner.close()]);
  }
});

test('the photo log and activity fit a 390 px phone without sideways scrolling', async ({
  browser,
  baseURL,
}) => {
  const owner = await signedInContext(browser, 'homeowner', {
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await owner.newPage();
    const me = (await (await owner.request.get('/api/auth/user')).json()) as { id: string };
    const list = (await (await owner.request.get(`/api/projects/homeowner/${me.id}`)).json()) as {
      id: string;
      status: string;
    }[];
    const started = list.find((p) => p.status === 'in_progress') ?? list[0];
    await page.goto(`/projects/${started?.id}`);
    await expect(page.getByTestId('photo-log')).toBeVisible({ timeout: 20_000 });
    await expect(
      page.getByTestId('project-activity').getByTestId('project-activity-item').first(),
    ).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await owner.close();
  }
});
