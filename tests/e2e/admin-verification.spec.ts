import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { ContractorProfileDetail } from '../../src/domain/contractors/credentials';
import { onboardingMessages } from '../../src/domain/contractors/onboarding-fields';
import { expect, test } from './fixtures';
import { adminApi, notice, waitForMail } from './lead-helpers';
import { type Applicant, apiApplicant, dateIn, samplePdf, uniqueCompany } from './onboarding-helpers';

/**
 * Contractor verification on the admin dashboard (spec 2 §2, §5, §8; issue 11): the pending list,
 * the review of everything submitted with expiry warnings, and the decision mailed to the contractor.
 */

/**
 * Far from the ZIP codes other browser tests search (Dallas): a contractor verified here must not
 * change what those tests find.
 */
const BUSINESS_ADDRESS = '400 E Broadway Ave, Bismarck, ND 58501';

/** An applicant who completed the profile wizard, with a licence document uploaded through the API. */
async function completedApplicant(
  baseURL: string,
  name: string,
  liabilityExpiresInDays: number,
): Promise<Applicant & { documentName: string }> {
  const applicant = await apiApplicant(baseURL, {
    companyName: uniqueCompany(name),
    workingStates: ['North Dakota', 'South Dakota'],
    businessAddress: BUSINESS_ADDRESS,
    steps: ['password'],
  });
  const documentName = `${name.split(' ')[0]?.toLowerCase()}-license.pdf`;
  const upload = await applicant.api.post('/api/contractor/documents', {
    multipart: {
      kind: 'license',
      state: 'North Dakota',
      file: { name: documentName, mimeType: 'application/pdf', buffer: await samplePdf() },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const document = (await upload.json()) as { id: string };
  const licenses = await applicant.api.post('/api/contractor/setup-licenses', {
    data: {
      'North Dakota': {
        state: 'North Dakota',
        licenseNumber: 'ND-RC-4471',
        expirationDate: dateIn(500),
        licenseDocumentId: document.id,
      },
      'South Dakota': { state: 'South Dakota', noLicenseRequired: true },
    },
  });
  expect(licenses.status(), await licenses.text()).toBe(200);
  const insurance = await applicant.api.post('/api/contractor/setup-insurance', {
    data: {
      generalLiability: {
        carrier: 'The Hartford',
        policyNumber: 'GL-99887766',
        expirationDate: dateIn(liabilityExpiresInDays),
        coverageAmount: 1_000_000,
      },
      workersCompensation: {
        carrier: 'North Star Mutual',
        policyNumber: 'WC-123',
        expirationDate: dateIn(200),
      },
      bonding: { carrier: 'Travelers Surety', bondAmount: '25,000' },
    },
  });
  expect(insurance.status(), await insurance.text()).toBe(200);
  return { ...applicant, documentName };
}

/** The dashboard's Pending Verification card opens the verification panel (spec 2 §2). */
async function openVerification(page: Page): Promise<void> {
  const card = page.getByRole('button', { name: /^Pending Verification/ });
  await card.click();
  await expect(card).toHaveAttribute('aria-expanded', 'true');
}

function pendingCard(page: Page, company: string) {
  return page.getByRole('article', { name: company, exact: true });
}

async function profileOf(applicant: Applicant): Promise<ContractorProfileDetail> {
  const res = await applicant.api.get('/api/contractor/profile');
  expect(res.status()).toBe(200);
  return (await res.json()) as ContractorProfileDetail;
}

test.describe('admin contractor verification', () => {
  test('an admin reviews everything submitted, verifies one contractor and rejects another', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const good = await completedApplicant(baseURL as string, 'Cedar Peak Roofing', 400);
    // general liability ends in 10 days: the review warns
    const doubtful = await completedApplicant(baseURL as string, 'Quick Patch Roofing', 10);

    await loginAs('admin');
    await page.goto('/admin-dashboard');
    await openVerification(page);
    const panel = page.getByRole('region', { name: 'Contractor Verification' });
    await expect(panel).toBeVisible();
    const counts = panel.getByRole('list', { name: 'Verification counts' });
    const expectCount = (label: string, n: number) =>
      expect(counts.getByRole('listitem').filter({ hasText: label })).toHaveText(
        new RegExp(`^\\s*${n}\\s*${label}`),
      );
    const admin = await adminApi(baseURL as string);
    const everyone = (await (await admin.get('/api/contractors')).json()) as ContractorProfileDetail[];
    const verifiedBefore = everyone.filter((c) => c.verificationStatus === 'verified').length;
    const rejectedBefore = everyone.filter((c) => c.verificationStatus === 'rejected').length;
    const pendingNow = (await (await admin.get('/api/admin/contractors/pending')).json()).length as number;
    await expectCount('Pending Verification', pendingNow);
    await expectCount('Verified Contractors', verifiedBefore);
    await expectCount('Rejected Applications', rejectedBefore);

    const goodCard = pendingCard(page, good.companyName);
    await expect(goodCard).toBeVisible();
    await expect(goodCard).toContainText('Jordan Avery');
    await expect(goodCard).toContainText(good.email);
    await expect(goodCard).toContainText('(214) 555-0199');
    await expect(goodCard).toContainText(BUSINESS_ADDRESS);
    await expect(goodCard).toContainText('Working states: North Dakota, South Dakota');
    await expect(goodCard).toContainText(/Applied \w{3} \d{1,2}, \d{4}/);
    await expect(pendingCard(page, doubtful.companyName)).toContainText('1 expiry warning');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    // the review: licences, insurance with dates, documents as links, no decision without a choice
    await goodCard.getByRole('button', { name: /^Review/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Contractor Verification' });
    await expect(dialog).toContainText(good.companyName);
    await expect(dialog).toContainText('ND-RC-4471');
    await expect(dialog).toContainText('No license required in this state');
    await expect(dialog).toContainText('The Hartford');
    await expect(dialog).toContainText('$1,000,000');
    await expect(dialog).toContainText('North Star Mutual');
    await expect(dialog).toContainText('Travelers Surety');
    await expect(dialog).toContainText('$25,000');
    const docLink = dialog.getByRole('link', { name: new RegExp(good.documentName) }).first();
    await expect(docLink).toBeVisible();
    const file = await page.request.get((await docLink.getAttribute('href')) as string);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(dialog.getByRole('region', { name: 'Expiry warnings' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit Decision' }).click();
    await expect(dialog.getByText(onboardingMessages.verifyStatus)).toBeVisible();
    await dialog.getByRole('radio', { name: /Verify/ }).check();
    await dialog.getByLabel('Notes (optional)').fill('Licence and certificates checked with the issuers.');
    // the applicant never confirmed their address: the admin is told, and must say yes to it
    await expect(dialog.getByRole('note')).toHaveText(onboardingMessages.emailUnconfirmed);
    await expect(dialog).toContainText(`${good.email} (not confirmed)`);
    await dialog.getByRole('button', { name: 'Submit Decision' }).click();
    await expect(dialog.getByText(onboardingMessages.emailUnconfirmedRequired)).toBeVisible();
    expect((await profileOf(good)).verificationStatus).not.toBe('verified');
    await dialog.getByLabel(onboardingMessages.emailUnconfirmedAcknowledge).check();
    await dialog.getByRole('button', { name: 'Submit Decision' }).click();
    await expect(notice(page, 'Success')).toContainText(onboardingMessages.verificationDone);
    await expect(dialog).toBeHidden();
    await expect(goodCard).toHaveCount(0);
    await expectCount('Verified Contractors', verifiedBefore + 1);
    await expectCount('Pending Verification', pendingNow - 1);
    expect(await profileOf(good)).toMatchObject({
      verificationStatus: 'verified',
      verificationNotes: 'Licence and certificates checked with the issuers.',
    });

    // the doubtful one: the warning is shown, then the rejection with notes
    await pendingCard(page, doubtful.companyName)
      .getByRole('button', { name: /^Review/ })
      .click();
    const warnings = dialog.getByRole('region', { name: 'Expiry warnings' });
    await expect(warnings).toContainText(`General liability insurance expires on ${dateIn(10)}`);
    await expect(dialog.getByText('Expiring soon').first()).toBeVisible();
    await dialog.getByRole('radio', { name: /Reject/ }).check();
    await dialog
      .getByLabel('Notes (optional)')
      .fill('Please send the renewed general liability certificate.');
    await dialog.getByRole('button', { name: 'Submit Decision' }).click();
    await expect(notice(page, 'Success')).toContainText(onboardingMessages.verificationDone);
    await expect(pendingCard(page, doubtful.companyName)).toHaveCount(0);
    await expectCount('Rejected Applications', rejectedBefore + 1);
    expect(await profileOf(doubtful)).toMatchObject({ verificationStatus: 'rejected' });

    // each contractor is told by mail
    await waitForMail(admin, good.email, /is verified/);
    const rejection = await waitForMail(admin, doubtful.email, /was not approved/);
    expect(rejection.text).toContain('Please send the renewed general liability certificate.');
    await Promise.all([admin.dispose(), good.api.dispose(), doubtful.api.dispose()]);
  });

  test('a failed decision shows the server message', async ({ page, loginAs, baseURL }) => {
    const applicant = await completedApplicant(baseURL as string, 'Gone Roofing', 400);
    await loginAs('admin');
    await page.route('**/api/admin/contractors/*/verify', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"message":"Contractor not found"}',
      }),
    );
    await page.goto('/admin-dashboard');
    await openVerification(page);
    await pendingCard(page, applicant.companyName)
      .getByRole('button', { name: /^Review/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Contractor Verification' });
    await dialog.getByRole('radio', { name: /Verify/ }).check();
    await dialog.getByLabel(onboardingMessages.emailUnconfirmedAcknowledge).check();
    await dialog.getByRole('button', { name: 'Submit Decision' }).click();
    // the notice behind the modal dialog is hidden from assistive technology: the dialog says it too
    await expect(dialog.getByRole('alert')).toContainText('Contractor not found');
    await expect(
      page.locator('li').filter({ hasText: 'Error' }).filter({ hasText: 'Contractor not found' }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await applicant.api.dispose();
  });

  test('a contractor on the admin dashboard is denied and sent home', async ({ page, loginAs }) => {
    await loginAs('contractor');
    await page.goto('/admin-dashboard');
    await expect(notice(page, 'Access Denied')).toContainText(
      'Admin access is restricted to @ridgeline.test employees.',
    );
    await expect(page).toHaveURL('/', { timeout: 5000 });
  });
});
