import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';
import { expect, test } from './fixtures';
import { applyCode, confirmFileAddress, fillCard, fillQuoteForm, notice } from './quote-helpers';

const FIXTURES = MEASUREMENT_FIXTURES_DIR;

function sketchInput(page: Page) {
  return page.locator('input[type="file"]');
}

test.describe('ordering a quote', () => {
  test('shows every required-field message before any payment is attempted', async ({ page }) => {
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/quotes/') || r.url().includes('/api/payments/')) calls++;
    });
    await page.goto('/quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Roofing Quote' })).toBeVisible();
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(notice(page, 'Please fill out all required fields first')).toBeVisible();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Please select if insurance is involved',
      'Homeowner first name is required',
      'Homeowner last name is required',
      'Street address is required',
      'City is required',
      'State is required',
      'Valid zip code is required',
      'Roof surface material is required',
      'Please select if plywood is needed',
      'Building height is required',
      'Number of roof layers is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
    expect(calls).toBe(0);

    // the insurance block appears only with insurance
    await expect(page.getByLabel('Insurance Carrier')).toHaveCount(0);
    await page
      .getByRole('radiogroup', { name: /Is insurance involved/ })
      .getByLabel('Yes')
      .check();
    for (const label of [
      'Insurance Carrier',
      'Claim Number',
      'Adjuster First Name',
      'Adjuster Last Name',
      'Adjuster Email',
      'Adjuster Phone',
    ]) {
      await expect(page.getByLabel(label)).toBeVisible();
    }
    // the form with its errors, the insurance block and the sketch field is accessible
    await page.getByLabel('Measurement File Source').selectOption('HOVER .json');
    await expect(page.getByRole('group', { name: 'Sketch File' })).toBeVisible();
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await page
      .getByRole('radiogroup', { name: /Is insurance involved/ })
      .getByLabel('No')
      .check();
    await expect(page.getByLabel('Insurance Carrier')).toHaveCount(0);
  });

  test('@smoke a paid order with the test card ends on /thank-you with Payment Confirmed', async ({
    page,
  }) => {
    await page.goto('/quote');
    await expect(page.getByText('TEST MODE')).toBeVisible();
    await fillQuoteForm(page);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    expect(new URL(page.url()).searchParams.get('amount')).toBe('450.00');
    await expect(page.getByText('Payment Confirmed')).toBeVisible();
    await expect(page.getByTestId('amount-paid')).toHaveText('$450.00');
    await expect(page.getByTestId('project-id')).toHaveText(/^RL-[A-Z0-9]{8}$/);
    await expect(page.getByText('Premium AI Estimate')).toBeVisible();
    await expect(page.getByText(/Status: (Processing|Ready)/)).toBeVisible();
    await expect(page.getByText('No payment required')).toHaveCount(0);
    // the real report state of this quote, asked from the server
    await expect(page.getByTestId('report-status')).toBeVisible();

    // coming back to /quote shows the submitted view with 'Submit Another Quote'
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Quote Submitted Successfully!' })).toBeVisible();
    // it tells the order's state, not the promise made before the report was sent
    await expect(page.getByTestId('submitted-delivery')).toHaveText(/^Your report was delivered /, {
      timeout: 15_000,
    });
    // at the top of the page, not where the long form was scrolled to
    await expect(page.getByRole('heading', { name: 'Quote Submitted Successfully!' })).toBeInViewport();
    await expect(page.getByText(/will be emailed within 5-10 minutes/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Submit Another Quote' }).click();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  });

  test('the same order placed again after it was paid goes to that order, with no second charge', async ({
    page,
  }) => {
    const email = `again.${Date.now()}@e2e.example`;
    await page.goto('/quote');
    await fillQuoteForm(page, { email });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    const projectId = new URL(page.url()).searchParams.get('project_id');
    expect(projectId).toMatch(/^RL-[A-Z0-9]{8}$/);

    // a new page (a crash hid the answer, another tab): a new draft with the same form data
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/quote');
    await fillQuoteForm(page, { email });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(new RegExp(`/thank-you\\?.*project_id=${projectId}`));
    await expect(
      notice(page, `You already ordered this report: your Project ID is ${projectId}.`),
    ).toBeVisible();
    await expect(page.getByTestId('project-id')).toHaveText(projectId as string);
    await expect(page.getByTestId('amount-paid')).toHaveText('$450.00');
    await page.screenshot({ path: test.info().outputPath('ordered-again.png') });
  });

  test('a declined card shows Payment Failed with the decline message, stays on the form, and can retry', async ({
    page,
  }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(notice(page, 'Payment Failed')).toContainText('Your card was declined.');
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Dana');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    await expect(page.getByText('Payment Confirmed')).toBeVisible();
  });

  test('checks the card before anything is charged', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Expiration (MM / YY)').fill('0120');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page.getByText('Your card number is invalid.').first()).toBeVisible();
    await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
    await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
  });

  test('a VIP order needs no payment', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await page.getByLabel('Discount Code').fill('vip');
    await expect(page.getByLabel('Discount Code')).toHaveValue('VIP');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(notice(page, 'VIP Code Applied! Your submission will be processed for free.')).toBeVisible();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expect(page.getByTestId('order-total')).toHaveText('$0.00');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    await expect(page.getByText('VIP Free Submission')).toBeVisible();
    await expect(page.getByText('No payment required')).toBeVisible();
    await expect(page.getByText('Payment Confirmed')).toHaveCount(0);
  });

  test('a percent discount: SAVE10 charges $405.00', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await applyCode(page, 'save10');
    await expect(notice(page, 'Discount Applied!')).toContainText('10% off');
    await expect(page.getByTestId('order-total')).toHaveText('$405.00');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $405.00' }).click();
    await expect(page).toHaveURL(/amount=405\.00/);
    await expect(page.getByTestId('amount-paid')).toHaveText('$405.00');
  });

  test('an amount discount: SAVE50 charges $400.00', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await applyCode(page, 'SAVE50');
    await expect(notice(page, 'Discount Applied!')).toContainText('$50.00 off');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $400.00' }).click();
    await expect(page).toHaveURL(/amount=400\.00/);
    await expect(page.getByTestId('amount-paid')).toHaveText('$400.00');
  });

  test('refuses an empty or unknown code with the spec notices', async ({ page }) => {
    await page.goto('/quote');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(notice(page, 'Enter Discount Code')).toContainText('Please enter a discount code first.');
    await applyCode(page, 'NOSUCHCODE');
    await expect(notice(page, 'Invalid Code')).toContainText('Discount code not found');
    await expect(page.getByTestId('order-total')).toHaveText('$450.00');
  });

  test('keeps the quote across a cancelled checkout return', async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('First Name', { exact: true }).fill('Robin');
    await page.getByLabel('City').fill('Austin');
    await page.goto('/quote?payment=cancelled');
    await expect(notice(page, 'Payment Cancelled')).toContainText(
      'Your payment was cancelled. You can try again.',
    );
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Robin');
    await expect(page.getByLabel('City')).toHaveValue('Austin');
  });
});

test.describe('checkout return', () => {
  test('a browser coming back with payment=success submits the paid quote', async ({ page }) => {
    const quoteData = {
      requesterFirstName: 'Lee',
      requesterLastName: 'Park',
      requesterEmail: `return.${Date.now()}@e2e.example`,
      insuranceInvolved: 'No',
      homeownerFirstName: 'Lee',
      homeownerLastName: 'Park',
      streetAddress: '9 Oak Lane',
      city: 'Dallas',
      state: 'Texas',
      zipCode: '75201',
      roofSurfaceMaterial: 'METAL',
      plywoodNeeded: 'No',
      buildingHeight: '2-Story',
      roofLayers: '1 Layer',
      measurementFileSource: "I don't have a sketch file available",
    };
    const created = await page.request.post('/api/quotes/create-payment-intent', { data: { quoteData } });
    expect(created.status()).toBe(200);
    const intent = await created.json();
    const paid = await page.request.post('/api/payments/sandbox/confirm', {
      data: {
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
      },
    });
    expect(paid.status()).toBe(200);

    await page.goto(`/quote?payment=success&session_id=${intent.paymentIntentId}`);
    await expect(page).toHaveURL(/\/thank-you\?/);
    await expect(page.getByTestId('project-id')).toHaveText(/^RL-[A-Z0-9]{8}$/);
  });
});

test.describe('sketch upload', () => {
  test('enforces the size and type rules, and uploads, removes and replaces a good file', async ({
    page,
  }) => {
    await page.goto('/quote');
    await expect(page.getByRole('group', { name: 'Sketch File' })).toHaveCount(0);
    await page.getByLabel('Measurement File Source').selectOption('HOVER .json');
    await expect(page.getByRole('group', { name: 'Sketch File' })).toBeVisible();

    await sketchInput(page).setInputFiles({
      name: 'big.json',
      mimeType: 'application/json',
      buffer: Buffer.alloc(Math.round(6.2 * 1024 * 1024), 0x20),
    });
    await expect(notice(page, 'Upload Failed')).toContainText(
      'File size too large. Maximum allowed size is 5MB. Your file is 6.2MB.',
    );

    await sketchInput(page).setInputFiles({
      name: 'roof.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF'),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Upload Failed' })).toContainText(
      'Invalid file type. Only sketch data files are allowed: .json, .xml, .csv',
    );

    await sketchInput(page).setInputFiles(path.join(FIXTURES, 'hover-gable.json'));
    await expect(notice(page, 'File Uploaded Successfully.')).toBeVisible();
    const uploaded = page.locator('[data-state="uploaded"]');
    await expect(uploaded).toContainText('hover-gable.json');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(uploaded).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();

    await sketchInput(page).setInputFiles(path.join(FIXTURES, 'hover-gable.json'));
    await expect(uploaded).toContainText('hover-gable.json');
    await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();
    await sketchInput(page).setInputFiles(path.join(FIXTURES, 'hover-hip.json'));
    await expect(uploaded).toContainText('hover-hip.json');
    await expect(uploaded).not.toContainText('hover-gable.json');
  });

  test('refuses a malformed file and a file of another source, as the server says', async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('Measurement File Source').selectOption('Eagleview .xml');
    await sketchInput(page).setInputFiles({
      name: 'eagleview-truncated.xml',
      mimeType: 'application/xml',
      buffer: readFileSync(path.join(FIXTURES, 'bad/eagleview-truncated.xml')),
    });
    await expect(notice(page, 'Upload Failed')).toContainText('The file is not well-formed XML');
    await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();

    await page.getByLabel('Measurement File Source').selectOption('HOVER .json');
    await sketchInput(page).setInputFiles(path.join(FIXTURES, 'roofr-gable.csv'));
    await expect(notice(page, 'Upload Failed')).toContainText('needs a .json file');
  });

  test('requires the sketch file once a source is chosen, and orders with it', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page);
    await page.getByLabel('Measurement File Source').selectOption('Roofr .csv');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(notice(page, 'Please fill out all required fields first')).toBeVisible();
    await expect(page.getByText('Please upload your sketch file', { exact: false }).first()).toBeVisible();

    await sketchInput(page).setInputFiles(path.join(FIXTURES, 'roofr-gable.csv'));
    await expect(page.locator('[data-state="uploaded"]')).toContainText('roofr-gable.csv');
    await confirmFileAddress(page);
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    await expect(page.getByText('Payment Confirmed')).toBeVisible();
  });
});
