import AxeBuilder from '@axe-core/playwright';
import { expect, gotoLive, projectBetween, signedInContext, test } from './fixtures';
import { png } from './image-helpers';

/**
 * Issue 25 #1, #2: the contractor submits the final inspection of a completed job (a photo on
 * Flashing); the homeowner, whose page is open, sees it live, reports one issue with a photo; the
 * contractor resolves it; the homeowner accepts the work. The status stays "Completed" throughout,
 * with the stage beside it.
 */

test('final inspection, one punch-list item reported and resolved, the work accepted', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  try {
    const { id } = await projectBetween(admin, crew);
    for (const data of [{ status: 'in_progress' }, { installCompleted: true }]) {
      const res = await crew.request.put(`/api/projects/${id}`, { data });
      expect(res.status(), await res.text()).toBe(200);
    }

    const ownerPage = await owner.newPage();
    await gotoLive(ownerPage, `/projects/${id}`);
    const ownerCloseout = ownerPage.getByTestId('closeout');
    await expect(ownerCloseout).toContainText('Awaiting final inspection', { timeout: 20_000 });
    await ownerPage.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    // the contractor completes the checklist, a photo on Flashing, and submits it
    const crewPage = await crew.newPage();
    await gotoLive(crewPage, `/projects/${id}`);
    const crewCloseout = crewPage.getByTestId('closeout');
    const form = crewCloseout.getByRole('form', { name: 'Final inspection' });
    await expect(form).toBeVisible({ timeout: 20_000 });
    for (const label of [
      'Flashing',
      'Drip edge',
      'Ventilation',
      'Ridge',
      'Penetrations sealed',
      'Magnet sweep of nails',
      'Debris removed',
    ]) {
      await form.getByRole('checkbox', { name: label, exact: true }).click();
    }
    await form.getByLabel('Gutters clear note').fill('No gutters on this house');
    await form.getByLabel('Flashing photos').setInputFiles({
      name: 'flashing.png',
      mimeType: 'image/png',
      buffer: png([90, 90, 90]),
    });
    await form.getByRole('button', { name: 'Submit Final Inspection' }).click();
    await expect(crewCloseout).toContainText('Checklist, submitted');
    await expect(crewCloseout.getByRole('list', { name: 'Photos of Flashing' }).getByRole('img')).toHaveCount(
      1,
    );

    // the homeowner sees it live, the stage beside the unchanged status, and reports one issue
    await expect(ownerPage.getByTestId('project-badges')).toContainText('Awaiting your acceptance');
    await expect(ownerPage.getByTestId('project-badges')).toContainText('Completed');
    await expect(ownerCloseout.getByTestId('inspection-item')).toHaveCount(8);
    await expect(ownerCloseout).toContainText('No gutters on this house');
    const axe = await new AxeBuilder({ page: ownerPage }).include('[data-testid="closeout"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await ownerCloseout.getByRole('button', { name: 'Report an Issue' }).click();
    await ownerCloseout.getByLabel('What needs fixing').fill('Nails left on the driveway');
    await ownerCloseout.getByLabel('Photos (optional)').setInputFiles({
      name: 'nails.png',
      mimeType: 'image/png',
      buffer: png([200, 180, 20]),
    });
    await ownerCloseout.getByRole('button', { name: 'Send to the contractor' }).click();
    await expect(ownerCloseout.getByTestId('punch-item')).toContainText('Nails left on the driveway');
    await expect(ownerPage.getByTestId('project-badges')).toContainText('Punch list open');
    await expect(ownerCloseout.getByRole('button', { name: 'Accept the Work' })).toHaveCount(0);

    // the contractor resolves it (live on their page too)
    const item = crewCloseout.getByTestId('punch-item');
    await expect(item).toContainText('Nails left on the driveway');
    await expect(item.getByRole('list', { name: 'Photos of issue 1' }).getByRole('img')).toHaveCount(1);
    await item.getByRole('button', { name: 'Resolve issue 1' }).click();
    await item.getByLabel('What was done').fill('Swept the driveway with the magnet again');
    await item.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(item).toContainText('Resolved by the contractor');

    // the homeowner accepts the work
    await expect(ownerCloseout.getByTestId('punch-item')).toContainText(
      'Swept the driveway with the magnet again',
    );
    await ownerCloseout.getByRole('button', { name: 'Accept the Work' }).click();
    await expect(ownerCloseout).toContainText('Work accepted on');
    await expect(ownerPage.getByTestId('project-badges')).not.toContainText('Awaiting');
    await expect(crewCloseout).toContainText('Work accepted on');
    expect(await ownerPage.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
    const project = (await (await owner.request.get(`/api/projects/${id}`)).json()) as {
      status: string;
      workAcceptedAt: string | null;
    };
    expect(project.status).toBe('completed');
    expect(project.workAcceptedAt).not.toBeNull();
  } finally {
    await Promise.all([admin.close(), crew.close(), owner.close()]);
  }
});

test('the final inspection fits a 390 px phone, its buttons 44 px tall', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', {
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const { id } = await projectBetween(admin, crew);
    for (const data of [{ status: 'in_progress' }, { installCompleted: true }]) {
      const res = await crew.request.put(`/api/projects/${id}`, { data });
      expect(res.status(), await res.text()).toBe(200);
    }
    const page = await crew.newPage();
    await page.goto(`/projects/${id}`);
    const form = page.getByTestId('closeout').getByRole('form', { name: 'Final inspection' });
    await expect(form).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('project-badges')).toContainText('Final inspection due');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const submit = await form.getByRole('button', { name: 'Submit Final Inspection' }).boundingBox();
    expect(submit?.height ?? 0).toBeGreaterThanOrEqual(44);
    // a submission missing an explanation is refused on the page, before any call
    await form.getByRole('button', { name: 'Submit Final Inspection' }).click();
    await expect(form.getByRole('alert')).toContainText('Check each item, or say in its note why');
  } finally {
    await Promise.all([admin.close(), crew.close()]);
  }
});
