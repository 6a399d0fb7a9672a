import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { DEMO_PASSWORD, demoAccounts } from './fixtures';

/** An API context signed in as the demo admin, separate from the page's own cookies. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await api.post('/api/auth/login', {
    data: { email: demoAccounts.admin, password: DEMO_PASSWORD },
  });
  expect(res.status(), 'admin sign-in').toBe(200);
  return api;
}

/** A unique e-mail address per test run, so stored records can be found again. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.example`;
}

/** The only notice on screen (one toast at a time), by its title. */
export function notice(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: title });
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits until the outbox holds a mail to `to` whose subject matches. */
export async function waitForMail(api: APIRequestContext, to: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await api.get(`/api/admin/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as OutboxMail[];
        found = mails.find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as OutboxMail;
}
