import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { APPLICATION_STORAGE_KEY } from '../../src/domain/contractors/onboarding';
import { onboardingMessages } from '../../src/domain/contractors/onboarding-fields';
import { expect, test } from './fixtures';
import { notice, uniqueEmail } from './lead-helpers';
import {
  apiApplicant,
  dateIn,
  ownProfile,
  samplePdf,
  samplePng,
  signIn,
  uniqueCompany,
} from './onboarding-helpers';

/**
 * Contractor onboarding in the browser (spec 2 §2, §5, §8; issue 11): the application kept
 * while the visitor signs up, the profile wizard (password, licences with uploads, insurance with
 * both 'not required' options), the payment wizard (ABA checksum, EIN or SSN, the 2-second wait).
 */

async function expectNoAxeViolations(page: Page): Promise<void> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
}

/** A labelled field of the page, matched exactly. */
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });
const stateBox = (page: Page, state: string) => page.getByRole('checkbox', { name: state, exact: true });

async function fillApplication(page: Page, values: { company: string; email: string }): Promise<void> {
  await field(page, 'Company Name').fill(values.company);
  await field(page, 'Website').fill('summitridge.example');
  await field(page, 'Business Address').fill('1201 Elm St, Dallas, TX 75270');
  await field(page, 'Contact Name').fill('Jordan Avery');
  await field(page, 'Contact Email').fill(values.email);
  await field(page, 'Contact Phone').fill('(214) 555-0199');
}

test.describe('contractor application', () => {
  test('the form refuses what spec 2 §5 refuses; states are chosen by keyboard; travel distance only for one state', {
    tag: '@smoke',
  }, async ({ page }) => {
    await page.goto('/contractor-application');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Contractor Network' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Why contractors join' }).getByRole('listitem')).toHaveCount(
      3,
    );
    await expect(page.getByRole('checkbox')).toHaveCount(51);
    await expect(field(page, 'Travel Distance (miles)')).toHaveCount(0);

    await page.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'Company name must be at least 2 characters',
      'Contact name must be at least 2 characters',
      'Please enter a valid email address',
      'Phone number is required',
      'Please select at least one state',
      'Business address is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // the first invalid field has the focus, and its error is tied to it
    await expect(field(page, 'Company Name')).toBeFocused();
    await expect(field(page, 'Company Name')).toHaveAccessibleDescription(
      'Company name must be at least 2 characters',
    );
    await field(page, 'Contact Email').fill('not-an-email');
    await field(page, 'Contact Phone').fill('555-01');
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Phone number is required')).toBeVisible();

    // the state list by keyboard: filter, Tab to the match, Space ticks it
    await page.getByLabel('Filter states').fill('texa');
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(stateBox(page, 'Texas')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(stateBox(page, 'Texas')).toBeChecked();
    await expect(page.getByText('Please select at least one state')).toHaveCount(0);

    // exactly one state: the travel distance, 50 by default, must be 0 or more
    const distance = field(page, 'Travel Distance (miles)');
    await expect(distance).toHaveValue('50');
    await distance.fill('-5');
    await expect(page.getByText('Travel distance must be 0 or more')).toBeVisible();
    await distance.fill('80');

    await page.getByLabel('Filter states').fill('');
    await stateBox(page, 'Oklahoma').check();
    await expect(distance).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Selected states' })).toContainText('Oklahoma');
    await page.getByRole('button', { name: 'Remove Oklahoma' }).click();
    await expect(field(page, 'Travel Distance (miles)')).toHaveValue('80');
    await expectNoAxeViolations(page);
  });

  test('signed out, the form is kept, restored after creating an account, and submitted once', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const company = uniqueCompany('Lone Oak Roofing');
    const email = uniqueEmail('apply');
    await page.goto('/contractor-application');
    await fillApplication(page, { company, email });
    await stateBox(page, 'Texas').check();
    await field(page, 'Travel Distance (miles)').fill('120');
    await stateBox(page, 'Oklahoma').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expect(notice(page, onboardingMessages.loginRequired)).toBeVisible();
    await page.waitForURL('**/login?returnTo=%2Fcontractor-application');
    const saved = await page.evaluate((key) => window.localStorage.getItem(key), APPLICATION_STORAGE_KEY);
    expect(saved).toContain(company);

    // account creation keeps the way back
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/register?returnTo=%2Fcontractor-application');
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Avery');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL('/contractor-application');
    await expect(notice(page, onboardingMessages.formRestored)).toBeVisible();
    await expect(field(page, 'Company Name')).toHaveValue(company);
    await expect(field(page, 'Contact Email')).toHaveValue(email);
    await expect(field(page, 'Business Address')).toHaveValue('1201 Elm St, Dallas, TX 75270');
    await expect(stateBox(page, 'Texas')).toBeChecked();
    await expect(stateBox(page, 'Oklahoma')).toBeChecked();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(notice(page, onboardingMessages.applicationSubmitted)).toContainText(
      onboardingMessages.applicationSubmittedDescription,
    );
    await expect(page).toHaveURL('/contractor-profile-setup');
    // the password chosen when creating the account is not asked for again
    await expect(page.getByRole('heading', { level: 2, name: 'License Information' })).toBeVisible();
    expect(
      await page.evaluate((key) => window.localStorage.getItem(key), APPLICATION_STORAGE_KEY),
    ).toBeNull();

    const profile = await ownProfile(page);
    expect(profile).toMatchObject({
      companyName: company,
      contactEmail: email,
      workingStates: ['Oklahoma', 'Texas'].sort(),
      verificationStatus: 'pending',
      profileCompletionStatus: 'password_set',
      // two states: the distance does not apply
      travelDistance: 50,
    });
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me.userType).toBe('contractor');

    // applying again keeps the one profile and says so
    await page.goto('/contractor-application');
    await expect(page.getByText(onboardingMessages.alreadyApplied)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue Profile Setup' })).toHaveAttribute(
      'href',
      '/contractor-profile-setup',
    );
  });

  test('a saved form that cannot be restored is discarded without a word', async ({ page, baseURL }) => {
    const applicant = await apiApplicant(baseURL as string);
    await signIn(page, applicant);
    await page.goto('/contact');
    await page.evaluate(
      (key) => window.localStorage.setItem(key, JSON.stringify({ version: 1, values: { companyName: 'X' } })),
      APPLICATION_STORAGE_KEY,
    );
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto('/contractor-application');
    await expect(page.getByRole('button', { name: 'Submit Application' })).toBeVisible();
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key), APPLICATION_STORAGE_KEY))
      .toBeNull();
    expect(warnings.join('\n')).toContain('could not be restored');
    await expect(notice(page, onboardingMessages.formRestored)).toHaveCount(0);
    await expect(field(page, 'Company Name')).toHaveValue('');
    await applicant.api.dispose();
  });

  test('a refused application says why: an admin cannot apply', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/contractor-application');
    await expect(page.getByText('You are signed in as an admin.')).toBeVisible();
    await fillApplication(page, { company: 'Admin Roofing', email: 'admin-roofing@example.test' });
    await stateBox(page, 'Texas').check();
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expect(notice(page, 'Error')).toContainText(
      'Failed to submit application: Admin accounts cannot apply as contractors.',
    );
    await expect(page).toHaveURL('/contractor-application');
  });

  test('/contractor-signup explains the network and leads to the application', async ({ page }) => {
    await page.goto('/contractor-signup');
    await expect(page.getByRole('heading', { level: 1, name: 'Join Our Install Network' })).toBeVisible();
    const requirements = page.getByRole('region', { name: 'Contractor requirements' });
    for (const r of [
      'Active state license',
      'Liability insurance of $1M or more',
      '3+ years of experience',
      'Local references',
      'Background check passed',
      'Manufacturer certified',
    ]) {
      await expect(requirements).toContainText(r);
    }
    await expect(
      page.getByRole('region', { name: 'How verification works' }).getByRole('listitem'),
    ).toHaveCount(4);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Apply Now' }).first().click();
    await expect(page).toHaveURL('/contractor-application');
  });
});

test.describe('profile and payment wizards', () => {
  test('a new contractor sets a password, licences with uploads, insurance, then banking and tax', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const applicant = await apiApplicant(baseURL as string, { workingStates: ['Texas', 'Oklahoma'] });
    await signIn(page, applicant);

    // ---- step 1: Set Password is done already (the password chosen when registering); it can be changed
    await page.goto('/contractor-profile-setup');
    const progress = page.getByRole('navigation', { name: 'Profile setup progress' });
    await expect(progress.locator('[aria-current="step"]')).toContainText('License Information');
    await page.goto('/contractor-profile-setup?step=1');
    await expect(progress.locator('[aria-current="step"]')).toContainText('Set Password');
    await expect(page.getByRole('heading', { level: 2, name: 'Set Password' })).toBeVisible();
    await expectNoAxeViolations(page);
    const save = page.getByRole('button', { name: 'Save and Continue' });
    await save.click();
    await expect(page.getByText('Password must be at least 8 characters', { exact: true })).toBeVisible();
    await expect(page.getByText('Please confirm your password')).toBeVisible();
    await field(page, 'Password').fill('new-password-22');
    await field(page, 'Confirm Password').fill('new-password-2x');
    await save.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await field(page, 'Confirm Password').fill('new-password-22');
    await save.click();
    await expect(notice(page, onboardingMessages.passwordSet)).toBeVisible();

    // ---- step 2: License Information, one entry per working state
    await expect(page.getByRole('heading', { level: 2, name: 'License Information' })).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('License Information');
    const texas = page.getByRole('group', { name: 'Texas' });
    const oklahoma = page.getByRole('group', { name: 'Oklahoma' });
    await save.click();
    await expect(texas.getByText('License number is required')).toBeVisible();
    await expect(oklahoma.getByText('License number is required')).toBeVisible();
    await texas.getByLabel('No license required in this state').check();
    await expect(texas.getByLabel('License Number')).toHaveCount(0);
    await oklahoma.getByLabel('License Number').fill('80009911');
    await oklahoma.getByLabel('Expiration Date').fill(dateIn(300));

    const licenseFile = oklahoma.getByLabel('License Document (Oklahoma)');
    await licenseFile.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(oklahoma.getByText('Please upload a PDF, JPG or PNG file.')).toBeVisible();
    // named .pdf but not one: the server reads the content and refuses it
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/contractor/documents') && r.request().method() === 'POST',
    );
    await licenseFile.setInputFiles({
      name: 'fake.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('just text'),
    });
    expect((await refused).status()).toBe(415);
    await expect(oklahoma.getByText('Please upload a PDF, JPG or PNG file.')).toBeVisible();
    await expect(oklahoma.getByRole('link', { name: /fake\.pdf/ })).toHaveCount(0);
    await licenseFile.setInputFiles({
      name: 'ok-license.pdf',
      mimeType: 'application/pdf',
      buffer: await samplePdf(),
    });
    const licenseLink = oklahoma.getByRole('link', { name: /ok-license\.pdf/ });
    await expect(licenseLink).toBeVisible();
    const stored = await page.request.get((await licenseLink.getAttribute('href')) as string);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toBe('application/pdf');
    await save.click();
    await expect(notice(page, onboardingMessages.licensesSaved)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Insurance Information' })).toBeVisible();

    // leaving and coming back resumes at the insurance step
    await page.goto('/contractor-profile-setup');
    await expect(page.getByRole('heading', { level: 2, name: 'Insurance Information' })).toBeVisible();
    await expect(progress.locator('[aria-current="step"]')).toContainText('Insurance Information');

    // ---- step 3: Insurance Information
    const liability = page.getByRole('group', { name: 'General Liability' });
    const workers = page.getByRole('group', { name: "Workers' Compensation" });
    const bonding = page.getByRole('group', { name: 'Bonding' });
    const complete = page.getByRole('button', { name: 'Complete Profile' });
    await complete.click();
    await expect(liability.getByText('Insurance carrier is required')).toBeVisible();
    await expect(liability.getByText('Policy number is required')).toBeVisible();
    await expect(liability.getByText('Expiration date is required')).toBeVisible();
    await expect(liability.getByText('Coverage amount is required')).toBeVisible();
    await expect(workers.getByText('Insurance carrier is required')).toBeVisible();
    await expect(bonding.getByText('Bonding company is required')).toBeVisible();
    await expect(bonding.getByText('Bond amount is required')).toBeVisible();
    await expectNoAxeViolations(page);

    await workers.getByLabel('Not required (sole proprietor with no employees)').check();
    await expect(workers.getByRole('textbox')).toHaveCount(0);
    await bonding.getByLabel('Not required or not applicable').check();
    await expect(bonding.getByRole('textbox')).toHaveCount(0);
    await liability.getByLabel('Insurance Carrier').fill('The Hartford');
    await liability.getByLabel('Policy Number').fill('GL-1234567');
    await liability.getByLabel('Expiration Date').fill(dateIn(365));
    await liability.getByLabel('Coverage Amount ($)').fill('2,000,000');
    await liability
      .getByLabel('Certificate of Insurance (General Liability)')
      .setInputFiles({ name: 'gl-certificate.png', mimeType: 'image/png', buffer: await samplePng() });
    await expect(liability.getByRole('link', { name: /gl-certificate\.png/ })).toBeVisible();
    await complete.click();
    await expect(notice(page, onboardingMessages.profileComplete)).toBeVisible();
    await expect(page).toHaveURL('/contractor-dashboard');

    let profile = await ownProfile(page);
    expect(profile.verificationStatus).toBe('pending_verification');
    expect(profile.profileCompletionStatus).toBe('insurance_set');
    expect(profile.licenses.find((l) => l.state === 'Texas')?.noLicenseRequired).toBe(true);
    expect(profile.licenses.find((l) => l.state === 'Oklahoma')).toMatchObject({
      licenseNumber: '80009911',
      expirationDate: dateIn(300),
      licenseDocument: 'ok-license.pdf',
    });
    expect(profile.insurance).toMatchObject({
      generalLiability: {
        carrier: 'The Hartford',
        coverageAmount: 2_000_000,
        document: 'gl-certificate.png',
      },
      workersCompensation: { notRequired: true },
      bonding: { notRequired: true },
    });
    expect(profile.documents.map((d) => d.fileName).sort()).toEqual(['gl-certificate.png', 'ok-license.pdf']);

    // ---- payment, step 1: Banking Information
    await page.goto('/contractor-banking-setup');
    await expect(page.getByRole('heading', { level: 2, name: 'Banking Information' })).toBeVisible();
    const continueButton = page.getByRole('button', { name: 'Save and Continue' });
    await field(page, 'Account Holder Name').fill('');
    await continueButton.click();
    for (const message of [
      'Bank name is required',
      'Routing number must be 9 digits',
      'Account number is required',
      'Please confirm account number',
      'Please select account type',
      'Account holder name is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    for (const label of ['Routing Number', 'Account Number', 'Confirm Account Number']) {
      await expect(field(page, label)).toHaveAttribute('autocomplete', 'off');
    }
    await field(page, 'Bank Name').fill('JPMorgan Chase Bank');
    await field(page, 'Account Holder Name').fill(`${applicant.companyName} LLC`);
    await page.getByLabel('Account Type').selectOption('checking');
    await field(page, 'Routing Number').fill('123456789');
    await field(page, 'Account Number').fill('000123456789');
    await field(page, 'Confirm Account Number').fill('000123456780');
    await continueButton.click();
    await expect(page.getByText(onboardingMessages.routingChecksum)).toBeVisible();
    await expect(page.getByText("Account numbers don't match")).toBeVisible();
    await field(page, 'Routing Number').fill('011000015');
    await field(page, 'Confirm Account Number').fill('000123456789');
    await expect(page.getByText(onboardingMessages.routingChecksum)).toHaveCount(0);
    await continueButton.click();
    await expect(notice(page, onboardingMessages.bankingSaved)).toBeVisible();

    // ---- payment, step 2: Tax Information (1099)
    await expect(page.getByRole('heading', { level: 2, name: 'Tax Information (1099)' })).toBeVisible();
    await expect(field(page, 'Business Name')).toHaveValue(applicant.companyName);
    await expect(field(page, 'City')).toHaveValue('Dallas');
    const finish = page.getByRole('button', { name: 'Complete Setup' });
    await field(page, 'State').fill('T');
    await finish.click();
    await expect(page.getByText('Either EIN or SSN is required')).toBeVisible();
    await expect(page.getByText('Please select business type')).toBeVisible();
    await expect(page.getByText('State must be 2 characters')).toBeVisible();
    await field(page, 'State').fill('TX');
    await page.getByLabel('Business Type').selectOption('llc');
    await field(page, 'EIN').fill('12-3456789');
    const clicked = Date.now();
    await finish.click();
    await expect(notice(page, onboardingMessages.setupComplete)).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your payment details are saved.' }),
    ).toBeVisible();
    await page.waitForURL('**/contractor-dashboard');
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2000);

    profile = await ownProfile(page);
    expect(profile.paymentSetupCompleted).toBe(true);
    expect(profile.banking).toMatchObject({ routingNumberLast4: '0015', accountNumberLast4: '6789' });
    expect(profile.tax).toMatchObject({ einLast4: '6789', ssnLast4: null, businessType: 'llc' });
    const body = JSON.stringify(profile);
    for (const secret of ['011000015', '000123456789', '123456789']) expect(body).not.toContain(secret);

    // done: the payment page goes straight to the dashboard; the profile shows the last four only
    await page.goto('/contractor-banking-setup');
    await expect(page).toHaveURL('/contractor-dashboard');
    await page.goto('/contractor/profile');
    await expect(page.getByRole('heading', { level: 1, name: applicant.companyName })).toBeVisible();
    const payment = page.getByRole('region', { name: 'Banking' });
    await expect(payment).toContainText('•••• 6789');
    await expect(payment).toContainText('•••• 0015');
    await expect(page.locator('body')).not.toContainText('000123456789');
    await expect(page.getByRole('link', { name: 'Edit Licenses' })).toHaveAttribute(
      'href',
      '/contractor-profile-setup?step=2',
    );
    await expect(page.getByRole('link', { name: 'ok-license.pdf' }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await applicant.api.dispose();
  });

  test('a failed step says why in the spec words', async ({ page, baseURL }) => {
    const applicant = await apiApplicant(baseURL as string, { steps: ['password'] });
    await signIn(page, applicant);
    await page.route('**/api/contractor/setup-licenses', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Database unavailable"}',
      }),
    );
    await page.goto('/contractor-profile-setup');
    await expect(page.getByRole('heading', { level: 2, name: 'License Information' })).toBeVisible();
    await page.getByRole('group', { name: 'Texas' }).getByLabel('No license required in this state').check();
    await page
      .getByRole('group', { name: 'Oklahoma' })
      .getByLabel('No license required in this state')
      .check();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
    await expect(notice(page, 'Error')).toContainText(
      'Failed to save license information: Database unavailable',
    );
    await expect(page.getByRole('heading', { level: 2, name: 'License Information' })).toBeVisible();
    await applicant.api.dispose();
  });

  test('signed out: the wizards ask to log in and come back', async ({ page }) => {
    await page.goto('/contractor-profile-setup');
    await expect(
      page.getByRole('heading', { name: onboardingMessages.authenticationRequired }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveAttribute(
      'href',
      '/api/login?returnTo=%2Fcontractor-profile-setup',
    );
    await page.goto('/contractor-banking-setup');
    await page.waitForURL('**/login?returnTo=%2Fcontractor-banking-setup');
    await page.goto('/contractor/profile');
    await page.waitForURL('**/login?returnTo=%2Fcontractor%2Fprofile');
  });

  test('an account without a contractor profile is sent to the application', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    await page.goto('/contractor-profile-setup');
    await expect(notice(page, onboardingMessages.profileSetupRequired)).toBeVisible();
    await expect(page).toHaveURL('/contractor-application');
    await page.goto('/contractor/profile');
    await expect(page).toHaveURL('/contractor-application');
  });
});
