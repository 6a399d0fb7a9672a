import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';
import { demoSession } from './fixtures';

/** An API context signed in as the demo admin (this worker's session of it), separate from the page's own cookies. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, storageState: await demoSession('admin', baseURL) });
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
  id: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; size: number }[];
}

/**
 * The mail as it was sent, links included: the outbox (and so the admin API) shows links hidden,
 * and the test server, without SMTP and outside production, writes each mail as sent to
 * DATA_DIR/dev-mail (see src/server/platform/mail/mail-secrets.ts).
 */
export function asSent<T extends { id: string; text: string }>(mail: T): T {
  const dataDir = process.env.RIDGELINE_E2E_DATA_DIR;
  const file = dataDir && path.join(dataDir, 'dev-mail', `${mail.id}.json`);
  if (!file || !existsSync(file)) return mail;
  const sent = JSON.parse(readFileSync(file, 'utf8')) as { text: string };
  return { ...mail, text: sent.text };
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
  return asSent(found as OutboxMail);
}
