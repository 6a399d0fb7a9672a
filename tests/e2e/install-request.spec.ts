import { generatedJobIdPattern } from '../../src/domain/projects/job-id';
import { currentUser, expect, test } from './fixtures';
import { adminApi, notice, uniqueEmail, waitForMail } from './lead-helpers';

interface StoredRequest {
  email: string;
  firstName: string;
  state: string;
  urgency: string;
  approvedAmount: number | null;
  preferredContractorName: string | null;
  projectId: string | null;
  projectStatus: string | null;
  projectTitle: string | null;
}

async function requestsFor(baseURL: string, email: string): Promise<StoredRequest[]> {
  const api = await adminApi(baseURL);
  const res = await api.get(`/api/admin/install-requests?email=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: StoredRequest[] };
  await api.dispose();
  return items;
}

test.describe('installation request', () => {
  test('shows the page with its link back to homeowners', async ({ page }) => {
    await page.goto('/request-install');
    await expect(page.getByRole('heading', { level: 1, name: 'Installation Request Form' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Homeowners' }).click();
    await expect(page).toHaveURL('/homeowners');
  });

  test('missing required fields shows the notice and sends nothing', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/homeowner/install-request')) sent++;
    });
    await page.goto('/request-install');
    const form = page.getByRole('form', { name: 'Installation request' });
    await form.getByLabel('First Name').fill('Avery');
    await form.getByLabel('Email').fill('avery@e2e.example');
    await form.getByRole('button', { name: 'Submit Install Request' }).click();
    await expect(notice(page, 'Required Fields Missing')).toContainText(
      'Please fill in all required fields.',
    );
    await expect(form.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Last Name')).toBeFocused();
    await expect(form.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Street Address')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('checks on submit, then live: a fixed field clears, a wrong amount is said on its field', async ({
    page,
  }) => {
    await page.goto('/request-install');
    const form = page.getByRole('form', { name: 'Installation request' });
    await form.getByLabel('First Name').focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);

    await form.getByLabel('Approved Amount').fill('lots');
    await form.getByRole('button', { name: 'Submit Install Request' }).click();
    await expect(form.getByLabel('First Name')).toBeFocused();
    await expect(form.getByText('Please enter the approved amount in dollars, such as 18500')).toBeVisible();
    await form.getByLabel('Approved Amount').fill('18,500');
    await expect(form.getByText('Please enter the approved amount in dollars, such as 18500')).toHaveCount(0);
    await form.getByLabel('Phone').fill('469 555 0142');
    await expect(form.getByLabel('Phone')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  });

  test('submits every field: stored with a pending project and a confirmation mail', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/request-install');
    const form = page.getByRole('form', { name: 'Installation request' });
    const email = uniqueEmail('avery');
    await form.getByLabel('First Name').fill('Avery');
    await form.getByLabel('Last Name').fill('Nguyen');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(469) 555-0142');
    await form.getByLabel('Street Address').fill('2210 Cedar Springs Rd');
    await form.getByLabel('City').fill('Dallas');
    const state = form.getByLabel('State');
    await expect(state.locator('option')).toHaveCount(52);
    await state.selectOption('Texas');
    await form.getByLabel('ZIP Code').fill('75201');
    await form.getByLabel('Insurance Company').fill('State Farm');
    await form.getByLabel('Claim Number').fill('CLM-55821');
    await form.getByLabel('Approved Amount').fill('18,450.50');
    await form.getByLabel('Project Description').fill('Hail damage on the south slope.');
    await expect(form.getByRole('radio', { name: /Standard/ })).toBeChecked();
    await form.getByRole('radio', { name: /Emergency/ }).check();
    await form.getByLabel('Preferred Start Date').fill('2030-05-04');
    await form.getByRole('button', { name: 'Submit Install Request' }).click();

    await expect(notice(page, 'Install Request Submitted!')).toContainText(
      "We'll contact you within 24 hours...",
    );
    await expect(page.getByRole('heading', { name: 'Install Request Submitted!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
      'href',
      '/register',
    );

    const [stored] = await requestsFor(baseURL as string, email);
    expect(stored).toMatchObject({
      firstName: 'Avery',
      state: 'Texas',
      urgency: 'emergency',
      approvedAmount: 1_845_050,
      projectStatus: 'pending',
    });
    expect(stored?.projectTitle).toMatch(generatedJobIdPattern);
    await expect(page.getByText(stored?.projectTitle as string)).toBeVisible();

    const api = await adminApi(baseURL as string);
    const mail = await waitForMail(api, email, /installation request/);
    expect(mail.text).toContain('Within 24 hours');
    expect(mail.text).toContain('Emergency (ASAP)');
    expect(mail.text).toContain('/register');
    await api.dispose();
  });

  test('a server failure shows Submission Error and keeps the values', async ({ page }) => {
    await page.goto('/request-install');
    const form = page.getByRole('form', { name: 'Installation request' });
    await form.getByLabel('First Name').fill('Avery');
    await form.getByLabel('Last Name').fill('Nguyen');
    await form.getByLabel('Email').fill('avery@e2e.example');
    await form.getByLabel('Phone').fill('469 555 0142');
    await form.getByLabel('Street Address').fill('1 Main St');
    await form.getByLabel('City').fill('Dallas');
    await form.getByLabel('State').selectOption('Texas');
    await form.getByLabel('ZIP Code').fill('75201');
    await page.route('**/api/homeowner/install-request', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Database is busy."}',
      }),
    );
    await form.getByRole('button', { name: 'Submit Install Request' }).click();
    await expect(notice(page, 'Submission Error')).toContainText('Database is busy.');
    await expect(form.getByLabel('Street Address')).toHaveValue('1 Main St');
  });

  test('the requester claims the passwordless account through /register and the mailed link', async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail('claim');
    const created = await page.request.post('/api/homeowner/install-request', {
      data: {
        firstName: 'Robin',
        lastName: 'Claimer',
        email,
        phone: '214-555-0199',
        address: '12 Oak Lawn Ave',
        city: 'Dallas',
        state: 'Texas',
        zipCode: '75219',
      },
    });
    expect(created.status()).toBe(201);

    await page.goto('/register');
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Claimer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('robin-roof-2030');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`We sent a link to ${email} to finish creating your account.`)).toBeVisible();
    expect(await currentUser(page)).toBeNull();

    const api = await adminApi(baseURL as string);
    const mail = await waitForMail(api, email, /Finish creating your/);
    await api.dispose();
    const link = /(https?:\/\/\S+\/api\/auth\/claim-account\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link, 'claim link in the mail').toBeTruthy();
    await page.goto(new URL(link as string).pathname + new URL(link as string).search);
    await expect(page).toHaveURL('/customer-dashboard');
    const user = await currentUser(page);
    expect(user).toMatchObject({ email, firstName: 'Robin', isVerified: true, userType: 'homeowner' });
  });
});
