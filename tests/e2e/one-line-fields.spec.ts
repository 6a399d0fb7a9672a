import { textLayoutMessages } from '../../src/domain/text-safety';
import { expect, test } from './fixtures';
import { uniqueEmail } from './lead-helpers';

/**
 * Issue 21 item 7 in the browser: the forms parse with the API's schemas, so a one-line field
 * holding a line separator or a direction control shows the rule's message under the field and
 * nothing is sent; a multi-line field keeps its line breaks.
 */

test('the e-mail support form refuses a direction control in the subject, under the field', async ({
  page,
}) => {
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/email/contact')) sent++;
  });
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Email support' });
  await form.getByLabel('First Name').fill('Morgan');
  await form.getByLabel('Last Name').fill('Lee');
  await form.getByLabel('Email').fill(uniqueEmail('oneline'));
  await form.getByLabel('Subject').fill('Invoice \u202efdp.exe');
  await form.getByLabel('Message').fill('First line\nSecond line');
  await form.getByRole('button', { name: 'Send Email' }).click();
  const subject = form.getByLabel('Subject');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(textLayoutMessages.directionControl)).toBeVisible();
  await expect(form.getByLabel('Message')).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'test-results/e2e/one-line-contact.png', fullPage: false });

  await subject.fill('Invoice question');
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(form.getByRole('status')).toBeVisible();
  expect(sent).toBe(1);
});

test('registration refuses a line separator in a name, under the field', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Dana\u2028Reyes');
  await page.getByLabel('Last name').fill('Reyes');
  await page.getByLabel('Email').fill(uniqueEmail('oneline.register'));
  await page.getByLabel('Password').fill('long-enough-password');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText(textLayoutMessages.lineBreak)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register/);
});
