import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';
import { expect, test } from './fixtures';
import { fillQuoteForm, notice } from './quote-helpers';

async function applyVip(page: Page) {
  await page.getByLabel('Discount Code').fill('VIP');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
}

/** The submit call's JSON body, as the browser sent it (observed, not intercepted). */
async function submitBody(page: Page, submit: () => Promise<void>) {
  const request = page.waitForRequest((r) => r.url().endsWith('/api/quotes/submit') && r.method() === 'POST');
  await submit();
  return (await request).postDataJSON() as { quoteData: Record<string, unknown> };
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('the quote form helps', () => {
  test('fields are not painted red by tabbing past; validated on submit, then live as they are fixed', async ({
    page,
  }) => {
    await page.goto('/quote');
    const firstName = page.getByLabel('First Name', { exact: true });
    const email = page.getByLabel('Email', { exact: true });
    await firstName.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await email.fill('not-an-email');
    await page.keyboard.press('Tab');
    // the fields were left (blurred), the last one with a bad value
    await expect(email).not.toBeFocused();
    await expect(email).toHaveValue('not-an-email');
    await expect(page.getByText('First name is required', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Valid email is required', { exact: true })).toHaveCount(0);
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');

    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Valid email is required', { exact: true })).toBeVisible();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');

    // live once submitted: the message goes as the field is fixed, without leaving it
    await firstName.pressSequentially('D');
    await expect(firstName).toBeFocused();
    await expect(page.getByText('First name is required', { exact: true })).toHaveCount(0);
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    await email.fill('dana@example.com');
    await expect(page.getByText('Valid email is required', { exact: true })).toHaveCount(0);
    // and comes back as it is broken again
    await firstName.fill('');
    await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
  });

  test("'I am the homeowner' copies the requester and keeps the copy in sync", async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('First Name', { exact: true }).fill('Robin');
    await page.getByLabel('Last Name', { exact: true }).fill('Hale');
    await page.getByLabel('Email', { exact: true }).fill('robin@example.com');
    const homeownerFirst = page.getByLabel('Homeowner First Name');
    await expect(homeownerFirst).toHaveValue('');

    await page.getByLabel('I am the homeowner').check();
    await expect(homeownerFirst).toHaveValue('Robin');
    await expect(page.getByLabel('Homeowner Last Name')).toHaveValue('Hale');
    await expect(page.getByLabel('Homeowner Email')).toHaveValue('robin@example.com');
    await expect(homeownerFirst).toHaveAttribute('readonly', '');

    await page.getByLabel('Last Name', { exact: true }).fill('Hale-Moss');
    await expect(page.getByLabel('Homeowner Last Name')).toHaveValue('Hale-Moss');

    await page.getByLabel('I am the homeowner').uncheck();
    await expect(homeownerFirst).not.toHaveAttribute('readonly', '');
    await homeownerFirst.fill('Sam');
    await page.getByLabel('First Name', { exact: true }).fill('Robyn');
    await expect(homeownerFirst).toHaveValue('Sam');
  });

  test('without a file the optional size fields are shown, checked and sent with the order', async ({
    page,
  }) => {
    await page.goto('/quote');
    await expect(page.getByLabel('Measurement File Source')).toHaveValue(
      "I don't have a sketch file available",
    );
    await expect(page.getByText('No file? You get a preliminary report by email at once')).toBeVisible();
    const roofArea = page.getByLabel('Roof area (sq ft)');
    await expect(roofArea).toBeVisible();
    await expect(page.getByLabel('Or the living area (sq ft)')).toBeVisible();
    await expect(page.getByLabel('Stories', { exact: true })).toBeVisible();

    // a file source replaces them with the sketch file
    await page.getByLabel('Measurement File Source').selectOption('HOVER .json');
    await expect(roofArea).toHaveCount(0);
    await page.getByLabel('Measurement File Source').selectOption("I don't have a sketch file available");

    await fillQuoteForm(page, { buildingHeight: '2-Story' });
    await roofArea.fill('50');
    await applyVip(page);
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(
      page.getByText('Enter a roof area between 200 and 50,000 sq ft, or leave it empty'),
    ).toBeVisible();
    await expect(roofArea).toBeFocused();
    // the size fields, the homeowner checkbox and the errors are accessible
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    await roofArea.fill('2,400');
    await page.getByLabel('Or the living area (sq ft)').fill('1,850');
    await page.getByLabel('Stories', { exact: true }).selectOption('2');
    const body = await submitBody(page, () =>
      page.getByRole('button', { name: 'Submit Quote Request' }).click(),
    );
    expect(body.quoteData).toMatchObject({ roofAreaSqFt: 2400, livingAreaSqFt: 1850, stories: '2' });
    await expect(page).toHaveURL(/\/thank-you\?/);
  });

  test('empty size fields are allowed and sent as not given', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page, { buildingHeight: '2-Story' });
    await applyVip(page);
    const body = await submitBody(page, () =>
      page.getByRole('button', { name: 'Submit Quote Request' }).click(),
    );
    expect(body.quoteData).toMatchObject({ roofAreaSqFt: null, livingAreaSqFt: null, stories: null });
    await expect(page).toHaveURL(/\/thank-you\?/);
  });

  test('after an upload it shows what was read from the file', async ({ page }) => {
    await page.goto('/quote');
    await page.getByLabel('Measurement File Source').selectOption('HOVER .json');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/uploads/sketch'));
    await page
      .locator('input[type="file"]')
      .setInputFiles(path.join(MEASUREMENT_FIXTURES_DIR, 'hover-gable.json'));
    const answer = (await (await uploaded).json()) as {
      measurement?: { totalAreaSqFt: number; predominantPitch: number; facetCount: number | null } | null;
    };
    await expect(page.locator('[data-state="uploaded"]')).toContainText('hover-gable.json');
    const summary = page.getByTestId('measurement-summary');
    // the server reads the measurement file on the upload and says what it read
    expect(answer.measurement).toBeTruthy();
    await expect(summary).toContainText('What we read from your');
    await expect(summary).toContainText(
      `${Math.round(answer.measurement?.totalAreaSqFt ?? 0).toLocaleString('en-US')} sq ft`,
    );
    await expect(summary).toContainText('Predominant pitch');
    await expect(summary).toContainText('Roof facets');
    // another file, another summary; no file, no summary
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(summary).toHaveCount(0);
  });

  test("/estimate's 'Order the full report' carries the ZIP, the material and the size", async ({ page }) => {
    await page.goto('/estimate');
    await page.getByLabel('ZIP code').fill('75201');
    await page.getByLabel('Approximate roof area (sq ft)').fill('2,200');
    await page.getByLabel('Roof surface material').selectOption('METAL');
    await page.getByRole('link', { name: 'Order the full report' }).click();
    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByLabel('ZIP Code')).toHaveValue('75201');
    await expect(page.getByLabel('Roof Surface Material')).toHaveValue('METAL');
    await expect(page.getByLabel('Roof area (sq ft)')).toHaveValue('2,200');

    await page.goto('/estimate');
    await page.getByLabel('ZIP code').fill('43004');
    await page.getByLabel('House floor area', { exact: true }).check();
    await page.getByLabel('House floor area (sq ft)').fill('2400');
    await page.getByLabel('Stories').selectOption('2');
    await page.getByRole('link', { name: 'Order the full report' }).click();
    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByLabel('ZIP Code')).toHaveValue('43004');
    await expect(page.getByLabel('Or the living area (sq ft)')).toHaveValue('2,400');
    await expect(page.getByLabel('Stories', { exact: true })).toHaveValue('2');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the total and the way to pay stay in reach at the top of the form', async ({ page }) => {
    await page.goto('/quote');
    await expect(page.getByLabel('First Name', { exact: true })).toBeInViewport();
    const bar = page.getByTestId('sticky-order-bar');
    await expect(bar).toBeInViewport();
    await expect(page.getByTestId('sticky-order-total')).toHaveText('$450.00');
    const card = page.locator('#quote-payment');
    await expect(card).not.toBeInViewport();

    await bar.getByRole('button', { name: 'Review and pay' }).click();
    await expect(card).toBeInViewport();
    await expect(bar).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay $450.00' })).toBeInViewport();
  });

  test('a refusal notice does not cover the card fields', async ({ page }) => {
    await page.goto('/quote');
    await fillQuoteForm(page, { buildingHeight: '2-Story' });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration (MM / YY)').fill(`12${String((new Date().getFullYear() + 3) % 100)}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $450.00' }).click();
    const toast = notice(page, 'Payment Failed');
    await expect(toast).toContainText('Your card was declined.');
    const cardNumber = page.getByLabel('Card number');
    await expect(cardNumber).toBeInViewport();
    for (const field of [cardNumber, page.getByLabel('Expiration (MM / YY)'), page.getByLabel('CVC')]) {
      expect(overlaps(await box(toast), await box(field))).toBe(false);
    }
  });
});
