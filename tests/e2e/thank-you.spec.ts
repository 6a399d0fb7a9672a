import AxeBuilder from '@axe-core/playwright';
import type { Page, Route } from '@playwright/test';
import type { QuoteStatusResponse } from '../../src/domain/quotes/quote-calls';
import { quoteData as validQuoteData } from '../helpers/quote-data';
import { expect, test } from './fixtures';
import { uniqueEmail } from './lead-helpers';
import { applyCode, fillQuoteForm, notice } from './quote-helpers';

/** A complete, valid quote request without a measurement file, from `email`. */
const quoteData = (email: string) => validQuoteData({ requesterEmail: email });

/** A paid order as the server tells it: submitted 10:00, promised by 10:10, being generated. */
function paidOrder(overrides: Partial<QuoteStatusResponse> = {}): QuoteStatusResponse {
  return {
    reference: 'RL-7K3M9Q2X',
    status: 'submitted',
    reportStatus: 'processing',
    submittedAt: '2026-11-20T10:00:00.000Z',
    orderedAt: '2026-11-20T09:52:00.000Z',
    submissionType: 'paid',
    discountCode: null,
    amountPaidCents: 45_000,
    expectedBy: '2026-11-20T10:10:00.000Z',
    reports: [],
    ...overrides,
  };
}

/** Answers GET /api/quotes/RL-7K3M9Q2X/status with whatever `current()` holds at that moment. */
async function serveStatus(page: Page, current: () => QuoteStatusResponse): Promise<{ asked: () => number }> {
  let asked = 0;
  await page.route('**/api/quotes/RL-7K3M9Q2X/status', (route: Route) => {
    asked += 1;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(current()) });
  });
  return { asked: () => asked };
}

test.describe('/thank-you tells the truth about a real order', () => {
  test('an unknown Project ID says the order cannot be found, whatever the URL claims', async ({ page }) => {
    await page.goto('/thank-you?project_id=RL-ZZZZZZZZ&vip=false&amount=450.00');
    await expect(page.getByRole('heading', { name: 'Order not found', level: 1 })).toBeVisible();
    await expect(page.getByTestId('order-not-found')).toContainText('RL-ZZZZZZZZ');
    await expect(page.getByText('Payment Confirmed')).toHaveCount(0);
    await expect(page.getByText('Thank You for Your Submission!')).toHaveCount(0);
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // not even shaped like a Project ID: not found without asking
    await page.goto('/thank-you?project_id=QUOTE_1234&vip=true');
    await expect(page.getByTestId('order-not-found')).toContainText('QUOTE_1234');
    await expect(page.getByText('VIP Free Submission')).toHaveCount(0);
  });

  test("the order's own type, amount and delivery promise win over the URL; no simulated progress", async ({
    page,
  }) => {
    let order = paidOrder();
    const server = await serveStatus(page, () => order);
    // the URL claims a VIP order: the server says it was paid $450.00
    await page.goto('/thank-you?project_id=RL-7K3M9Q2X&vip=true&discount=VIP');
    await expect(page.getByTestId('submission-type')).toHaveText('Premium AI Estimate');
    await expect(page.getByTestId('amount-paid')).toHaveText('$450.00');
    await expect(page.getByText('No payment required')).toHaveCount(0);
    await expect(page.getByText('VIP Free Submission')).toHaveCount(0);
    await expect(page.getByTestId('submitted-at').locator('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T10:00:00.000Z',
    );
    // the promise is the order's, counted from its submission, not from this visit
    await expect(page.getByTestId('expected-by').locator('time')).toHaveAttribute(
      'datetime',
      '2026-11-20T10:10:00.000Z',
    );
    await expect(page.getByText('within 24 hours at the latest')).toHaveCount(0);
    await expect(page.getByText('Status: Processing')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect(steps.nth(2)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(2)).toContainText('Report Generation');

    // the page asks again on its own: both versions mailed, the measured one is the latest
    order = paidOrder({
      reportStatus: 'ready',
      reports: [
        {
          version: 1,
          basis: 'preliminary',
          createdAt: '2026-11-20T10:00:01.000Z',
          downloadUrl: '/api/reports/RL-7K3M9Q2X.pdf?v=1&expires=1&sig=a',
        },
        {
          version: 2,
          basis: 'measured',
          createdAt: '2026-11-21T15:30:00.000Z',
          downloadUrl: '/api/reports/RL-7K3M9Q2X.pdf?v=2&expires=1&sig=b',
        },
      ],
    });
    await expect(page.getByText('Status: Ready')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('order-badge')).toHaveClass(/emerald/);
    await expect(page.getByRole('link', { name: 'Download report' })).toHaveAttribute(
      'href',
      '/api/reports/RL-7K3M9Q2X.pdf?v=2&expires=1&sig=b',
    );
    const versions = page.getByTestId('report-versions').getByRole('listitem');
    await expect(versions).toHaveCount(2);
    await expect(versions.nth(0)).toContainText('Version 2');
    await expect(versions.nth(0)).toContainText('Measured');
    await expect(versions.nth(1)).toContainText('Preliminary \u2014 not measured');
    await expect(versions.nth(1).getByRole('link', { name: 'Download version 1' })).toHaveAttribute(
      'href',
      /v=1/,
    );
    await expect(page.getByTestId('expected-by').locator('time')).toHaveAttribute(
      'datetime',
      '2026-11-21T15:30:00.000Z',
    );
    for (const step of await steps.all()) await expect(step).toHaveAttribute('data-state', 'done');

    // once ready it stops asking: a reload is the only new question
    const askedWhenReady = server.asked();
    await page.reload();
    await expect(page.getByText('Status: Ready')).toBeVisible();
    expect(server.asked()).toBe(askedWhenReady + 1);
  });

  test('the ready order and the unknown one have no WCAG A/AA violations', async ({ page }) => {
    await serveStatus(page, () =>
      paidOrder({
        reportStatus: 'ready',
        reports: [
          { version: 1, basis: 'preliminary', createdAt: '2026-11-20T10:00:01.000Z', downloadUrl: '/r?v=1' },
          { version: 2, basis: 'measured', createdAt: '2026-11-21T15:30:00.000Z', downloadUrl: '/r?v=2' },
        ],
      }),
    );
    const violations = async () =>
      (
        await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
      ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    await page.goto('/thank-you?project_id=RL-7K3M9Q2X');
    await expect(page.getByRole('link', { name: 'Download report' })).toBeVisible();
    expect(await violations()).toEqual([]);
    await page.goto('/thank-you?project_id=RL-ZZZZZZZZ');
    await expect(page.getByTestId('order-not-found')).toBeVisible();
    expect(await violations()).toEqual([]);
  });

  test('a report without a link for this browser says it was mailed', async ({ page }) => {
    await serveStatus(page, () =>
      paidOrder({
        reportStatus: 'ready',
        reports: [
          { version: 1, basis: 'measured', createdAt: '2026-11-20T10:01:00.000Z', downloadUrl: null },
        ],
      }),
    );
    await page.goto('/thank-you?project_id=RL-7K3M9Q2X');
    await expect(page.getByText('Status: Ready')).toBeVisible();
    await expect(page.getByTestId('report-mailed')).toContainText('sent to the email address of the order');
    await expect(page.getByRole('link', { name: 'Download report' })).toHaveCount(0);
  });

  test('without a project_id the page keeps the spec texts of its parameters', async ({ page }) => {
    await page.goto('/thank-you?vip=false&amount=405.00');
    await expect(page.getByTestId('project-id')).toHaveText(/^QUOTE_[0-9A-Z]+$/);
    await expect(page.getByText('Premium AI Estimate')).toBeVisible();
    await expect(page.getByTestId('amount-paid')).toHaveText('$405.00');
    await expect(page.getByText('Status: Processing')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Report progress' })).toBeVisible();
  });

  // Needs the preliminary-pipeline branch (the status endpoint's real figures and the instant
  // preliminary report of an order without a file).
  test('a VIP order without a file: the real order, Ready with its preliminary report to download', async ({
    page,
  }) => {
    test.setTimeout(45_000);
    const submit = await page.request.post('/api/quotes/submit', {
      data: {
        quoteData: quoteData(uniqueEmail('thanks')),
        paymentIntentId: 'free_submission',
        isVipSubmission: true,
        discountCode: 'VIP',
      },
    });
    expect(submit.status(), await submit.text()).toBe(200);
    const { projectId } = (await submit.json()) as { projectId: string };

    // the URL lies about the order: the page says what the server knows
    await page.goto(`/thank-you?project_id=${projectId}&vip=false&amount=999.00`);
    await expect(page.getByTestId('project-id')).toHaveText(projectId);
    await expect(page.getByTestId('submission-type')).toHaveText('VIP Free Submission');
    await expect(page.getByText('No payment required')).toBeVisible();
    await expect(page.getByText('Payment Confirmed')).toHaveCount(0);
    await expect(page.getByText('Status: Ready')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('report-versions')).toContainText('Preliminary \u2014 not measured');
    const download = page.getByRole('link', { name: 'Download report' });
    const href = (await download.getAttribute('href')) ?? '';
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
  test('the success notice follows the delivered report: never "within 5-10 minutes" over "delivered"', async ({
    page,
  }) => {
    test.setTimeout(45_000);
    await page.goto('/quote');
    await fillQuoteForm(page, { email: uniqueEmail('notice') });
    await applyCode(page, 'VIP');
    await expect(page.getByTestId('order-total')).toHaveText('$0.00');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();
    await expect(page).toHaveURL(/\/thank-you\?/);
    const success = notice(page, 'Quote Submitted Successfully!');
    // the pointer on the notice holds it open (Radix pauses its timer) while the order is followed
    await success.hover();
    await expect(page.getByText('Status: Ready')).toBeVisible({ timeout: 15_000 });
    const projectId = ((await page.getByTestId('project-id').textContent()) ?? '').trim();
    await expect(page.getByTestId('report-status')).toContainText('Preliminary report delivered.');
    await expect(success).toContainText(
      `Your Project ID is ${projectId}. Your preliminary report was delivered and emailed to you.`,
    );
    await expect(page.getByText(/will be emailed within 5-10 minutes/)).toHaveCount(0);
  });
});
