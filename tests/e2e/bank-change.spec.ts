import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { bankChangeMessages } from '../../src/domain/contractors/bank-changes';
import type { ContractorProfileDetail } from '../../src/domain/contractors/credentials';
import { expect, signedInContext, test } from './fixtures';
import { adminApi, notice, waitForMail } from './lead-helpers';
import { type Applicant, apiApplicant, signIn, uniqueCompany } from './onboarding-helpers';

/**
 * Issue 21 item 4 in the browser: a contractor changes bank details after the payment set-up
 * (current password asked for, change pending, payouts on hold, the old account still on file);
 * an admin approves it in the Contractor Verification panel and the new account is in force.
 */

const NEW_ACCOUNT = { routingNumber: '021000021', accountNumber: '55512349876' } as const;

/** A contractor who completed both wizards through the API (account on file ends in 2216). */
async function paidContractor(baseURL: string, name: string): Promise<Applicant> {
  const applicant = await apiApplicant(baseURL, {
    companyName: uniqueCompany(name),
    workingStates: ['North Dakota'],
    businessAddress: '400 E Broadway Ave, Bismarck, ND 58501',
    steps: ['password', 'licenses', 'insurance'],
  });
  const banking = await applicant.api.post('/api/contractor/banking', {
    data: {
      bankName: 'JPMorgan Chase Bank',
      routingNumber: '111000614',
      accountNumber: '739104482216',
      confirmAccountNumber: '739104482216',
      accountType: 'checking',
      accountHolderName: `${applicant.companyName} LLC`,
    },
  });
  expect(banking.status(), await banking.text()).toBe(200);
  const tax = await applicant.api.post('/api/contractor/tax-info', {
    data: {
      businessName: `${applicant.companyName} LLC`,
      ein: '46-3318720',
      businessType: 'llc',
      businessAddress: '400 E Broadway Ave',
      businessCity: 'Bismarck',
      businessState: 'ND',
      businessZip: '58501',
    },
  });
  expect(tax.status(), await tax.text()).toBe(200);
  return applicant;
}

async function profileOf(applicant: Applicant): Promise<ContractorProfileDetail> {
  const res = await applicant.api.get('/api/contractor/profile');
  expect(res.status()).toBe(200);
  return (await res.json()) as ContractorProfileDetail;
}

async function fillNewAccount(page: Page, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Change Bank Details' });
  await form.getByLabel('Bank Name').fill('Prairie State Credit Union');
  await form.getByLabel('Account Type').selectOption('savings');
  await form.getByLabel('Routing Number').fill(NEW_ACCOUNT.routingNumber);
  await form.getByLabel('Account Number', { exact: true }).fill(NEW_ACCOUNT.accountNumber);
  await form.getByLabel('Confirm Account Number').fill(NEW_ACCOUNT.accountNumber);
  await form.getByLabel('Current Password').fill(password);
}

/** At 390 px wide nothing runs off the side; the viewport is put back afterwards. */
async function expectFitsPhone(page: Page, screenshot: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshot, fullPage: true });
  if (before) await page.setViewportSize(before);
}

test.describe('bank details after the payment setup', () => {
  test('a contractor asks for a change with their password; an admin approves it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const contractor = await paidContractor(baseURL as string, 'Prairie Ridge Roofing');
    await signIn(page, contractor);

    // from the profile: the change form asks for the current password
    await page.goto('/contractor/profile');
    await page.getByRole('link', { name: 'Change Bank Details' }).click();
    await expect(page).toHaveURL(/\/contractor-banking-setup\?change=bank$/);
    const form = page.getByRole('form', { name: 'Change Bank Details' });
    await expect(form).toContainText('our team reviews every change of bank details');
    await expect(form).toContainText('account ending in 2216');

    // without the password: refused on the field, nothing sent
    await fillNewAccount(page, '');
    await form.getByRole('button', { name: 'Submit Change for Review' }).click();
    await expect(form.getByText(bankChangeMessages.currentPasswordRequired)).toBeVisible();
    await expect(form.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');

    // a wrong password: the server refuses, the message is on the field
    await form.getByLabel('Current Password').fill('not-my-password-1');
    await form.getByRole('button', { name: 'Submit Change for Review' }).click();
    await expect(form.getByText(bankChangeMessages.currentPasswordWrong)).toBeVisible();
    expect((await profileOf(contractor)).pendingBankChange).toBeNull();

    await form.getByLabel('Current Password').fill(contractor.password);
    await page.screenshot({ path: 'test-results/e2e/bank-change-form.png', fullPage: true });
    await form.getByRole('button', { name: 'Submit Change for Review' }).click();
    await expect(notice(page, bankChangeMessages.pendingReview)).toBeVisible();
    await expect(page).toHaveURL(/\/contractor\/profile$/);

    // the profile: change pending, payouts on hold, the old account still on file
    await expect(
      page.getByText(`${bankChangeMessages.pendingReview}: your payouts are on hold`),
    ).toBeVisible();
    const pending = page.getByRole('region', { name: 'Bank change pending review' });
    await expect(pending).toContainText('Prairie State Credit Union');
    await expect(pending).toContainText('•••• 9876');
    const onFile = page.getByRole('region', { name: 'Banking' });
    await expect(onFile).toContainText('Banking (account on file)');
    await expect(onFile).toContainText('•••• 2216');
    await expect(page.getByText('Payouts on hold').first()).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/bank-change-profile.png', fullPage: true });
    await expectFitsPhone(page, 'test-results/e2e/bank-change-profile-390.png');
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const admin = await adminApi(baseURL as string);
    const told = await waitForMail(admin, contractor.email, /bank details were changed/);
    expect(told.text).toContain('account ending in 9876');

    // the admin: the change in the Contractor Verification panel, approved there
    const adminContext = await signedInContext(browser, 'admin');
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin-dashboard');
    const card = adminPage.getByRole('button', { name: /^Pending Verification/ });
    await card.click();
    const changes = adminPage.getByRole('region', { name: /Bank Detail Changes/ });
    const entry = changes.getByRole('article', { name: `Bank change of ${contractor.companyName}` });
    await expect(entry).toContainText('•••• 2216');
    await expect(entry).toContainText('•••• 9876');
    await expect(entry).toContainText('Payouts on hold');
    await adminPage.screenshot({ path: 'test-results/e2e/bank-change-admin.png', fullPage: true });
    await expectFitsPhone(adminPage, 'test-results/e2e/bank-change-admin-390.png');
    await entry.getByRole('button', { name: `Review bank change of ${contractor.companyName}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Review Bank Change' });
    await expect(dialog).toContainText('Prairie State Credit Union');
    await dialog.getByLabel('Notes (optional)').fill('Confirmed by phone with the owner.');
    await adminPage.screenshot({ path: 'test-results/e2e/bank-change-dialog.png' });
    await dialog.getByRole('button', { name: 'Approve Change' }).click();
    await expect(notice(adminPage, 'Success')).toContainText(bankChangeMessages.approved);
    await expect(dialog).toBeHidden();
    await expect(entry).toHaveCount(0);

    // the new account is in force, the hold lifted; the contractor sees it and is told
    const after = await profileOf(contractor);
    expect(after.banking).toMatchObject({
      bankName: 'Prairie State Credit Union',
      accountNumberLast4: '9876',
    });
    expect(after.payoutsOnHold).toBe(false);
    expect(after.pendingBankChange).toBeNull();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Banking' })).toContainText('•••• 9876');
    await expect(page.getByRole('region', { name: 'Bank change pending review' })).toHaveCount(0);
    await expect(page.getByText('Payouts on hold')).toHaveCount(0);
    await waitForMail(admin, contractor.email, /bank details are approved/);

    // changing the password now also needs the current one (else a session could set one and pass)
    await page.goto('/contractor/profile');
    await page.getByRole('link', { name: 'Change Password' }).click();
    const passwordForm = page.getByRole('form', { name: 'Set Password' });
    await passwordForm.getByLabel('Password', { exact: true }).fill('attacker-chosen-1');
    await passwordForm.getByLabel('Confirm Password').fill('attacker-chosen-1');
    await passwordForm.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(passwordForm.getByText(bankChangeMessages.passwordChangeNeedsCurrent)).toBeVisible();
    await page.screenshot({ path: 'test-results/e2e/bank-change-password-step.png', fullPage: true });
    await Promise.all([admin.dispose(), contractor.api.dispose(), adminContext.close()]);
  });
});
