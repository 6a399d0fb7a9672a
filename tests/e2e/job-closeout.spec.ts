import type { BrowserContext, Locator, Page } from '@playwright/test';
import { inspectionItemKeys } from '../../src/domain/projects/closeout';
import { demoAccounts, expect, gotoLive, projectBetween, signedInContext, test } from './fixtures';
import { png } from './image-helpers';

/**
 * Issue 25, "done when": a job between the demo homeowner and the demo contractor ($12,000
 * approved) from the start of the work to the review. The first part ($6,000, 50 %) is asked
 * when the contractor accepts and paid by the homeowner with the sandbox card; after "Install
 * Completed" the contractor submits the final inspection, the homeowner reports one issue, the
 * contractor resolves it, the homeowner accepts the work; the final part is asked then and paid
 * by card; the contractor is paid 88 % of each ($5,280 twice); the warranty certificate arrives in
 * the homeowner's mailbox and the job file; the homeowner's review changes the contractor's rating
 * on the search page.
 */

async function payByCard(page: Page, part: Locator, amount: string): Promise<void> {
  await expect(part).toContainText('Due');
  await part.getByRole('button', { name: `Pay ${amount}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${amount}` });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog
    .getByLabel('Expiration (MM / YY)')
    .fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100)}`);
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(dialog).toBeHidden();
  await expect(part).toContainText('Paid');
  await expect(part).toContainText('by card ending 4242');
  await expect(part.getByRole('link', { name: 'Receipt' })).toBeVisible();
}

async function put(context: BrowserContext, url: string, data: unknown, method: 'put' | 'post' = 'put') {
  const res = await context.request[method](url, { data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json() as Promise<Record<string, unknown>>;
}

/** The demo contractor's card on the search page: its rating text ("4.4 (12 reviews)"). */
async function searchCardRating(page: Page): Promise<Locator> {
  await page.goto('/contractors');
  await page.getByPlaceholder('Enter your zip code').fill('75201');
  await page.getByRole('button', { name: 'Search' }).click();
  const rating = page
    .getByRole('article')
    .filter({ hasText: 'Lone Star Roofing & Restoration' })
    .getByTestId('card-rating');
  await expect(rating).toContainText(/\d reviews/);
  return rating;
}

test('a job from the start of the work to the warranty and the review: two card payments, 88 % paid out', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  const visitor = await browser.newContext({ baseURL });
  try {
    const search = await visitor.newPage();
    const rating = await searchCardRating(search);
    const before = (await rating.innerText()).replace(/\s+/g, ' ');
    const count = Number(/(\d+) reviews/.exec(before)?.[1]);

    // the contractor accepts the match: work begins, the first part is asked
    const { id, title } = await projectBetween(admin, crew);
    await put(crew, `/api/projects/${id}`, { status: 'in_progress' });
    const ownerPage = await owner.newPage();
    await gotoLive(ownerPage, `/projects/${id}`);
    const payments = ownerPage.getByTestId('project-payments');
    const first = payments.getByTestId('payment-first');
    const final = payments.getByTestId('payment-final');
    await expect(first).toContainText('$6,000.00');
    await expect(final).toContainText('Not yet due');
    await payByCard(ownerPage, first, '$6,000.00');

    // Install Completed; the contractor submits the final inspection
    await put(crew, `/api/projects/${id}`, { installCompleted: true });
    await put(
      crew,
      `/api/projects/${id}/closeout/inspection`,
      { items: inspectionItemKeys.map((key) => ({ key, checked: true })) },
      'post',
    );

    // the homeowner sees it live and reports one issue
    const closeout = ownerPage.getByTestId('closeout');
    await expect(ownerPage.getByTestId('project-badges')).toContainText('Awaiting your acceptance');
    await closeout.getByRole('button', { name: 'Report an Issue' }).click();
    await closeout.getByLabel('What needs fixing').fill('A shingle lifted above the porch');
    await closeout.getByLabel('Photos (optional)').setInputFiles({
      name: 'porch.png',
      mimeType: 'image/png',
      buffer: png([150, 60, 40]),
    });
    await closeout.getByRole('button', { name: 'Send to the contractor' }).click();
    await expect(ownerPage.getByTestId('project-badges')).toContainText('Punch list open');

    // the contractor resolves it; the homeowner sees it live and accepts the work
    const state = (await (await crew.request.get(`/api/projects/${id}/closeout`)).json()) as {
      punchItems: { id: string }[];
    };
    const itemId = state.punchItems[0]?.id;
    expect(itemId, 'the reported issue').toBeTruthy();
    await put(
      crew,
      `/api/projects/${id}/closeout/punch-items/${itemId}/resolve`,
      { note: 'Resealed the shingle and checked the row' },
      'post',
    );
    await expect(closeout.getByTestId('punch-item')).toContainText('Resealed the shingle');
    await closeout.getByRole('button', { name: 'Accept the Work' }).click();
    await expect(closeout).toContainText('Work accepted on');

    // the final part is asked at the acceptance ($12,000 less the $6,000 received) and paid by card
    await expect(final).toContainText('$6,000.00');
    await payByCard(ownerPage, final, '$6,000.00');

    // the contractor is paid 88 % of each payment, to the account from payment setup
    const crewPage = await crew.newPage();
    await crewPage.goto('/contractor-dashboard');
    const payouts = crewPage
      .getByTestId('contractor-payouts')
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(payouts).toHaveCount(2, { timeout: 30_000 });
    for (const part of ['First payment', 'Final payment']) {
      const row = payouts.filter({ hasText: part });
      await expect(row).toContainText('$5,280.00');
      await expect(row.getByTestId('payout-status')).toHaveText('Paid', { timeout: 60_000 });
    }

    // the warranty certificate: mailed to the homeowner with the PDF, and in the job file
    await expect
      .poll(
        async () => {
          const res = await admin.request.get(
            `/api/admin/outbox?to=${encodeURIComponent(demoAccounts.homeowner)}`,
          );
          const mails = (await res.json()) as { subject: string; attachments: { contentType: string }[] }[];
          return mails
            .filter((m) => m.subject === `Your roof warranty certificate: ${title}`)
            .map((m) => m.attachments[0]?.contentType);
        },
        { timeout: 60_000 },
      )
      .toEqual(['application/pdf']);
    await ownerPage.reload();
    const warranty = ownerPage.getByTestId('project-warranty');
    await expect(warranty).toContainText('10 years');
    const certificate = await owner.request.get(
      (await warranty
        .getByRole('link', { name: 'Download the warranty certificate' })
        .getAttribute('href')) ?? '',
    );
    expect(certificate.headers()['content-type']).toBe('application/pdf');
    expect((await certificate.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await ownerPage.getByRole('tab', { name: 'Project Details' }).click();
    await expect(ownerPage.getByTestId('warranty-certificate-link')).toBeVisible();
    await expect(
      ownerPage.getByTestId('receipt-links').getByRole('link', { name: /^View Receipt/ }),
    ).toHaveCount(2);

    // the review, asked at the acceptance, changes the rating on the search page
    await ownerPage.getByRole('tab', { name: 'Project Workflow' }).click();
    const review = ownerPage.getByTestId('project-review');
    await review.getByLabel('Your review').fill('Fixed the one issue the same day; paid and done.');
    await review.getByLabel('5 stars').check({ force: true });
    await review.getByRole('button', { name: 'Submit Review' }).click();
    await expect(review.getByRole('status')).toHaveText('Thank you! Your review was saved.');
    const after = await searchCardRating(search);
    await expect(after).toContainText(`${count + 1} reviews`);
    await expect.poll(async () => (await after.innerText()).replace(/\s+/g, ' ')).not.toBe(before);
  } finally {
    await Promise.all([admin.close(), crew.close(), owner.close(), visitor.close()]);
  }
});
