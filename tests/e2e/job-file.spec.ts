import { request as playwrightRequest } from '@playwright/test';
import type { Project } from '../../src/domain/projects/schemas';
import { quoteData } from '../helpers/quote-data';
import { demoSession, expect, test } from './fixtures';
import { adminApi, uniqueEmail } from './lead-helpers';
import { samplePdf } from './onboarding-helpers';

/**
 * Issue 23 #6 and #7: a converted quote's project carries what the quote knew, and once matched its
 * contractor opens the estimate report the job was priced from, from the project's files.
 */
test('the contractor of a converted quote sees its facts on the match card and opens its report from the project', async ({
  page,
  loginAs,
  baseURL,
}) => {
  const visitor = await playwrightRequest.newContext({ baseURL });
  const homeownerEmail = uniqueEmail('job-file-homeowner');
  const data = quoteData({
    requesterEmail: homeownerEmail,
    homeownerEmail,
    homeownerPhone: '(972) 555-0177',
    streetAddress: `${Date.now() % 100_000} Job File Ln`,
    city: 'Plano',
    zipCode: '75024',
  });
  const submit = await visitor.post('/api/quotes/submit', {
    data: { quoteData: data, paymentIntentId: 'free_submission', isVipSubmission: true, discountCode: 'VIP' },
  });
  expect(submit.status(), await submit.text()).toBe(200);
  const reference = (await submit.json()).projectId as string;
  const converted = await visitor.post('/api/homeowner/create-project', {
    data: { email: homeownerEmail, quoteId: reference },
  });
  expect(converted.status(), await converted.text()).toBe(201);
  const projectId = (await converted.json()).projectId as string;
  await visitor.dispose();

  // the admin assigns the demo contractor once the report is ready (made in the background)
  const admin = await adminApi(baseURL as string);
  await expect
    .poll(async () => ((await (await admin.get(`/api/projects/${projectId}`)).json()) as Project).reportUrl, {
      timeout: 30_000,
    })
    .toBe(`/api/projects/${projectId}/report`);
  const contractorApi = await playwrightRequest.newContext({
    baseURL,
    storageState: await demoSession('contractor'),
  });
  const profile = await (await contractorApi.get('/api/contractor/profile')).json();
  await contractorApi.dispose();
  const assigned = await admin.put(`/api/projects/${projectId}`, {
    data: { contractorId: profile.id, status: 'matched' },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);
  await admin.dispose();

  await loginAs('contractor');
  await page.goto('/contractor-dashboard');
  await page.getByRole('tab', { name: /New Matches/ }).click();
  const card = page.locator(`[data-project-id="${projectId}"]`);
  await expect(card).toContainText('(972) 555-0177', { timeout: 20_000 });
  await expect(card).toContainText(data.roofLayers);
  await expect(card).toContainText(data.buildingHeight);
  await expect(card.getByRole('link', { name: /Estimate report/ })).toHaveAttribute(
    'href',
    `/api/projects/${projectId}/report`,
  );

  await page.goto(`/projects/${projectId}?tab=details`);
  const links = page.getByTestId('job-file-links');
  await expect(links).toContainText('Estimate report');
  const view = links.getByRole('link', { name: 'View Estimate report' });
  const [popup] = await Promise.all([
    page.context().waitForEvent('response', (r) => r.url().endsWith(`/api/projects/${projectId}/report`)),
    view.click(),
  ]);
  expect(popup.status()).toBe(200);
  expect(popup.headers()['content-type']).toBe('application/pdf');
  const pdf = await page.request.get(`/api/projects/${projectId}/report?download=1`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a document is typed when it is uploaded: the job file names it', async ({ page, loginAs }) => {
  await loginAs('homeowner');
  const projects = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  const mine = (await (await page.request.get(`/api/projects/homeowner/${projects.id}`)).json()) as Project[];
  const project = mine.find((p) => p.status === 'in_progress') ?? mine[0];
  expect(project, 'a demo project').toBeTruthy();
  await page.goto(`/customer-dashboard?project=${project?.id}&tab=documents`);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Upload Document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Document' });
  await expect(dialog.getByLabel('Document type')).toHaveValue('other');
  await dialog.getByLabel('Document type').selectOption('permit');
  const name = `permit-${Date.now()}.pdf`;
  await dialog.locator('input[type="file"]').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: await samplePdf(),
  });
  await dialog.getByRole('button', { name: 'Upload Document' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText('Permit ·');
});
