import type { APIRequestContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { quoteData } from '../helpers/quote-data';
import { expect, test } from './fixtures';
import { adminApi, notice } from './lead-helpers';

/**
 * Issue 26 #6: the admin dashboard's delivery log of an organisation's webhooks and its Replay
 * button. The receiver is a public literal address (the test server refuses private ones); whether
 * it answers or not, each attempt is logged.
 */
test('an admin reads the webhook delivery log of an organisation and replays a delivery', async ({
  page,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const admin = await adminApi(baseURL as string);
  const name = `Hook Mutual ${Date.now()}`;
  const org = await admin.post('/api/admin/organizations', {
    data: { name, kind: 'insurer', billingEmail: 'billing@hook-mutual.example' },
  });
  expect(org.status()).toBe(201);
  const orgId = (await org.json()).id as string;
  const key = await admin.post(`/api/admin/organizations/${orgId}/api-keys`, {
    data: { name: 'claims', scopes: ['orders:write', 'webhooks:write'], rateLimitPerMinute: 100 },
  });
  const api: APIRequestContext = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${(await key.json()).key}` },
  });
  const hook = await api.post('/api/v1/webhooks', {
    data: { url: 'https://93.184.215.14/ridgeline-hooks', events: ['order.report_ready'] },
  });
  expect(hook.status(), await hook.text()).toBe(201);
  const order = await api.post('/api/v1/orders', { data: quoteData({ streetAddress: '9 Webhook Way' }) });
  expect(order.status(), await order.text()).toBe(201);
  // the report is made, its delivery stored and attempted
  await expect
    .poll(
      async () => {
        const log = await admin.get(`/api/admin/organizations/${orgId}/webhook-deliveries`);
        return ((await log.json()) as { attempts: number }[])[0]?.attempts ?? 0;
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);

  await loginAs('admin');
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'API organisations' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('button', { name: 'API keys and webhooks' }).click();
  const section = page.getByRole('region', { name: `Webhooks of ${name}` });
  await expect(section.getByText('https://93.184.215.14/ridgeline-hooks')).toBeVisible({ timeout: 15_000 });
  const table = section.getByRole('table', { name: 'Webhook deliveries' });
  await expect(table.getByRole('cell', { name: 'order.report_ready', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await table.getByRole('button', { name: /^Replay order\.report_ready/ }).click();
  await expect(notice(page, 'Delivery replayed')).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/e2e/admin-webhooks.png', fullPage: true });
  await api.dispose();
  await admin.dispose();
});
