/** The quote form in the browser tests: fill it, apply a code, pay, find a notice. */
import type { Page } from '@playwright/test';

/** The only notice on screen (one toast at a time), by its text. */
export function notice(page: Page, text: string | RegExp) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: text });
}

/** Fills every required field of /quote (no insurance, no file). */
export async function fillQuoteForm(
  page: Page,
  opts: { email?: string; buildingHeight?: '1-Story' | '2-Story' | 'Mix of 1 and 2' } = {},
) {
  await page.getByLabel('First Name', { exact: true }).fill('Dana');
  await page.getByLabel('Last Name', { exact: true }).fill('Reyes');
  await page.getByLabel('Email', { exact: true }).fill(opts.email ?? `e2e.${Date.now()}@e2e.example`);
  await page
    .getByRole('radiogroup', { name: /Is insurance involved/ })
    .getByLabel('No')
    .check();
  await page.getByLabel('Homeowner First Name').fill('Sam');
  await page.getByLabel('Homeowner Last Name').fill('Ortiz');
  await page.getByLabel('Street Address').fill('1200 Elm Street');
  await page.getByLabel('City').fill('Dallas');
  await page.getByLabel('State', { exact: true }).selectOption('Texas');
  await page.getByLabel('ZIP Code').fill('75201');
  await page.getByLabel('Roof Surface Material').selectOption('30 YEAR LAMINATE SHINGLE');
  await page
    .getByRole('radiogroup', { name: /Is plywood needed/ })
    .getByLabel('No')
    .check();
  await page.getByLabel('Building Height').selectOption(opts.buildingHeight ?? '1-Story');
  await page.getByLabel('Number of Roof Layers').selectOption('1 Layer');
}

export async function applyCode(page: Page, code: string) {
  await page.getByLabel('Discount Code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

export async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM / YY)').fill(`12${String((new Date().getFullYear() + 3) % 100)}`);
  await page.getByLabel('CVC').fill('123');
}

/** The fixture files are of other addresses than the test orders': confirm the file is of this property. */
export async function confirmFileAddress(page: Page) {
  await page.getByLabel(/This file measures this property/).check();
}
