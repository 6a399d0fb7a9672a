import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillQuoteForm } from './quote-helpers';

/** The submit call's JSON body and the answer, as the browser sent and got them (observed, not intercepted). */
async function submitted(page: Page, submit: () => Promise<void>) {
  const response = page.waitForResponse(
    (r) => r.url().endsWith('/api/quotes/submit') && r.request().method() === 'POST',
  );
  await submit();
  const res = await response;
  return {
    status: res.status(),
    body: res.request().postDataJSON() as { quoteData: Record<string, unknown> },
  };
}

test.describe('the ridge vent question (issue 24 #7)', () => {
  test('is an optional Yes / No / Not sure radio group in Roof Details, chosen by keyboard and sent with the order', async ({
    page,
  }) => {
    await page.goto('/quote');
    await fillQuoteForm(page, { email: `ridge.vent.${Date.now()}@e2e.example` });
    const group = page.getByRole('radiogroup', { name: 'Ridge vent' });
    await expect(group).toHaveAccessibleDescription(
      'Does the roof have, or will it get, a vent along its peak?',
    );
    await expect(group).not.toHaveAttribute('aria-required', 'true');
    await expect(group.getByRole('radio')).toHaveCount(3);
    for (const name of ['Yes', 'No', 'Not sure'])
      await expect(group.getByRole('radio', { name, exact: true })).not.toBeChecked();

    // keyboard: the arrows move through the answers and wrap, like the Yes/No fields
    await group.getByRole('radio', { name: 'Not sure' }).focus();
    await page.keyboard.press('Space');
    await expect(group.getByRole('radio', { name: 'Not sure' })).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(group.getByRole('radio', { name: 'Yes' })).toBeFocused();

    await page.getByLabel('Discount Code').fill('VIP');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('$0.00');
    const { status, body } = await submitted(page, () =>
      page.getByRole('button', { name: 'Submit Quote Request' }).click(),
    );
    expect(body.quoteData.ridgeVent).toBe('Yes');
    expect(status).toBe(200);
    await expect(page).toHaveURL(/\/thank-you\?/);
  });
});
