import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoAccounts, expect, signedInContext, test } from './fixtures';

/** An admin creates a project for the demo homeowner (POST /api/projects); answers its id. */
async function createProject(admin: APIRequestContext): Promise<string> {
  const res = await admin.post('/api/projects', {
    data: {
      title: `SWRX-${new Date().getFullYear()}-${String(Date.now()).slice(-6)}`,
      description: 'Hail damage: full tear-off and replacement.',
      homeownerEmail: demoAccounts.homeowner,
      address: '2715 Cedar Springs Rd',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      roofArea: 2200,
      materialPreference: '30 YEAR LAMINATE SHINGLE',
      priority: 'high',
      estimatedCost: 1_450_000,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const project = (await res.json()) as { id: string };
  expect(project.id).toMatch(/^[0-9a-f-]{36}$/);
  return project.id;
}

/** The demo contractor's profile id, as GET /api/contractor/profile answers it to them. */
async function contractorProfileId(contractor: APIRequestContext): Promise<string> {
  const res = await contractor.get('/api/contractor/profile');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** A real 24x24 PNG (an orange square), built here so the server's content check and thumbnailer get a true image. */
function smallPng(): Buffer {
  const size = 24;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([0xf9, 0x73, 0x16]))]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Opens a project page and waits until it has settled on the project or on Not Found. The first
 * load (route chunk, signed-in user, project) gets more time than a later change on a busy machine.
 */
async function openProject(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(
    page.getByTestId('tracker-percent').or(page.getByRole('heading', { name: 'Project Not Found' })),
  ).toBeVisible({ timeout: 20_000 });
}

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const stage = (page: Page, name: string) => page.getByRole('listitem', { name });
const percent = (page: Page) => page.getByTestId('tracker-percent');

test.describe('project page and progress tracker', () => {
  test('a contractor accepts a match and works all six stages while the homeowner watches live', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const adminContext = await signedInContext(browser, 'admin');
    const contractorContext = await signedInContext(browser, 'contractor');
    const homeownerContext = await signedInContext(browser, 'homeowner');
    try {
      const id = await createProject(adminContext.request);
      const assign = await adminContext.request.put(`/api/projects/${id}`, {
        data: { contractorId: await contractorProfileId(contractorContext.request), status: 'matched' },
      });
      expect(assign.status(), await assign.text()).toBe(200);

      // context B: the homeowner opens the page once and never reloads it
      const homeowner = await homeownerContext.newPage();
      await openProject(homeowner, `/projects/${id}`);
      await expect(homeowner.getByTestId('project-badges')).toContainText('Contractor Assigned');
      await expect(percent(homeowner)).toHaveText('0% complete');
      await expect(homeowner.getByText('Approved Budget')).toBeVisible();
      await expect(homeowner.getByText('$14,500.00')).toBeVisible();
      await expect(homeowner.getByRole('button', { name: 'Accept Project' })).toHaveCount(0);
      await homeowner.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });

      // context A: the contractor sees their payment, accepts, then works the stages
      const contractor = await contractorContext.newPage();
      await openProject(contractor, `/project/${id}`);
      await expect(contractor.getByText('Your Payment')).toBeVisible();
      await expect(contractor.getByText('$12,760.00')).toBeVisible();
      await expect(stage(contractor, 'Homeowner Contact').getByRole('button')).toHaveCount(0);
      await contractor.getByRole('button', { name: 'Accept Project' }).click();
      await expect(contractor.getByText('Project Updated').first()).toBeVisible();
      await expect(homeowner.getByTestId('project-badges')).toContainText('Work in Progress');

      const steps: { name: string; button: string; percent: number }[] = [
        { name: 'Homeowner Contact', button: 'Mark Complete', percent: 17 },
        { name: 'Material Selection', button: 'Mark Complete', percent: 33 },
        { name: 'Contract Signature', button: 'Mark Complete', percent: 50 },
        { name: 'Permits & Approvals', button: 'Permit Issued', percent: 67 },
      ];
      for (const step of steps) {
        await stage(contractor, step.name).getByRole('button', { name: step.button }).click();
        await expect(stage(contractor, step.name)).toContainText('Completed');
        await expect(percent(homeowner)).toHaveText(`${step.percent}% complete`);
        await expect(stage(homeowner, step.name)).toContainText('Completed');
      }

      // materials: ordered shows the stage in progress, delivered completes it
      await stage(contractor, 'Material Delivery').getByRole('button', { name: 'Mark Ordered' }).click();
      await expect(stage(homeowner, 'Material Delivery')).toContainText('In Progress');
      await expect(percent(homeowner)).toHaveText('67% complete');
      await stage(contractor, 'Material Delivery').getByRole('button', { name: 'Mark Delivered' }).click();
      await expect(percent(homeowner)).toHaveText('83% complete');
      await expect(stage(homeowner, 'Material Delivery')).toContainText('Completed');

      // installation: a real photo through the upload dialog, then the job is complete
      const installation = stage(contractor, 'Installation Complete');
      await installation.getByRole('button', { name: 'Upload Installation Photos' }).click();
      const dialog = contractor.getByRole('dialog', { name: 'Upload Installation Photos' });
      await expect(dialog.getByText('PNG, JPG, GIF up to 10MB each')).toBeVisible();
      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'finished-ridge.png', mimeType: 'image/png', buffer: smallPng() });
      await dialog.getByRole('button', { name: 'Upload Photos' }).click();
      await expect(dialog).toBeHidden();
      await expect(contractor.getByText('Photos Uploaded').first()).toBeVisible();
      await expect(installation.getByRole('img', { name: 'finished-ridge.png' })).toBeVisible();
      // the homeowner sees the photo arrive before the job is marked complete
      const photo = stage(homeowner, 'Installation Complete').getByRole('img', {
        name: 'finished-ridge.png',
      });
      await expect(photo).toBeVisible();
      await expect(percent(homeowner)).toHaveText('83% complete');
      await installation.getByRole('button', { name: 'Mark Complete' }).click();

      await expect(homeowner.getByText('Project completed!')).toBeVisible();
      await expect(percent(homeowner)).toHaveText('100% complete');
      await expect(homeowner.getByTestId('project-badges')).toContainText('Completed');
      await expect(stage(homeowner, 'Installation Complete')).toContainText('Completed');
      // the thumbnail the server made really loads for the homeowner
      await expect(photo).toHaveJSProperty('complete', true);
      expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      // the details tab lists the photo too, still without a reload
      await homeowner.getByRole('tab', { name: 'Project Details' }).click();
      await expect(homeowner.getByRole('heading', { name: 'Installation Photos' })).toBeVisible();
      await expect(homeowner.getByRole('button', { name: 'Open finished-ridge.png' })).toBeVisible();
      expect(
        await homeowner.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      ).toBe(true);
      await expect(contractor.getByText('Project completed!')).toBeVisible();
      await expect(installation.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
    } finally {
      await Promise.all([adminContext.close(), contractorContext.close(), homeownerContext.close()]);
    }
  });

  test('anyone who may not open a project, and a malformed id, get Project Not Found', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const adminContext = await signedInContext(browser, 'admin');
    const contractorContext = await signedInContext(browser, 'contractor');
    try {
      // a pending project is not the demo contractor's: its page must not reveal it
      const id = await createProject(adminContext.request);
      const page = await contractorContext.newPage();
      await openProject(page, `/projects/${id}`);
      await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
      await expect(
        page.getByText("The project you're looking for doesn't exist or you don't have access to it."),
      ).toBeVisible();
      await expect(page.getByText('2715 Cedar Springs Rd')).toHaveCount(0);

      await openProject(page, '/projects/not-a-project');
      await expect(page.getByRole('heading', { name: 'Project Not Found' })).toBeVisible();
      await page.getByRole('button', { name: 'Go Back' }).click();
      await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));

      // the admin opens it: read-only tracker, the budget, back to the admin dashboard
      const adminPage = await adminContext.newPage();
      await openProject(adminPage, `/projects/${id}`);
      await expect(adminPage.getByRole('heading', { level: 1 })).toContainText('SWRX-');
      await expect(adminPage.getByText('Approved Budget')).toBeVisible();
      await expect(adminPage.getByTestId('project-badges')).toHaveText(/pending\s*high priority/);
      await expect(stage(adminPage, 'Homeowner Contact').getByRole('button')).toHaveCount(0);
      await expect(adminPage.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin-dashboard');
    } finally {
      await Promise.all([adminContext.close(), contractorContext.close()]);
    }
  });

  test('signed out, the page sends the visitor to sign in and back', async ({ page }) => {
    await page.goto('/projects/0b5e2f1c-6a0e-4f57-9c39-2a0d4e1d9c11');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fprojects%2F0b5e2f1c/);
    // the notice is carried to the sign-in page (the redirect comes after 500 ms)
    await expect(page.getByText('You are logged out. Logging in again...').first()).toBeVisible();
  });

  test('tabs by keyboard and the details fallbacks @smoke', async ({ browser }) => {
    test.setTimeout(90_000);
    const adminContext = await signedInContext(browser, 'admin');
    try {
      const res = await adminContext.request.post('/api/projects', {
        data: {
          title: `SWRX-${new Date().getFullYear()}-9${String(Date.now()).slice(-5)}`,
          homeownerEmail: demoAccounts.homeowner,
          address: '88 Bare Minimum Ct',
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      const { id } = (await res.json()) as { id: string };
      const page = await adminContext.newPage();
      await openProject(page, `/projects/${id}`);
      await expect(page.getByText('TBD')).toBeVisible();
      await expect(page.getByText('Not specified')).toHaveCount(2);
      const workflowTab = page.getByRole('tab', { name: 'Project Workflow' });
      await expect(workflowTab).toHaveAttribute('aria-selected', 'true');
      expect(await wcagViolations(page), 'workflow tab').toEqual([]);
      await workflowTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'Messages' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(
        page.getByText('The conversation belongs to the homeowner and the contractor'),
      ).toBeVisible();
      expect(await wcagViolations(page), 'messages tab').toEqual([]);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect(page.getByText('No description provided')).toBeVisible();
      await expect(page.getByTestId('timeline')).toContainText('Work StartedNot yet');
      await expect(page.getByText('No contractor assigned yet')).toBeVisible();
      expect(await wcagViolations(page), 'details tab').toEqual([]);
    } finally {
      await adminContext.close();
    }
  });
});
