import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { quoteData } from '../helpers/quote-data';
import { expect, test } from './fixtures';
import { adminApi, notice } from './lead-helpers';

/**
 * Issue 26 #6: the admin dashboard's delivery log of an organisation's webhooks and its Replay
 * button. The receiver is a local HTTP server (the e2e server runs in development, where loopback
 * receivers are allowed): nothing leaves the machine.
 */
test('an admin reads the webhook delivery log of an organisation and replays a delivery', async ({
  page,
  baseURL,
  loginAs,
}) => {
  test.setTimeout(90_000);
  const received: string[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ridgeline-hooks`;
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
    data: { url: hookUrl, events: ['order.report_ready'] },
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
  await expect(section.getByText(hookUrl)).toBeVisible({ timeout: 15_000 });
  const table = section.getByRole('table', { name: 'Webhook deliveries' });
  await expect(table.getByRole('cell', { name: 'order.report_ready', exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await table.getByRole('button', { name: /^Replay order\.report_ready/ }).click();
  await expect(notice(page, 'Delivery replayed')).toBeVisible({ timeout: 20_000 });
  // the first delivery and the replay reached the receiver
  await expect.poll(() => received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  expect(JSON.parse(received[0] as string)).toMatchObject({ type: 'order.report_ready' });
  await page.screenshot({ path: 'test-results/e2e/admin-webhooks.png', fullPage: true });
  await api.dispose();
  await admin.dispose();
  await new Promise((resolve) => receiver.close(resolve));
});
