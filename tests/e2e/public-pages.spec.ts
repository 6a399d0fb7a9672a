import type { Locator, Page } from '@playwright/test';
import { formatCentsWhole as formatDollars } from '../../src/domain/payments/money';
import { pageMeta } from '../../src/domain/site/seo';
import { sampleQuote } from '../../src/web/features/site/sample-quote';
import { expect, test } from './fixtures';

const main = (page: Page) => page.getByRole('main');

async function expectLink(scope: Locator, name: string | RegExp, href: string) {
  const link = scope.getByRole('link', { name, exact: typeof name === 'string' }).first();
  await expect(link, `${String(name)} -> ${href}`).toHaveAttribute('href', href);
}

/** The h2 headings of the main region, in document order. */
async function sectionHeadings(page: Page): Promise<string[]> {
  return (await main(page).getByRole('heading', { level: 2 }).allInnerTexts()).map((t) => t.trim());
}

function expectInOrder(actual: string[], expected: string[]) {
  const positions = expected.map((heading) => actual.indexOf(heading));
  expect(positions, `headings ${JSON.stringify(actual)}`).not.toContain(-1);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

test.describe('landing page', () => {
  test('has every section of the spec, in order, with its buttons and figures', async ({ page }) => {
    await page.goto('/');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expectInOrder(await sectionHeadings(page), [
      'Open & Neutral Pricing',
      'Our Services',
      'Follow your roof from estimate to final inspection',
      'Built to keep the price honest',
      'Turn your quote into a project',
      'Ready for a fair number?',
    ]);

    // Hero
    await expectLink(m, 'Get Your Quote', '/quote');
    // Open & Neutral Pricing and its three buttons
    const pricing = m.getByRole('region', { name: 'Open & Neutral Pricing' });
    await expectLink(pricing, 'Order Quote', '/quote');
    await expectLink(pricing, 'Request Installation', '/marketplace');
    await expectLink(pricing, 'Join Install Network', '/contractor-signup');
    await expect(pricing).toContainText('652 price zones');
    await expect(pricing).toContainText('backed by 3 certified contractors');
    await expect(
      pricing.getByRole('list', { name: 'A simple 3-step process' }).getByRole('listitem'),
    ).toHaveCount(3);

    // Our Services cards
    const services = m.getByRole('region', { name: 'Our Services' });
    for (const [name, href] of [
      ['Homeowners', '/homeowners'],
      ['Insurance Claims', '/insurance'],
      ['Solar Installation', '/solar'],
      ['Real Estate', '/real-estate'],
    ] as const) {
      await expectLink(services, name, href);
    }

    // Marketplace demo: three dashboards and the demo statuses, plus the contractor search link
    const demo = m.getByRole('region', { name: 'Follow your roof from estimate to final inspection' });
    for (const caption of ['Customer dashboard', 'Tracking dashboard', 'Contractor dashboard']) {
      await expect(demo.getByRole('figure', { name: new RegExp(caption) })).toBeVisible();
    }
    for (const status of ['In Progress', 'Contractor Assigned', 'Materials Ordered']) {
      await expect(demo.getByText(status, { exact: true }).first()).toBeVisible();
    }
    await expectLink(demo, 'Find Verified Contractors', '/contractors');

    // Technology
    const tech = m.getByRole('region', { name: 'Built to keep the price honest' });
    for (const text of [
      'Open API for claims systems',
      'Measurement integration',
      'SOC 2 compliance',
      'AI pricing engine',
    ]) {
      await expect(tech.getByRole('heading', { name: text })).toBeVisible();
    }

    // Figures of spec 1 §1 and §9
    for (const figure of [
      '3500+',
      '350K+',
      'states and Puerto Rico',
      '652',
      '10-year labor warranty',
      'material warranties up to 50 years',
    ]) {
      await expect(m.getByText(figure).first()).toBeVisible();
    }

    // Closing call to action
    const closing = m.getByRole('region', { name: 'Ready for a fair number?' });
    await expectLink(closing, 'Get Your Quote', '/quote');
    await expectLink(closing, 'Find Contractors', '/contractors');

    // the report preview shows the engine's own price of the sample roof
    const preview = m.locator('figure').filter({ hasText: 'Fair Market Value Report' });
    await expect(preview).toContainText(formatDollars(sampleQuote.totalCents));
    for (const line of sampleQuote.lines) await expect(preview).toContainText(formatDollars(line.cents));
  });

  test('renders the convert-quote form in its section', async ({ page }) => {
    await page.goto('/');
    const section = main(page).getByRole('region', { name: 'Turn your quote into a project' });
    // the form loads when its section comes near the screen, not with the page
    await expect(section.locator('input[type="email"]')).toHaveCount(0);
    await section.scrollIntoViewIfNeeded();
    await expect(section.locator('input[type="email"]')).toBeVisible();
    await expect(section.getByRole('button', { name: /create project/i })).toBeVisible();
  });

  test('a link to /#convert-quote lands on the form', async ({ page }) => {
    await page.goto('/help');
    await page.getByText('My carrier accepted my estimate. How do I get the roof installed?').click();
    await page.getByRole('link', { name: 'turn your quote into a project' }).click();
    await expect(page).toHaveURL('/#convert-quote');
    await expect(
      main(page).getByRole('heading', { name: 'Turn your quote into a project' }),
    ).toBeInViewport();
  });

  test('the hero button opens the quote page', async ({ page }) => {
    await page.goto('/');
    await main(page).getByRole('link', { name: 'Get Your Quote' }).first().click();
    await expect(page).toHaveURL('/quote');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Your Roofing Quote' })).toBeVisible();
  });
});

test.describe('homeowner pages', () => {
  for (const path of ['/homeowner', '/homeowners']) {
    test(`${path} has the two cards, their buttons and the install link`, async ({ page }) => {
      await page.goto(path);
      const m = main(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const order = m.getByRole('heading', { name: 'Order New Quote' });
      const account = m.getByRole('heading', { name: 'Access Your Account' });
      await expect(order).toBeVisible();
      await expect(account).toBeVisible();
      await expect(m.getByText('No account, no signup.')).toBeVisible();
      await expectLink(m, 'Order New Quote', '/quote');
      for (const text of ['View quotes', 'Track projects', 'Connect with contractors', 'Download reports']) {
        await expect(m.getByText(text, { exact: true })).toBeVisible();
      }
      await expectLink(m, 'Sign In', '/api/login');
      await expectLink(m, 'Create Account', '/api/login');
      await expectLink(m, 'Request Installation', '/request-install');
    });
  }

  test('Sign In goes through /api/login to the sign-in page', async ({ page }) => {
    await page.goto('/homeowners');
    await main(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('marketing pages', () => {
  test('/marketplace links to contractor search and the installation request', async ({ page }) => {
    await page.goto('/marketplace');
    const m = main(page);
    await expectLink(m, 'Request Installation', '/request-install');
    await expectLink(m, 'Find Verified Contractors', '/contractors');
    await expect(m.getByText('3500+')).toBeVisible();
    await expect(m.getByText('Liability insurance of $1M or more')).toBeVisible();
    await m.getByRole('link', { name: 'Find Verified Contractors' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Find Verified Contractors' })).toBeVisible();
  });

  test('/insurance orders a quote and states its promises', async ({ page }) => {
    await page.goto('/insurance');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectLink(m, /^Order Quote/, '/quote');
    await expect(m.getByText('scheduled within 24 hours').first()).toBeVisible();
    await expect(m.getByText(/in 5-10 minutes/).first()).toBeVisible();
    await expect(m.getByText('Open API for claims systems')).toBeVisible();
    await expect(m.getByText('SOC 2 compliance')).toBeVisible();
    await expect(m.getByText('10-year labor warranty').first()).toBeVisible();
  });

  for (const path of ['/solar', '/real-estate']) {
    test(`${path} promises reports in 5-10 minutes or within 24 hours and a 10-year labor warranty`, async ({
      page,
    }) => {
      await page.goto(path);
      const m = main(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLink(m, /^Order Quote/, '/quote');
      await expect(m.getByText(/5-10 minutes or within 24 hours/).first()).toBeVisible();
      await expect(m.getByText(/10-year labor warranty/).first()).toBeVisible();
    });
  }

  test('/real-estate promises an inspection scheduled within 24 hours', async ({ page }) => {
    await page.goto('/real-estate');
    await expect(main(page).getByText('Inspection scheduled within 24 hours')).toBeVisible();
  });

  test('/about shows the marketplace figures and the support promises', async ({ page }) => {
    await page.goto('/about');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const text of ['3500+', '350K+', 'states and Puerto Rico', 'local price zones']) {
      await expect(m.getByText(text, { exact: true }).first()).toBeVisible();
    }
    await expect(m.getByText('A reply within 5-10 minutes during business hours.')).toBeVisible();
    await expect(m.getByText(/A reply within 24 hours/)).toBeVisible();
    await expectLink(m, 'Contact Us', '/contact');
  });
});

test.describe('how it works', () => {
  test('has the hero, four steps, both buttons, why different, the breakdown and the requirements', async ({
    page,
  }) => {
    await page.goto('/how-it-works');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const steps = m.getByRole('region', { name: 'Four steps, one partner' }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    for (const [index, title] of [
      'Get Your Quote',
      'Match with Your Contractor',
      'Professional Installation',
      'Quality Guarantee',
    ].entries()) {
      await expect(steps.nth(index).getByRole('heading')).toHaveText(title);
    }
    await expectLink(m, 'Request Installation', '/request-install');
    await expectLink(m, /^Get Your Quote Now/, '/quote');

    const different = m.getByRole('region', { name: "Why we're different" });
    for (const title of ['AI pricing', 'Verified network', 'Real-time tracking']) {
      await expect(different.getByRole('heading', { name: title })).toBeVisible();
    }

    const table = m.getByRole('table');
    // the engine's own price of the sample roof (sample-quote.generated.ts)
    await expect(table).toContainText('2,400 sq ft');
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    for (const line of sampleQuote.lines)
      await expect(row(line.label)).toContainText(formatDollars(line.cents));
    await expect(row('Total')).toContainText(formatDollars(sampleQuote.totalCents));

    const requirements = m.getByRole('region', { name: 'Contractor requirements' }).getByRole('listitem');
    await expect(requirements).toHaveText([
      'Active state license',
      'Liability insurance of $1M or more',
      'Workers’ compensation',
      '3+ years of experience',
      'Local references',
      'Background check passed',
      'Manufacturer certified',
    ]);
  });

  test('Request Installation opens the installation request form', async ({ page }) => {
    await page.goto('/how-it-works');
    await main(page).getByRole('link', { name: 'Request Installation' }).first().click();
    await expect(page).toHaveURL('/request-install');
    await expect(page.getByRole('heading', { level: 1, name: 'Installation Request Form' })).toBeVisible();
  });
});

test.describe('help center', () => {
  test('has one email-support card whose Send Email button goes to /contact', async ({ page }) => {
    await page.goto('/help');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await expect(m.getByRole('heading', { name: 'Email Support' })).toHaveCount(1);
    await expect(m.getByRole('link', { name: 'Send Email' })).toHaveCount(1);
    await m.getByRole('link', { name: 'Send Email' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('answers questions in an accessible disclosure list', async ({ page }) => {
    await page.goto('/help');
    const answer = page.getByText(/Most Fair Market Value reports arrive by email/);
    await expect(answer).toBeHidden();
    await page.getByText('How long does my report take?').click();
    await expect(answer).toBeVisible();
  });
});

// What the legal pages say is checked in the HTML the server sends (served-pages.int.test.ts);
// here, what happens in the browser: the table of contents and the configured governing-law state.
test.describe('legal pages', () => {
  test('/privacy: the table of contents scrolls to its section', async ({ page }) => {
    await page.goto('/privacy');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await m
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: '5. Cookies' })
      .click();
    await expect(page).toHaveURL('/privacy#cookies');
    await expect(m.getByRole('heading', { name: '5. Cookies' })).toBeInViewport();
  });

  test('/terms names the configured governing-law state', async ({ page }) => {
    const config = await (await page.request.get('/api/public-config')).json();
    expect(typeof config.governingLawState).toBe('string');
    await page.goto('/terms');
    const m = main(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const governing = m.getByRole('region', { name: '13. Governing law' });
    await expect(governing).toContainText(`the laws of the State of ${config.governingLawState}`);
  });

  test('/terms shows whatever state the server is configured with', async ({ page }) => {
    await page.route('/api/public-config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), governingLawState: 'Texas' } });
    });
    await page.goto('/terms');
    const governing = main(page).getByRole('region', { name: '13. Governing law' });
    await expect(governing).toContainText('the laws of the State of Texas');
    await expect(governing).not.toContainText('Delaware');
  });
});

// The title and description of every page, in the server HTML: served-pages.int.test.ts; after
// render: every-public-page.spec.ts.
test.describe('titles and descriptions', () => {
  test('navigating inside the app updates the title and description', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveTitle('Terms of Service | Ridgeline');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      pageMeta['/terms'].description,
    );
  });
});
