import { expect, test } from './fixtures';

test.describe("Stripe's script", () => {
  test('is never loaded on /quote in sandbox mode (no Stripe keys configured)', async ({ page }) => {
    const stripeRequests: string[] = [];
    page.on('request', (request) => {
      if (/(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname))
        stripeRequests.push(request.url());
    });
    const config = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/stripe-config');
    await page.goto('/quote');
    // the server says sandbox: this test server has no Stripe keys
    expect(await (await config).json()).toMatchObject({ mode: 'sandbox' });
    // the sandbox card form stands where Stripe's Payment Element would be
    await expect(page.getByLabel('Card number')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('script[src*="stripe"], iframe[src*="stripe"]').count()).toBe(0);
    expect(stripeRequests).toEqual([]);
  });
});
