import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { adminApi, notice, uniqueEmail, waitForMail } from './lead-helpers';

/** Orders a free (VIP) quote through the public quote API; answers its reference and confirmation code. */
async function orderVipQuote(api: APIRequestContext, admin: APIRequestContext, email: string) {
  const quoteData = {
    requesterFirstName: 'Quinn',
    requesterLastName: 'Parker',
    requesterEmail: email,
    insuranceInvolved: 'Yes',
    carrierName: 'Allstate',
    claimNumber: 'AS-99812',
    homeownerFirstName: 'Quinn',
    homeownerLastName: 'Parker',
    streetAddress: '815 Elm St',
    city: 'Plano',
    state: 'Texas',
    zipCode: '75074',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    plywoodNeeded: 'No',
    buildingHeight: '2-Story',
    roofLayers: '1 Layer',
    measurementFileSource: "I don't have a sketch file available",
  };
  const intent = await api.post('/api/quotes/create-payment-intent', { data: { quoteData, vipCode: 'VIP' } });
  expect(intent.status(), await intent.text()).toBe(200);
  expect((await intent.json()).freeSubmission).toBe(true);
  const submit = await api.post('/api/quotes/submit', {
    data: { quoteData, paymentIntentId: 'free_submission', isVipSubmission: true, discountCode: 'VIP' },
  });
  expect(submit.status(), await submit.text()).toBe(200);
  const reference = (await submit.json()).projectId as string;
  const mail = await waitForMail(admin, email, new RegExp(reference));
  const code = /Confirmation code: (\S+)/.exec(mail.text)?.[1];
  expect(code, 'confirmation code in the mail').toBeTruthy();
  return { reference, code: code as string };
}

/**
 * The landing page's convert form, scrolled to: it loads when its section comes near the screen
 * (its code is not part of the landing page's first load).
 */
async function openConvertForm(page: Page) {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Turn your quote into a project' }).scrollIntoViewIfNeeded();
  return page.getByRole('form', { name: 'Convert quote to project' });
}

test.describe('convert a quote into a project (landing page)', () => {
  test('missing email or quote ID shows the notice and sends nothing', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/homeowner/create-project')) sent++;
    });
    const form = await openConvertForm(page);
    await form.getByLabel('Email').fill('someone@e2e.example');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(notice(page, 'Error: Please fill in all required fields.')).toBeVisible();
    await expect(form.getByLabel('Quote ID')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('checks on submit, then live as the quote ID is typed', async ({ page }) => {
    const form = await openConvertForm(page);
    await form.getByLabel('Email').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(form.getByLabel('Email')).toBeFocused();
    await expect(form.getByText('Please enter your quote ID')).toBeVisible();
    await form.getByLabel('Quote ID').fill('RL-7K3M9Q2X');
    await expect(form.getByText('Please enter your quote ID')).toHaveCount(0);
    await expect(form.getByLabel('Quote ID')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an unknown quote shows the server message and keeps the values', async ({ page }) => {
    const form = await openConvertForm(page);
    await form.getByLabel('Email').fill('someone@e2e.example');
    await form.getByLabel('Quote ID').fill('RL-ZZZZZZZZ');
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(notice(page, 'Error')).toContainText("We couldn't find a submitted quote with that ID");
    await expect(form.getByLabel('Quote ID')).toHaveValue('RL-ZZZZZZZZ');

    await page.route('**/api/homeowner/create-project', (route) => route.fulfill({ status: 502, body: '' }));
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(notice(page, 'Error')).toContainText(
      'Failed to create project. Please check your information and try again.',
    );
  });

  test('turns an ordered quote into one project, and says so when asked again', async ({
    page,
    baseURL,
    playwright,
  }) => {
    const email = uniqueEmail('quinn');
    const admin = await adminApi(baseURL as string);
    const visitor = await playwright.request.newContext({ baseURL });
    const { reference, code } = await orderVipQuote(visitor, admin, email);

    const form = await openConvertForm(page);
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await form.getByLabel('Email').fill(email.toUpperCase());
    await form.getByLabel('Quote ID').fill(reference);
    await form.getByLabel('Confirmation code (optional)').fill(code);
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(notice(page, 'Project Created Successfully!')).toContainText(
      "Your project has been created and contractors will be notified. You'll be contacted soon.",
    );
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Quote ID')).toHaveValue('');
    await expect(form.getByLabel('Confirmation code (optional)')).toHaveValue('');

    // the stored project: asking again names the same project and creates nothing
    const again = await visitor.post('/api/homeowner/create-project', {
      data: { email, quoteId: reference },
    });
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({
      created: false,
      message: 'A project already exists for this quote.',
    });

    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Quote ID').fill(reference);
    await form.getByRole('button', { name: 'Create Project' }).click();
    await expect(notice(page, 'Project Already Exists')).toContainText(
      'A project already exists for this quote.',
    );
    await visitor.dispose();
    await admin.dispose();
  });
});
