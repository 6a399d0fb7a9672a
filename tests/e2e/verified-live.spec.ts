import { expect, gotoLive, test } from './fixtures';
import { adminApi } from './lead-helpers';
import { apiApplicant, signIn } from './onboarding-helpers';

/**
 * Issue 23 item 10: an applicant's open dashboard follows the admin's decision without a reload
 * (the server publishes `contractor_verified`; the dashboard refetches the profile): the application
 * status card gives way to the board once verified.
 */
test("an admin's verification reaches the applicant's open dashboard without a reload", async ({
  page,
  baseURL,
}) => {
  const applicant = await apiApplicant(baseURL as string, {
    workingStates: ['Texas'],
    steps: ['licenses', 'insurance'],
  });
  const admin = await adminApi(baseURL as string);
  try {
    await signIn(page, applicant);
    await gotoLive(page, '/contractor-dashboard');
    await expect(page.getByText('Application status')).toBeVisible();
    await expect(page.getByRole('tab', { name: /Active Projects/ })).toHaveCount(0);
    // a mark on this document: a reload would drop it
    await page.evaluate(() => {
      (window as unknown as { notReloaded?: boolean }).notReloaded = true;
    });

    // the admin decides in another context
    const decided = await admin.post(`/api/admin/contractors/${applicant.contractorId}/verify`, {
      data: { status: 'verified', notes: 'Checked by phone.' },
    });
    expect(decided.status(), await decided.text()).toBe(200);

    await expect(page.getByRole('tab', { name: /Active Projects/ })).toBeVisible();
    await expect(page.getByText('Application status')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  } finally {
    await Promise.all([admin.dispose(), applicant.api.dispose()]);
  }
});
