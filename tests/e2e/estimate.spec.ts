import { expect, test } from './fixtures';

test.describe('/estimate: instant ballpark', () => {
  test('shows a range for a ZIP and roof area, computed in the browser', { tag: '@smoke' }, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const holder = window as unknown as { __csp?: string[] };
        holder.__csp = [...(holder.__csp ?? []), `${event.violatedDirective} ${event.blockedURI}`];
      });
    });
    await page.goto('/estimate');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your AI Market Estimate' })).toBeVisible();
    await expect(page.getByText('Enter your ZIP code and the size of your roof')).toBeVisible();
    await page.waitForLoadState('networkidle');

    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
    });
    await page.getByLabel('ZIP code').fill('75201');
    await page.getByLabel('Approximate roof area (sq ft)').fill('2,200');
    const range = page.getByTestId('ballpark-range');
    await expect(range).toHaveText(/^\$\d{1,3}(,\d{3})* to \$\d{1,3}(,\d{3})*$/);
    await expect(
      page.getByText('Dallas-Fort Worth-Arlington, TX (ZIP 752xx)', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('2,200 sq ft of roof, as entered.')).toBeVisible();

    const [low, high] = ((await range.textContent()) ?? '')
      .split(' to ')
      .map((s) => Number(s.replace(/[$,]/g, ''))) as [number, number];
    const expected = Number(
      ((await page.getByText(/^Most likely about/).textContent()) ?? '')
        .match(/\$([\d,]+)/)?.[1]
        ?.replace(/,/g, ''),
    );
    expect(low).toBeLessThan(expected);
    expect(high).toBeGreaterThan(expected);
    // Architectural asphalt in Texas: a plausible installed price per sq ft.
    expect(expected / 2200).toBeGreaterThan(4.5);
    expect(expected / 2200).toBeLessThan(8.5);

    // A dearer material moves the range at once.
    await page.getByLabel('Roof surface material').selectOption('SLATE');
    await expect(range).not.toHaveText(`$${low.toLocaleString('en-US')} to $${high.toLocaleString('en-US')}`);
    expect(apiCalls).toEqual([]);

    // 'Order the full report' carries the ZIP, the material and the size into /quote
    await expect(page.getByRole('link', { name: 'Order the full report' })).toHaveAttribute(
      'href',
      '/quote?zip=75201&material=SLATE&roofArea=2200',
    );
    const csp = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect(csp).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('converts house floor area and stories to roof area', async ({ page }) => {
    await page.goto('/estimate');
    await page.getByLabel('ZIP code').fill('55401');
    await page.getByLabel('House floor area').check();
    await page.getByLabel('House floor area (sq ft)').fill('2400');
    await page.getByLabel('Stories').selectOption('2');
    // 2400 / 2 x 1.10 x sqrt(1 + (6/12)^2) = 1,476 sq ft
    await expect(
      page.getByText(/^About 1,476 sq ft of roof: 2,400 sq ft of floor over 2 stories/),
    ).toBeVisible();
    await expect(page.getByTestId('ballpark-range')).toBeVisible();
    await expect(page.getByText(/^Minneapolis-St\. Paul-Bloomington, MN-WI \(ZIP 554xx\)$/)).toBeVisible();
  });

  test('explains what is wrong in the form', async ({ page }) => {
    await page.goto('/estimate');
    await page.getByRole('button', { name: 'Show my estimate' }).click();
    await expect(page.getByText('ZIP code is required')).toBeVisible();
    await expect(page.getByText('Enter the approximate roof area')).toBeVisible();
    await page.getByLabel('ZIP code').fill('752');
    await page.getByLabel('Approximate roof area (sq ft)').fill('50');
    await expect(page.getByText('Enter a 5-digit US ZIP code')).toBeVisible();
    await expect(page.getByText('Enter a roof area between 200 and 50,000 sq ft')).toBeVisible();
    await expect(page.getByTestId('ballpark-range')).toHaveCount(0);
    await page.getByLabel('ZIP code').fill('75201');
    await page.getByLabel('Approximate roof area (sq ft)').fill('1800');
    await page.getByRole('button', { name: 'Show my estimate' }).click();
    await expect(page.getByRole('heading', { name: 'Your ballpark range' })).toBeFocused();
    await expect(page.getByTestId('ballpark-range')).toBeVisible();
  });
});
