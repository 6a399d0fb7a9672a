/**
 * Issue 24 #2 in the browser: a measurement file of another property is caught before payment.
 * The quote form shows the mismatch, refuses to order until the visitor confirms the file is of
 * this property or replaces it, and the order carries the confirmation.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';
import { expect, test } from './fixtures';
import { applyCode, fillQuoteForm } from './quote-helpers';

const hip = readFileSync(path.join(MEASUREMENT_FIXTURES_DIR, 'eagleview-hip.xml'), 'utf8');
/** The same roof, exported for the address the test order gives (1200 Elm Street, 75201). */
const ofThisProperty = hip.replace(
  /<LOCATION [^>]*\/>/,
  '<LOCATION address="1200 Elm St" city="Dallas" postal="75201" state="TX" />',
);

test('a file of another property: shown before payment, then replaced or confirmed', async ({ page }) => {
  await page.goto('/quote');
  await fillQuoteForm(page);
  await page.getByLabel('Measurement File Source').selectOption('Eagleview .xml');
  const file = page.locator('input[type="file"]');
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads/sketch'));
  await file.setInputFiles(path.join(MEASUREMENT_FIXTURES_DIR, 'eagleview-hip.xml'));
  // the upload answer says so too (the form sent the street and ZIP typed so far)
  expect(
    ((await (await uploaded).json()) as { measurement: { addressCheck: unknown } }).measurement.addressCheck,
  ).toMatchObject({ kind: 'mismatch' });
  const mismatch = page.getByTestId('address-mismatch');
  await expect(mismatch).toContainText(
    'The file is for "200 Sample Rd, Fictiona, TX 75000", but this order is for "1200 Elm Street, 75201" (the street number, street name and ZIP code differ).',
  );

  // no order until the visitor answers
  await applyCode(page, 'VIP');
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(
    page.getByText('Confirm that the measurement file is of this property, or replace it.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/quote/);

  // replaced by the file of this property: nothing to confirm
  await file.setInputFiles({
    name: 'elm-street.xml',
    mimeType: 'application/xml',
    buffer: Buffer.from(ofThisProperty),
  });
  await expect(page.locator('[data-state="uploaded"]')).toContainText('elm-street.xml');
  await expect(mismatch).toHaveCount(0);
  await expect(page.getByText('Confirm that the measurement file is of this property')).toHaveCount(0);

  // back to the other file: asked again (a confirmation belongs to one file), then confirmed
  await file.setInputFiles(path.join(MEASUREMENT_FIXTURES_DIR, 'eagleview-hip.xml'));
  await expect(mismatch).toBeVisible();
  const confirm = page.getByLabel(/This file measures this property/);
  await expect(confirm).not.toBeChecked();
  await confirm.check();
  const [submit] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/quotes/submit') && r.method() === 'POST'),
    page.getByRole('button', { name: 'Submit Quote Request' }).click(),
  ]);
  expect(
    (submit.postDataJSON() as { quoteData: { measurementAddressConfirmed: boolean } }).quoteData
      .measurementAddressConfirmed,
  ).toBe(true);
  await expect(page).toHaveURL(/\/thank-you\?/);
});
