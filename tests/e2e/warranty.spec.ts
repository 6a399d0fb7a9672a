import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext } from '@playwright/test';
import { DEMO_PASSWORD, expect, gotoLive, signedInContext, test } from './fixtures';
import { png } from './image-helpers';

/**
 * Issue 25 #6, #7 on the demo data's warranty (a completed job of the demo contractor, paid in
 * full: SWRX-2026-0231, its certificate made and mailed by the job at the server's start): the
 * homeowner finds the warranty on the project page and in the job file, downloads the
 * certificate, and opens a claim with a photo; the contractor, whose page is open, sees it live,
 * replies and schedules a visit, which the homeowner sees live.
 */
const DEMO_WARRANTY_PROJECT = 'SWRX-2026-0231';
const OWNER = 'angela.foster@demo.test';

async function signedInAs(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
}

test('the demo warranty: certificate in the job file and the mailbox, a claim answered and scheduled', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  const owner = await browser.newContext({ baseURL });
  try {
    await signedInAs(owner, OWNER);
    const projects = (await (await admin.request.get('/api/projects')).json()) as {
      id: string;
      title: string;
    }[];
    const id = projects.find((p) => p.title === DEMO_WARRANTY_PROJECT)?.id;
    expect(id, 'the demo warranty project').toBeTruthy();

    // the certificate, made at the start, is mailed to the homeowner with the PDF attached
    await expect
      .poll(
        async () => {
          const res = await admin.request.get(`/api/admin/outbox?to=${encodeURIComponent(OWNER)}`);
          const mails = (await res.json()) as { subject: string; attachments: { contentType: string }[] }[];
          return mails
            .filter((m) => m.subject.startsWith('Your roof warranty certificate'))
            .map((m) => m.attachments[0]?.contentType);
        },
        { timeout: 30_000 },
      )
      .toEqual(['application/pdf']);

    const ownerPage = await owner.newPage();
    await gotoLive(ownerPage, `/projects/${id}`);
    const panel = ownerPage.getByTestId('project-warranty');
    await expect(panel).toContainText('10 years', { timeout: 20_000 });
    await expect(panel).toContainText('30 YEAR LAMINATE SHINGLE');
    const download = panel.getByRole('link', { name: 'Download the warranty certificate' });
    const href = await download.getAttribute('href');
    const pdf = await owner.request.get(href ?? '');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const axe = await new AxeBuilder({ page: ownerPage })
      .include('[data-testid="project-warranty"]')
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // the contractor's page is open on the project
    const crewPage = await crew.newPage();
    await gotoLive(crewPage, `/projects/${id}`);
    const crewPanel = crewPage.getByTestId('project-warranty');
    await expect(crewPanel).toContainText('Warranty claims', { timeout: 20_000 });
    // each run its own claim (a repeat runs on the same demo data)
    const what = `A water stain on the bedroom ceiling after the storm (${Date.now()}).`;

    // the homeowner opens a claim with a photo
    await panel.getByRole('button', { name: 'Open a Warranty Claim' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Open a warranty claim' });
    await dialog.getByRole('button', { name: 'Send Claim' }).click();
    await expect(dialog.getByLabel('What happened?')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('What happened?').fill(what);
    await dialog.getByLabel('Photos (optional)').setInputFiles({
      name: 'stain.png',
      mimeType: 'image/png',
      buffer: png([120, 90, 60]),
    });
    await dialog.getByRole('button', { name: 'Send Claim' }).click();
    await expect(dialog).toHaveCount(0);
    const ownerClaim = panel.getByTestId('warranty-claim').filter({ hasText: what });
    await expect(ownerClaim).toBeVisible();
    await expect(ownerClaim).toContainText('Open');
    await expect(ownerClaim.getByRole('list', { name: 'Photos of the claim' }).getByRole('img')).toHaveCount(
      1,
    );

    // the contractor sees it live, replies and schedules a visit
    const crewClaim = crewPanel.getByTestId('warranty-claim').filter({ hasText: what });
    await expect(crewClaim).toBeVisible();
    await crewClaim.getByLabel('Your message').fill('We will come and look at the flashing.');
    await crewClaim.getByRole('button', { name: 'Send Message' }).click();
    await expect(crewClaim.getByRole('list', { name: 'Claim thread' })).toContainText('We will come');
    await crewClaim.getByRole('button', { name: 'Schedule Visit' }).click();
    await crewClaim.getByLabel('Visit date').fill('2026-12-03');
    await crewClaim.getByRole('button', { name: 'Save Visit Date' }).click();
    await expect(crewClaim).toContainText('Visit on December 3, 2026');

    // the homeowner sees both live, and cannot change the status
    await expect(ownerClaim.getByRole('list', { name: 'Claim thread' })).toContainText('We will come');
    await expect(ownerClaim).toContainText('Visit on December 3, 2026');
    await expect(ownerClaim.getByRole('button', { name: 'Schedule Visit' })).toHaveCount(0);

    // the job file keeps the certificate
    await ownerPage.getByRole('tab', { name: 'Project Details' }).click();
    await expect(ownerPage.getByTestId('warranty-certificate-link')).toBeVisible();

    // the admins see the claim with its age
    const adminPage = await admin.newPage();
    await adminPage.goto('/admin-dashboard');
    await expect(adminPage.getByTestId('open-warranty-claims')).toContainText(DEMO_WARRANTY_PROJECT, {
      timeout: 20_000,
    });
  } finally {
    await Promise.all([admin.close(), crew.close(), owner.close()]);
  }
});
