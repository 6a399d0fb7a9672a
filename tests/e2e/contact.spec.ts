import { expect, test } from './fixtures';
import { adminApi, notice, uniqueEmail, waitForMail } from './lead-helpers';

interface StoredMessage {
  channel: 'chat' | 'email';
  email: string;
  name: string | null;
  firstName: string | null;
  subject: string | null;
  message: string;
  projectId: string | null;
  userId: string | null;
  deliveryStatus: string;
  deliveredTo: string | null;
}

async function storedFrom(baseURL: string, email: string): Promise<StoredMessage[]> {
  const api = await adminApi(baseURL);
  const res = await api.get('/api/admin/contact-messages?pageSize=200');
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: StoredMessage[] };
  await api.dispose();
  return items.filter((m) => m.email === email);
}

test.describe('contact: priority chat support', () => {
  test('missing name, email or message shows the notice and sends nothing', async ({ page, baseURL }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/slack/contact')) sent++;
    });
    await page.goto('/contact');
    const chat = page.getByRole('form', { name: 'Priority chat support' });
    const email = uniqueEmail('chat.missing');
    await chat.getByLabel('Name').fill('Jordan Ellis');
    await chat.getByLabel('Email').fill(email);
    await chat.getByLabel('Message').fill('   ');
    await chat.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'Missing Information')).toContainText(
      'Please fill in your name, email, and message.',
    );
    await expect(chat.getByLabel('Message')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
    expect(await storedFrom(baseURL as string, email)).toHaveLength(0);
  });

  test('a signed-in homeowner sends a message from a project page context; it is stored for admins', async ({
    page,
    loginAs,
    baseURL,
  }) => {
    const user = await loginAs('homeowner');
    await page.goto('/contact?projectId=4821');
    const chat = page.getByRole('form', { name: 'Priority chat support' });
    await expect(chat.getByText('Project ID:')).toBeVisible();
    await expect(chat.getByText('4821')).toBeVisible();
    const fullName = `${user.firstName} ${user.lastName}`;
    await expect(chat.getByLabel('Name')).toHaveValue(fullName);
    await expect(chat.getByLabel('Email')).toHaveValue(user.email);
    await expect(chat.getByLabel('Email')).toHaveAttribute('type', 'email');

    const subject = `Crew arrival ${Date.now()}`;
    await chat.getByLabel('Subject (optional)').fill(subject);
    await chat.getByLabel('Message').fill('What time does the crew arrive on Monday?');
    await chat.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'Message Sent Successfully!')).toContainText(
      "We've received your message and will respond within 5-10 minutes during business hours.",
    );
    // reset to the prefilled values
    await expect(chat.getByLabel('Message')).toHaveValue('');
    await expect(chat.getByLabel('Subject (optional)')).toHaveValue('');
    await expect(chat.getByLabel('Name')).toHaveValue(fullName);
    await expect(chat.getByLabel('Email')).toHaveValue(user.email);

    const stored = (await storedFrom(baseURL as string, user.email)).find((m) => m.subject === subject);
    expect(stored).toMatchObject({
      channel: 'chat',
      name: fullName,
      projectId: '4821',
      userId: user.id,
      message: 'What time does the crew arrive on Monday?',
    });
  });

  test('a failure keeps the values and shows the server message or the support address', async ({ page }) => {
    await page.goto('/contact');
    const chat = page.getByRole('form', { name: 'Priority chat support' });
    await chat.getByLabel('Name').fill('Jordan Ellis');
    await chat.getByLabel('Email').fill('jordan@e2e.example');
    await chat.getByLabel('Message').fill('Hello?');

    await page.route('**/api/slack/contact', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Chat is offline."}' }),
    );
    await chat.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'Message Failed to Send')).toContainText('Chat is offline.');
    await expect(chat.getByLabel('Message')).toHaveValue('Hello?');

    await page.unroute('**/api/slack/contact');
    await page.route('**/api/slack/contact', (route) => route.fulfill({ status: 502, body: '' }));
    await chat.getByRole('button', { name: 'Send Message' }).click();
    await expect(notice(page, 'Message Failed to Send')).toContainText(
      'Please try again or contact us directly at support@ridgeline.test',
    );
    await expect(chat.getByLabel('Name')).toHaveValue('Jordan Ellis');
  });

  test('a malformed email is refused on the field', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/slack/contact')) sent++;
    });
    await page.goto('/contact');
    const chat = page.getByRole('form', { name: 'Priority chat support' });
    await chat.getByLabel('Name').fill('Jordan');
    await chat.getByLabel('Email').fill('jordan-at-example');
    await chat.getByLabel('Message').fill('Hi');
    await chat.getByRole('button', { name: 'Send Message' }).click();
    await expect(chat.getByText('Please enter a valid email address')).toBeVisible();
    expect(sent).toBe(0);
  });
});

test.describe('contact: email support', () => {
  test('missing required fields shows the notice and sends nothing', async ({ page }) => {
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/email/contact')) sent++;
    });
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Email support' });
    await form.getByLabel('First Name').fill('Morgan');
    await form.getByLabel('Email').fill('morgan@e2e.example');
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(notice(page, 'Missing Required Fields')).toContainText(
      'Please fill in all required fields (marked with *).',
    );
    await expect(form.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('checks on submit, not while tabbing past; then each field clears live as it is fixed', async ({
    page,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Email support' });
    await form.getByLabel('First Name').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(form.locator('[aria-invalid="true"]')).toHaveCount(0);

    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(form.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('First Name')).toBeFocused();
    await expect(form.getByText('Please enter your first name')).toBeVisible();
    await form.getByLabel('First Name').fill('Morgan');
    // fixed while typing, without another submit; the others stay marked
    await expect(form.getByLabel('First Name')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Please enter your first name')).toHaveCount(0);
    await expect(form.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Email').fill('morgan-at-example');
    await expect(form.getByText('Please enter a valid email address')).toBeVisible();
    await form.getByLabel('Email').fill('morgan@e2e.example');
    await expect(form.getByText('Please enter a valid email address')).toHaveCount(0);
  });

  test('sends a message: the server message shows, the form clears, support and sender get mail', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Email support' });
    const email = uniqueEmail('morgan');
    await form.getByLabel('First Name').fill('Morgan');
    await form.getByLabel('Last Name').fill('Lee');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone (optional)').fill('(214) 555-0188');
    await form.getByLabel('Subject').fill('Garage on my report');
    await form.getByLabel('Message').fill('Can the report include the detached garage?');
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(notice(page, 'Message Sent Successfully!')).toContainText(
      "We've received your message and will get back to you within 24 hours.",
    );
    for (const label of ['First Name', 'Last Name', 'Email', 'Subject', 'Message']) {
      await expect(form.getByLabel(label)).toHaveValue('');
    }

    const [stored] = await storedFrom(baseURL as string, email);
    expect(stored).toMatchObject({ channel: 'email', firstName: 'Morgan', subject: 'Garage on my report' });
    const api = await adminApi(baseURL as string);
    const toSupport = await waitForMail(api, 'support@ridgeline.test', /Garage on my report/);
    expect(toSupport.text).toContain('Can the report include the detached garage?');
    expect(toSupport.text).toContain(email);
    const ack = await waitForMail(api, email, /We received your message/);
    expect(ack.text).toContain('within 24 hours');
    await api.dispose();
  });

  test('a failure keeps the values and shows the server message or the support address', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Email support' });
    await form.getByLabel('First Name').fill('Morgan');
    await form.getByLabel('Last Name').fill('Lee');
    await form.getByLabel('Email').fill('morgan@e2e.example');
    await form.getByLabel('Subject').fill('Help');
    await form.getByLabel('Message').fill('Question');
    await page.route('**/api/email/contact', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Mail is down."}' }),
    );
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(notice(page, 'Failed to Send Message')).toContainText('Mail is down.');
    await expect(form.getByLabel('Subject')).toHaveValue('Help');
    await page.unroute('**/api/email/contact');
    await page.route('**/api/email/contact', (route) => route.abort('connectionrefused'));
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(notice(page, 'Failed to Send Message')).toContainText(
      'Please try again or contact us directly at support@ridgeline.test',
    );
    await expect(form.getByLabel('Message')).toHaveValue('Question');
  });
});
