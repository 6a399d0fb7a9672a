import { demoAccounts, expect, signedInContext, test } from './fixtures';

/**
 * Issue 25 #3: the demo homeowner pays the first part of their in-progress demo job
 * (SWRX-2026-0398, $22,750 approved: 50 % asked when work began) with the sandbox card
 * 4242 4242 4242 4242, and sees it Paid with its receipt.
 */
test('the homeowner pays the first part of a job under way by card and gets the receipt', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  try {
    const page = await owner.newPage();
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string; email: string };
    expect(me.email).toBe(demoAccounts.homeowner);
    const projects = (await (await page.request.get(`/api/projects/homeowner/${me.id}`)).json()) as {
      id: string;
      title: string;
    }[];
    const job = projects.find((p) => p.title === 'SWRX-2026-0398');
    expect(job, 'the demo homeowner’s job under way').toBeDefined();
    await page.goto(`/projects/${job?.id}`);

    const panel = page.getByTestId('project-payments');
    const first = panel.getByTestId('payment-first');
    await expect(first).toContainText('$11,375.00');
    await expect(first).toContainText('Due');
    await expect(panel.getByTestId('payment-final')).toContainText('Not yet due');

    await first.getByRole('button', { name: 'Pay $11,375.00' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay $11,375.00' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog
      .getByLabel('Expiration (MM / YY)')
      .fill(`12 / ${String((new Date().getUTCFullYear() + 3) % 100)}`);
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Pay $11,375.00' }).click();
    await expect(dialog).toBeHidden();

    await expect(first).toContainText('Paid');
    await expect(first).toContainText('by card ending 4242');
    const receipt = first.getByRole('link', { name: 'Receipt' });
    await expect(receipt).toBeVisible();
    const pdf = await page.request.get((await receipt.getAttribute('href')) as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // the receipt is in the job file too
    await page.getByRole('tab', { name: 'Project Details' }).click();
    await expect(
      page
        .getByTestId('receipt-links')
        .getByRole('link', { name: 'View Receipt: First payment (work begins)' }),
    ).toBeVisible();
  } finally {
    await owner.close();
  }
});
