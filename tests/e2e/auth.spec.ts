import {
  currentUser,
  DEMO_PASSWORD,
  type DemoRole,
  dashboardOf,
  demoAccounts,
  expect,
  signInWithForm,
  test,
} from './fixtures';

const roles: DemoRole[] = ['admin', 'contractor', 'pendingContractor', 'homeowner'];

test.describe('signing in through the form', () => {
  for (const role of roles) {
    test(`${role} reaches their dashboard with a greeting`, {
      tag: role === 'homeowner' ? '@smoke' : [],
    }, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await signInWithForm(page, demoAccounts[role], DEMO_PASSWORD);
      await expect(page).toHaveURL(dashboardOf[role]);

      const user = await currentUser(page);
      expect(user?.email).toBe(demoAccounts[role]);
      await expect(page.getByText(`Welcome back, ${user?.firstName}`)).toBeVisible();
      if (role === 'admin') {
        await expect(
          page.getByRole('heading', { level: 1, name: 'Ridgeline Admin Dashboard' }),
        ).toBeVisible();
        await expect(page.getByText('Manage all projects and contractors')).toBeVisible();
      }
      await expect(page).toHaveTitle(/\| Ridgeline$/);
    });
  }

  test('a wrong password shows the error and stays on the form', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, 'nobody@demo.test', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  test('empty fields get their messages on the fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('returnTo is honoured through /api/login', async ({ page }) => {
    await page.goto('/api/login?returnTo=/customer-dashboard');
    await expect(page).toHaveURL('/login?returnTo=%2Fcustomer-dashboard');
    await signInWithForm(page, demoAccounts.homeowner, DEMO_PASSWORD);
    await expect(page).toHaveURL('/customer-dashboard');
    await expect(page.getByText(/^Welcome back, /)).toBeVisible();
  });

  test('a foreign returnTo is ignored', async ({ page }) => {
    await page.goto('/login?returnTo=https%3A%2F%2Fevil.example%2F');
    await signInWithForm(page, demoAccounts.contractor, DEMO_PASSWORD);
    await expect(page).toHaveURL('/contractor-dashboard');
  });
});

test.describe('signed in', () => {
  test('sign out returns to / and ends the session', { tag: '@smoke' }, async ({ page, loginAs }) => {
    const user = await loginAs('homeowner');
    await page.goto('/customer-dashboard');
    await expect(page.getByText(`Welcome back, ${user.firstName}`)).toBeVisible();

    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await currentUser(page)).toBeNull();
  });

  test('the header shows the first name and a dashboard link', async ({ page, loginAs }) => {
    const user = await loginAs('contractor');
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`${user.firstName}`).first()).toBeVisible();
    const fits = await page.evaluate(() => {
      const row = document.querySelector('header > div:first-of-type');
      return row !== null && row.scrollWidth <= row.clientWidth;
    });
    expect(fits, 'the signed-in header fits in one row at 1280 px').toBe(true);
    await banner.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL('/contractor-dashboard');
  });

  test('a signed-in visit to /login goes straight to the dashboard', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/login');
    await expect(page).toHaveURL('/admin-dashboard');
  });

  test('a non-admin on the admin dashboard is denied and sent home', async ({ page, loginAs }) => {
    await loginAs('homeowner');
    await page.goto('/admin-dashboard');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(
      page.getByText('Admin access is restricted to @ridgeline.test employees.').first(),
    ).toBeVisible();
    await expect(page).toHaveURL('/', { timeout: 5000 });
  });
});

test.describe('signed out', () => {
  test('the customer dashboard asks to log in and lands on /login', { tag: '@smoke' }, async ({ page }) => {
    await page.goto('/customer-dashboard');
    await expect(page.getByText('Login Required').first()).toBeVisible();
    await expect(page.getByText('Please log in to access your customer dashboard.').first()).toBeVisible();
    await page.waitForURL('**/login?returnTo=%2Fcustomer-dashboard', { timeout: 5000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('the contractor dashboard says Unauthorized and lands on /login', async ({ page }) => {
    await page.goto('/contractor-dashboard');
    await expect(page.getByText('You are logged out. Logging in again...').first()).toBeVisible();
    await page.waitForURL('**/login?returnTo=%2Fcontractor-dashboard', { timeout: 3000 });
  });
});

test.describe('registration', () => {
  test('a new homeowner account signs in and reaches the dashboard; the e-mail cannot be reused', async ({
    page,
  }) => {
    const email = `new-${Date.now()}@example.test`;
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(page.getByText('Last name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Test');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/customer-dashboard');
    await expect(page.getByText('Welcome back, Jordan')).toBeVisible();
    await expect(page.getByText('Please confirm your email address.')).toBeVisible();

    await page.context().clearCookies();
    await page.goto('/register');
    await page.getByLabel('First name').fill('Jordan');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-good-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('alert')).toContainText('An account with this email already exists');
    await expect(page).toHaveURL('/register');
  });

  test('the login and register pages link to each other keeping returnTo', async ({ page }) => {
    await page.goto('/login?returnTo=%2Fquote');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/register?returnTo=%2Fquote');
    await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL('/login?returnTo=%2Fquote');
  });
});

test.describe('confirm-email page', () => {
  for (const [status, heading] of [
    ['confirmed', 'Email confirmed'],
    ['expired', 'This link has expired'],
    ['invalid', 'This link is not valid'],
  ] as const) {
    test(`shows the ${status} outcome`, async ({ page }) => {
      await page.goto(`/confirm-email?status=${status}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('a bad token from the mailed link lands on the invalid outcome', async ({ page }) => {
    await page.goto('/api/auth/confirm-email?token=not-a-real-token');
    await expect(page).toHaveURL('/confirm-email?status=invalid');
    await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();
  });
});
