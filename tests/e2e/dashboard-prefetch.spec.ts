import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 27 #5: the contractor dashboard asks for the profile and the projects without waiting for
 * the session, then renders from those answers (src/web/features/projects/api/dashboard-prefetch.ts).
 * The session's answer is held here until both requests were sent: without the prefetch they would
 * only start after it, and the test would wait in vain.
 */
test('the dashboard asks for the profile and the projects before the session answers, once each', async ({
  page,
  loginAs,
}) => {
  await loginAs('contractor');
  const asked = (pattern: RegExp) => {
    const seen: Request[] = [];
    page.on('request', (r) => {
      if (pattern.test(new URL(r.url()).pathname)) seen.push(r);
    });
    return seen;
  };
  const profiles = asked(/^\/api\/contractor\/profile$/);
  const projectLists = asked(/^\/api\/projects\/contractor\/[^/]+$/);
  const bothAsked = Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === '/api/contractor/profile'),
    page.waitForRequest((r) => /^\/api\/projects\/contractor\/[^/]+$/.test(new URL(r.url()).pathname)),
  ]);
  let sessionsHeld = 0;
  await page.route('**/api/auth/user', async (route) => {
    sessionsHeld += 1;
    await bothAsked;
    await route.continue();
  });

  await page.goto('/contractor-dashboard');
  await expect(page.getByRole('tab', { name: /Active Projects/ })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(sessionsHeld).toBeGreaterThan(0);
  // the queries took the prefetched answers: nothing asked twice
  expect(profiles).toHaveLength(1);
  expect(projectLists).toHaveLength(1);
});
