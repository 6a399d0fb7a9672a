import { createECDH, randomBytes } from 'node:crypto';
import { expect, installedApp, test } from './fixtures';
import { apiApplicant, signIn, uniqueCompany } from './onboarding-helpers';

test.use(installedApp);

/**
 * Issue 27 #4, the settings page's "Notifications on this device": the user's subscribed devices
 * with Remove, and the states of a browser that cannot subscribe. Headless Chromium has no push
 * service, so the devices are subscribed through the API with keys made as a browser makes them;
 * Enable itself (permission prompt, pushManager.subscribe) is not run here.
 */

const BUSINESS_ADDRESS = '400 E Broadway Ave, Bismarck, ND 58501';

/** A browser's PushSubscription JSON: a P-256 public key and a 16-byte auth secret. */
const subscription = (name: string) => ({
  endpoint: `https://push.example/send/${name}-${randomBytes(8).toString('hex')}`,
  expirationTime: null,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

test('a contractor sees the devices that get their notifications and removes one', async ({
  page,
  baseURL,
}) => {
  const applicant = await apiApplicant(baseURL ?? '', {
    companyName: uniqueCompany('Push Devices Roofing'),
    workingStates: ['North Dakota'],
    businessAddress: BUSINESS_ADDRESS,
    steps: ['password'],
  });
  await signIn(page, applicant);
  for (const label of ['Crew phone', 'Office laptop']) {
    const res = await page.request.post('/api/push/subscriptions', {
      data: { ...subscription(label), label },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/settings/notifications');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section.getByRole('button', { name: 'Enable on this device' })).toBeVisible();
  const list = section.getByRole('list', { name: 'Devices that get your notifications' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('button', { name: 'Remove Crew phone' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Office laptop');
  await page.reload();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section).toContainText('Office laptop');
});

test('a browser that blocked notifications, or cannot receive them, is told so instead of offered Enable', async ({
  page,
  loginAs,
}) => {
  await loginAs('homeowner');
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/settings/notifications');
  const section = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(section.getByText('Notifications are blocked for this site.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Enable on this device' })).toHaveCount(0);

  await page.addInitScript(() => {
    // @ts-expect-error: a browser without the Push API
    delete window.PushManager;
  });
  await page.reload();
  await expect(section.getByText('This browser cannot receive notifications.')).toBeVisible();
});
