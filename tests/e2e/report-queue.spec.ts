import { expect, test } from './fixtures';
import { adminApi, uniqueEmail } from './lead-helpers';

/**
 * Issue 24 item 9: the admin report queue tells what the customer's order page tells (a customer
 * holding a preliminary report is never "waiting for roof measurements"), and the roof area the
 * customer typed fills the admin's measurement form.
 */

test('the queue says what the order page says, and the typed roof area is prefilled', async ({
  page,
  loginAs,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const admin = await adminApi(baseURL as string);
  const quoteData = {
    requesterFirstName: 'Robin',
    requesterLastName: 'Truth',
    requesterEmail: uniqueEmail('queue-truth'),
    insuranceInvolved: 'No',
    homeownerFirstName: 'Robin',
    homeownerLastName: 'Truth',
    streetAddress: '18 Aspen Ct',
    city: 'Fargo',
    state: 'North Dakota',
    zipCode: '58102',
    roofSurfaceMaterial: '30 YEAR LAMINATE SHINGLE',
    plywoodNeeded: 'No',
    buildingHeight: '1-Story',
    roofLayers: '1 Layer',
    measurementFileSource: "I don't have a sketch file available",
    roofAreaSqFt: '2,300',
  };
  const submit = await page.request.post('/api/quotes/submit', {
    data: { quoteData, paymentIntentId: 'free_submission', isVipSubmission: true, discountCode: 'VIP' },
  });
  expect(submit.status(), await submit.text()).toBe(200);
  const { projectId } = (await submit.json()) as { projectId: string };
  await expect
    .poll(
      async () => {
        const res = await admin.get('/api/admin/reports/queue');
        const items = ((await res.json()) as { items: { reference: string }[] }).items;
        return items.some((i) => i.reference === projectId);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await admin.dispose();

  // what the customer's page says about the order
  await page.goto(`/thank-you?project_id=${projectId}`);
  await expect(page.getByText('Status: Ready')).toBeVisible({ timeout: 15_000 });
  const customerSees = ((await page.getByTestId('report-status').textContent()) ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  expect(customerSees).toContain('Preliminary report delivered.');

  await loginAs('admin');
  await page.goto('/admin-dashboard');
  const queued = page.getByRole('article', { name: projectId, exact: true });
  await expect(queued).toBeVisible({ timeout: 15_000 });
  const told = queued.getByTestId('customer-told');
  await expect(told).toHaveText(`The customer was told: ${customerSees}`);
  await expect(told).not.toContainText('Waiting for roof measurements');
  await expect(queued).toContainText('The customer typed: roof area 2,300 sq ft');
  await expect(queued.getByLabel('Total roof area (sq ft)')).toHaveValue('2300');
  // how long it has waited (issue 26: aging), here since today
  await expect(queued).toContainText('waiting today');
});
