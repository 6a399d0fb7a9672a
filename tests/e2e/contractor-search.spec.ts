import { expect, test } from './fixtures';
import { adminApi, notice, uniqueEmail } from './lead-helpers';

test.describe('contractor search', () => {
  test('finds the Dallas demo contractors with real distances, best rated first', async ({ page }) => {
    await page.goto('/contractors');
    await expect(page.getByRole('heading', { level: 1, name: 'Find Verified Contractors' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    for (const step of ['Search & Compare', 'Get Matched', 'Track Progress']) {
      await expect(page.getByRole('heading', { name: step })).toBeVisible();
    }
    const zip = page.getByPlaceholder('Enter your zip code');
    const search = page.getByRole('button', { name: 'Search' });
    await expect(page.getByText('Select specialty (optional)')).toBeVisible();
    await expect(search).toBeDisabled();
    await zip.fill('7520');
    await expect(search).toBeDisabled();
    await zip.fill('75201');
    await expect(search).toBeEnabled();
    await search.click();

    await expect(page.getByRole('heading', { name: 'Available Contractors' })).toBeVisible();
    await expect(page.getByText('2 contractors found near 75201')).toBeVisible();
    await expect(page.getByText('Sorted by rating')).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('Lone Star Roofing & Restoration');
    await expect(cards.nth(0)).toContainText('Dallas, TX');
    // the rating is computed from reviews (a browser test may have added one): as the API answers it
    const [first] = (await (await page.request.get('/api/contractors/available?zip=75201')).json()) as {
      rating: number;
      reviewCount: number;
    }[];
    await expect(cards.nth(0).getByTestId('card-rating')).toContainText(
      first?.rating.toFixed(1) ?? 'missing',
    );
    await expect(cards.nth(0).getByTestId('card-rating')).toContainText(`${first?.reviewCount} reviews`);
    await expect(cards.nth(0)).toContainText('Available');
    await expect(cards.nth(0).getByRole('img', { name: 'Verified' })).toBeVisible();
    await expect(cards.nth(0).getByTestId('distance')).toHaveText('0.0 miles');
    await expect(cards.nth(1)).toContainText('Trinity Peak Roofing');

    // Richardson is about 12.6 miles from downtown Dallas: the distance is computed, not '2.5 miles'
    await zip.fill('75080');
    await search.click();
    await expect(page.getByText('2 contractors found near 75080')).toBeVisible();
    await expect(cards.nth(0).getByTestId('distance')).toHaveText('12.6 miles');
    await expect(page.getByText('2.5 miles')).toHaveCount(0);
  });

  test('a ZIP that is not one is said on the field, and clears as it is fixed', async ({ page }) => {
    let asked = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/contractors/available')) asked++;
    });
    await page.goto('/contractors');
    const zip = page.getByPlaceholder('Enter your zip code');
    await zip.fill('7520a');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(zip).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter a 5-digit ZIP code')).toBeVisible();
    expect(asked).toBe(0);
    await zip.fill('75201');
    await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('2 contractors found near 75201')).toBeVisible();
  });

  test('filters by specialty', async ({ page }) => {
    await page.goto('/contractors');
    await page.getByPlaceholder('Enter your zip code').fill('75201');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'All Specialties',
      'Residential',
      'Commercial',
      'Insurance',
      'Solar',
      'Emergency',
      'Repair',
    ]);
    await page.getByRole('option', { name: 'Commercial' }).click();
    await expect(page.getByText('1 contractor found near 75201')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);
    await expect(page.getByRole('article')).toContainText('Trinity Peak Roofing');
    await page.getByRole('combobox', { name: 'Specialty' }).click();
    await page.getByRole('option', { name: 'All Specialties' }).click();
    await expect(page.getByRole('article')).toHaveCount(2);
  });

  test('shows the empty result and the error for an unknown ZIP', async ({ page }) => {
    await page.goto('/contractors');
    const zip = page.getByPlaceholder('Enter your zip code');
    await zip.fill('10001');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No contractors found')).toBeVisible();
    await expect(
      page.getByText('Try expanding your search area or removing specialty filters.'),
    ).toBeVisible();
    await expect(page.getByText('0 contractors found near 10001')).toBeVisible();

    await zip.fill('00000');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Failed to load contractors. Please try again.')).toBeVisible();
    await expect(
      page.getByText('We could not find ZIP code 00000. Please check it and try again.'),
    ).toBeVisible();
  });

  test('a busy contractor cannot be selected and shows its profile', async ({ page }) => {
    await page.goto('/contractors?zip=77002');
    const card = page.getByRole('article', { name: 'Bayou City Storm Restoration' });
    await expect(card).toContainText('Busy');
    await expect(card.getByRole('button', { name: 'Select Contractor' })).toHaveCount(0);
    await card.getByRole('button', { name: 'View Profile' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Bayou City Storm Restoration');
    await expect(dialog).toContainText('busy and not taking new jobs');
  });

  test('selecting a contractor offers an install request with that contractor preferred', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/contractors');
    await page.getByPlaceholder('Enter your zip code').fill('75201');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: 'Trinity Peak Roofing' });
    await card.getByRole('button', { name: 'Select Contractor' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Request an installation with Trinity Peak Roofing?');
    await dialog.getByRole('button', { name: 'Keep Browsing' }).click();
    await expect(card.getByRole('button', { name: 'Selected' })).toHaveAttribute('aria-pressed', 'true');
    await card.getByRole('button', { name: 'Selected' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Request Installation' }).click();

    await expect(page).toHaveURL(/\/request-install\?contractor=[0-9a-f-]{36}$/);
    const preferred = page.getByRole('region', { name: 'Preferred contractor' });
    await expect(preferred).toContainText('Trinity Peak Roofing');
    await expect(preferred).toContainText('Dallas, TX');

    const form = page.getByRole('form', { name: 'Installation request' });
    const email = uniqueEmail('preferred');
    await form.getByLabel('First Name').fill('Pat');
    await form.getByLabel('Last Name').fill('Rivera');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('214-555-0100');
    await form.getByLabel('Street Address').fill('500 Main St');
    await form.getByLabel('City').fill('Dallas');
    await form.getByLabel('State').selectOption('Texas');
    await form.getByLabel('ZIP Code').fill('75202');
    await form.getByRole('button', { name: 'Submit Install Request' }).click();
    await expect(notice(page, 'Install Request Submitted!')).toBeVisible();

    const api = await adminApi(baseURL as string);
    const res = await api.get(`/api/admin/install-requests?email=${encodeURIComponent(email)}`);
    const { items } = (await res.json()) as { items: { preferredContractorName: string | null }[] };
    expect(items[0]?.preferredContractorName).toBe('Trinity Peak Roofing');
    await api.dispose();
  });
});
