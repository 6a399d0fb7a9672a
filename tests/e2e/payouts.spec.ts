import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import Papa from 'papaparse';
import type { MyPayouts, PayoutListPage, PayoutTotals } from '../../src/domain/payouts/schemas';
import { expect, test } from './fixtures';
import { adminApi } from './lead-helpers';

/**
 * Issue 25 items 4, 5: the admins' payments panel under Total Revenue (totals, the payments
 * received, the payouts with their status and the account's last four, paging by cursor, a CSV
 * file per list) and the contractor's payouts on its dashboard. The demo data's completed jobs
 * were paid through the payouts hook; the server's payouts job sends them at start.
 */

async function getJson<T>(api: APIRequestContext, url: string): Promise<T> {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Every row of a list, through the API's pages. */
async function everyRow(
  api: APIRequestContext,
  kind: 'payments' | 'payouts',
): Promise<PayoutListPage['items'][number][]> {
  const rows: PayoutListPage['items'][number][] = [];
  let cursor: string | null = null;
  do {
    const page: PayoutListPage = await getJson<PayoutListPage>(
      api,
      `/api/admin/payouts/${kind}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    rows.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const wholeDollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(
    Math.round(cents / 100),
  );

async function download(page: Page, name: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test.describe('payouts', () => {
  test('the admins see payments, payouts and fees with totals, page by cursor and export each list as CSV', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await loginAs('admin');
    const admin = await adminApi(baseURL as string);
    // the payouts job sends the demo payouts once the server has started: wait for it, not a time
    await expect
      .poll(
        async () =>
          (await everyRow(admin, 'payouts')).filter(
            (r) => 'status' in r && ['pending', 'sending'].includes(r.status),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(0);
    const payouts = await everyRow(admin, 'payouts');
    const payments = await everyRow(admin, 'payments');
    expect(payouts.length).toBeGreaterThan(25);
    const totals = await getJson<PayoutTotals>(admin, '/api/admin/payouts/totals');
    await admin.dispose();

    await page.goto('/admin-dashboard');
    const revenueCard = page.getByRole('button', { name: /^Total Revenue/ });
    await expect(revenueCard).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('count-revenue')).toHaveText(wholeDollars(totals.netReceivedCents));
    await revenueCard.click();
    const panel = page.getByTestId('payments-panel');
    await expect(panel.getByTestId('payout-totals')).toContainText('Payments received');
    await expect(panel.getByTestId('payout-totals')).toContainText('Platform fees');

    // payouts first: a page of 25, each with its status and the account's last four; Load more follows the cursor
    const rows = panel.getByTestId('payout-row');
    await expect(rows).toHaveCount(25);
    await expect(rows.first().getByTestId('payout-status')).toHaveText(/Paid|Held|Offset by refunds/);
    await expect(rows.first()).toContainText(/•••• \d{4}|—/);
    await expect(panel.getByRole('table', { name: 'Payouts' })).toContainText('Paid');
    await panel.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(Math.min(50, payouts.length));

    const axe = await new AxeBuilder({ page })
      .include('[data-testid="payments-panel"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);

    const payoutCsv = await download(page, 'Export payouts (CSV)');
    expect(payoutCsv.name).toMatch(/^ridgeline-payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    const payoutTable = Papa.parse<string[]>(payoutCsv.text.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(payoutTable[0]).toEqual(
      expect.arrayContaining(['Status', 'Account Last Four', 'Net (USD)', 'Hold Reason']),
    );
    expect(payoutTable.length - 1).toBe(payouts.length);

    await panel.getByRole('tab', { name: 'Payments' }).click();
    await expect(panel.getByRole('table', { name: 'Payments' })).toContainText(/First part|Final part/);
    const paymentCsv = await download(page, 'Export payments (CSV)');
    expect(paymentCsv.name).toMatch(/^ridgeline-payments-\d{4}-\d{2}-\d{2}\.csv$/);
    const paymentTable = Papa.parse<string[]>(paymentCsv.text.replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(paymentTable.length - 1).toBe(payments.length);
    expect(paymentTable[0]).toEqual(
      expect.arrayContaining(['Gross (USD)', 'Platform Fee (USD)', 'Contractor Share (USD)']),
    );
  });

  test('the contractor sees its payouts and its Revenue is what it was paid', async ({ page, loginAs }) => {
    await loginAs('contractor');
    const res = await page.request.get('/api/contractor/payouts');
    expect(res.status()).toBe(200);
    const mine = (await res.json()) as MyPayouts;
    await page.goto('/contractor-dashboard');
    const section = page.getByRole('region', { name: 'Payouts' });
    await expect(section).toBeVisible({ timeout: 15_000 });
    await expect(section.getByRole('listitem')).toHaveCount(mine.items.length);
    expect(mine.items.length).toBeGreaterThan(0);
    await expect(section.getByRole('listitem').first()).toContainText(/•••• \d{4}/);
    // the Revenue card is what the payouts paid, net of refunds ('$81,954.40', or '$13,200' for whole dollars)
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      mine.revenueCents / 100,
    );
    const revenueCard = page
      .getByRole('region', { name: 'Summary' })
      .locator('div')
      .filter({ has: page.getByRole('heading', { name: 'Revenue', exact: true }) })
      .first();
    await expect(revenueCard).toContainText(mine.revenueCents % 100 === 0 ? usd.replace(/\.00$/, '') : usd);
    expect(mine.revenueCents).toBeGreaterThan(0);
  });
});
