import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';
import { expect, test } from './fixtures';
import { asSent } from './lead-helpers';
import { confirmFileAddress } from './quote-helpers';

const FIXTURES = MEASUREMENT_FIXTURES_DIR;

/** A form field by its label, with or without the required marker the screen reader hears. */
function field(name: string): RegExp {
  return new RegExp(`^${name}\\s*\\*?\\s*(\\(required\\))?$`);
}

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

test.describe('the Fair Market Value report', () => {
  test('a VIP order with a measurement file ends with the PDF report in the outbox', async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(60_000);
    const email = `report.${Date.now()}@e2e.example`;
    const adjusterEmail = `adjuster.${Date.now()}@carrier.example`;

    await page.goto('/quote');
    await page.getByLabel(field('First Name')).fill('Dana');
    await page.getByLabel(field('Last Name')).fill('Reyes');
    await page.getByLabel(field('Email')).fill(email);
    await page
      .getByRole('radiogroup', { name: /Is insurance involved/ })
      .getByLabel('Yes')
      .check();
    await page.getByLabel(field('Insurance Carrier')).fill('Acme Mutual');
    await page.getByLabel(field('Claim Number')).fill('CLM-E2E-7');
    await page.getByLabel(field('Adjuster First Name')).fill('Alex');
    await page.getByLabel(field('Adjuster Last Name')).fill('Adjuster');
    await page.getByLabel(field('Adjuster Email')).fill(adjusterEmail);
    await page.getByLabel(field('Homeowner First Name')).fill('Sam');
    await page.getByLabel(field('Homeowner Last Name')).fill('Ortiz');
    await page.getByLabel(field('Street Address')).fill('200 Sample Rd');
    await page.getByLabel(field('City')).fill('Dallas');
    await page.getByLabel(field('State')).selectOption('Texas');
    await page.getByLabel(field('ZIP Code')).fill('75201');
    await page.getByLabel(field('Roof Surface Material')).selectOption('30 YEAR LAMINATE SHINGLE');
    await page
      .getByRole('radiogroup', { name: /Is plywood needed/ })
      .getByLabel('No')
      .check();
    await page.getByLabel(field('Building Height')).selectOption('1-Story');
    await page.getByLabel(field('Number of Roof Layers')).selectOption('1 Layer');
    await page.getByLabel(field('Measurement File Source')).selectOption('Eagleview .xml');
    await page.locator('input[type="file"]').setInputFiles(path.join(FIXTURES, 'eagleview-hip.xml'));
    // the uploaded-file card, not the "File Uploaded Successfully" notice that names the file too
    await expect(
      page.locator('[data-state="uploaded"]').getByText('eagleview-hip.xml', { exact: true }),
    ).toBeVisible();
    // the fixture is of 200 Sample Rd in ZIP 75000 (issue 24 #2): the visitor confirms it
    await confirmFileAddress(page);
    await page.getByLabel(field('Discount Code')).fill('VIP');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('order-total')).toHaveText('$0.00');
    await page.getByRole('button', { name: 'Submit Quote Request' }).click();

    await expect(page).toHaveURL(/\/thank-you\?/);
    const projectId = (await page.getByTestId('project-id').textContent())?.trim() ?? '';
    expect(projectId).toMatch(/^RL-[A-Z0-9]{8}$/);
    // the page follows the real report: it is made within seconds of the order
    await expect(page.getByTestId('report-status')).toContainText('Report ready', { timeout: 15_000 });

    await loginAs('admin');
    let mails: OutboxMail[] = [];
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
          mails = ((await res.json()) as OutboxMail[]).filter((m) => m.subject.includes(projectId));
          return mails.filter((m) => m.attachments.some((a) => a.contentType === 'application/pdf')).length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const mail = mails.find((m) => m.attachments.length > 0) as OutboxMail;
    expect(mail.subject).toBe(`Your Fair Market Value roof report - Project ID ${projectId}`);
    const index = mail.attachments.findIndex((a) => a.contentType === 'application/pdf');
    const attachment = await page.request.get(`/api/admin/outbox/${mail.id}/attachments/${index}`);
    expect(attachment.status()).toBe(200);
    const pdf = await attachment.body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
    expect(text).toContain(`Project ID ${projectId}`);
    expect(text).toContain('Acme Mutual');
    expect(text).toContain('CLM-E2E-7');
    expect(text).toContain('Plan view drawn to scale');
    expect(text).toMatch(/Expected total \(Fair Market Value\)\s+\$[\d,]+\.\d\d/);

    // the adjuster got it too
    const adjuster = await page.request.get(`/api/admin/outbox?to=${encodeURIComponent(adjusterEmail)}`);
    expect(((await adjuster.json()) as OutboxMail[]).some((m) => m.subject.includes(projectId))).toBe(true);

    // the link in the mail downloads the same report without an account
    // the admin outbox shows the link hidden; the mail as sent has it
    expect(mail.text).not.toMatch(/\/api\/reports\//);
    expect(mail.text).toContain('[link hidden: only in the mail sent, #1]');
    const link = /(https?:\/\/\S+\/api\/reports\/\S+)/.exec(asSent(mail).text)?.[1] as string;
    expect(link).toBeDefined();
    const anonymous = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
    try {
      const url = new URL(link);
      const download = await anonymous.get(`${url.pathname}${url.search}`);
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      expect((await download.body()).subarray(0, 5).toString()).toBe('%PDF-');
      const tampered = await anonymous.get(`${url.pathname}${url.search.replace(/sig=.{4}/, 'sig=AAAA')}`);
      expect(tampered.status()).toBe(403);
    } finally {
      await anonymous.dispose();
    }
  });
});
