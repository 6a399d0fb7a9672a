import { demoAccounts, expect, signedInContext, test } from './fixtures';

/**
 * Issue 25 #8 and #9: the demo homeowner reviews their completed demo job (Lone Star Roofing &
 * Restoration, SWRX-2026-0287); the contractor's rating and review count change on the search
 * page, where its profile lists the review.
 */
test('a homeowner reviews a completed job; the contractor’s rating and count change on the search page', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  const visitor = await browser.newContext({ baseURL });
  try {
    // the search card before: the rating computed from the demo reviews, with their count
    const search = await visitor.newPage();
    await search.goto('/contractors');
    await search.getByPlaceholder('Enter your zip code').fill('75201');
    await search.getByRole('button', { name: 'Search' }).click();
    const card = search.getByRole('article').filter({ hasText: 'Lone Star Roofing & Restoration' });
    const rating = card.getByTestId('card-rating');
    await expect(rating).toContainText(/\d reviews/);
    const before = (await rating.innerText()).replace(/\s+/g, ' ');
    const count = Number(/(\d+) reviews/.exec(before)?.[1]);

    // the homeowner's completed job with the demo contractor
    const page = await owner.newPage();
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string; email: string };
    expect(me.email).toBe(demoAccounts.homeowner);
    const projects = (await (await page.request.get(`/api/projects/homeowner/${me.id}`)).json()) as {
      id: string;
      title: string;
    }[];
    const job = projects.find((p) => p.title === 'SWRX-2026-0287');
    expect(job, 'the demo homeowner’s completed job').toBeDefined();
    await page.goto(`/projects/${job?.id}#review`);
    const panel = page.getByTestId('project-review');
    await expect(
      panel.getByRole('heading', { name: 'Review Lone Star Roofing & Restoration' }),
    ).toBeVisible();
    // no star chosen: said on the form, nothing sent
    await panel.getByLabel('Your review').fill('On time, tidy, and the new metal roof looks great.');
    await panel.getByRole('button', { name: 'Submit Review' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Choose from 1 to 5 stars.');
    await panel.getByLabel('5 stars').check({ force: true });
    await panel.getByRole('button', { name: 'Submit Review' }).click();
    await expect(panel.getByRole('status')).toHaveText('Thank you! Your review was saved.');
    await expect(panel.getByRole('button', { name: 'Update Review' })).toBeVisible();
    await expect(panel.getByText(/You can change your review until/)).toBeVisible();

    // the search page, opened again: one more review, and a rating that moved
    await search.goto('/contractors');
    await search.getByPlaceholder('Enter your zip code').fill('75201');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(rating).toContainText(`${count + 1} reviews`);
    await expect.poll(async () => (await rating.innerText()).replace(/\s+/g, ' ')).not.toBe(before);
    // the public profile lists the review
    await card.getByRole('button', { name: /view the profile and reviews/ }).click();
    const dialog = search.getByRole('dialog');
    await expect(dialog.getByTestId('contractor-reviews')).toContainText(
      'On time, tidy, and the new metal roof looks great.',
    );
    await expect(dialog.getByTestId('contractor-rating')).toContainText(`${count + 1} reviews`);
  } finally {
    await owner.close();
    await visitor.close();
  }
});
