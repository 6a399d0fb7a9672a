/**
 * Two server processes on one PostgreSQL behind nginx (tests/deploy/cluster.ts): a browser
 * orders a quote with a measurement file, a homeowner and a contractor chat, the report is
 * downloaded, while nginx alternates the requests between the processes; one process is killed
 * (SIGKILL) mid-way, and nothing is lost: the file, the report and every message are still
 * there, served by the process that is left.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, test } from '@playwright/test';
import { openConversation, projectBetween, signedInContext } from '../e2e/fixtures';
import { confirmFileAddress, fillQuoteForm } from '../e2e/quote-helpers';
import { MEASUREMENT_FIXTURES_DIR } from '../fixtures/paths';
import { type Cluster, startCluster } from './cluster';

let cluster: Cluster;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  cluster = await startCluster();
});

test.afterAll(async () => {
  await cluster?.stop();
});

/** The process that finally answered (nginx lists every one it tried, the last answered). */
function servedBy(header: string | undefined): string | undefined {
  return header?.split(',').pop()?.trim();
}

interface Served {
  url: string;
  status: number;
  by: string | undefined;
}

/** Records which process served each answer the context gets (pages, scripts and API calls). */
function track(context: BrowserContext, into: Served[]) {
  context.on('response', (res) => {
    into.push({ url: res.url(), status: res.status(), by: servedBy(res.headers()['x-upstream']) });
  });
}

test('two processes behind nginx: quote with a file, report, chat; one process killed mid-way, nothing lost', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const served: Served[] = [];

  // --- a homeowner and a contractor chat about a project an admin set up
  const admin = await signedInContext(browser, 'admin', { baseURL: cluster.baseUrl });
  const homeowner = await signedInContext(browser, 'homeowner', { baseURL: cluster.baseUrl });
  const contractor = await signedInContext(browser, 'contractor', { baseURL: cluster.baseUrl });
  for (const context of [admin, homeowner, contractor]) track(context, served);
  const { id: projectId } = await projectBetween(admin, contractor);

  const ownerPage = await homeowner.newPage();
  const crewPage = await contractor.newPage();
  await openConversation(ownerPage, projectId);
  await openConversation(crewPage, projectId);
  const ownerInput = ownerPage.getByPlaceholder('Type your message...');
  await ownerInput.fill('Before the crash: when can you start?');
  await ownerInput.press('Enter');
  await expect(crewPage.getByRole('log').locator('[data-own="false"]')).toContainText(
    'Before the crash: when can you start?',
  );

  // --- a visitor orders a quote with a measurement file (VIP code: nothing to pay)
  const visitor = await browser.newContext({ baseURL: cluster.baseUrl, acceptDownloads: true });
  track(visitor, served);
  const page = await visitor.newPage();
  await page.goto('/quote');
  await fillQuoteForm(page, { email: `deploy.${Date.now()}@e2e.example` });
  await page.getByLabel('Measurement File Source').selectOption('Eagleview .xml');
  const fixture = path.join(MEASUREMENT_FIXTURES_DIR, 'eagleview-hip.xml');
  const uploaded = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/uploads/sketch' && res.request().method() === 'POST',
  );
  await page.locator('input[type="file"]').setInputFiles(fixture);
  const upload = await uploaded;
  expect(upload.status()).toBe(201);
  const { publicUrl } = (await upload.json()) as { publicUrl: string };
  // the process that stored the file is the one that dies below
  const uploadedBy = servedBy(upload.headers()['x-upstream']);
  // the fixture is of another address than the form's (issue 24 #2)
  await confirmFileAddress(page);
  await page.getByLabel('Discount Code').fill('VIP');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('order-total')).toHaveText('$0.00');
  await page.getByRole('button', { name: 'Submit Quote Request' }).click();
  await expect(page).toHaveURL(/\/thank-you\?/);
  await expect(page.getByTestId('report-status')).toContainText('Report ready', { timeout: 30_000 });

  // both processes took part so far
  const before = new Set(served.map((s) => s.by).filter(Boolean));
  const [a, b] = cluster.servers;
  expect(before, 'nginx alternated between the two processes').toEqual(new Set([a.address, b.address]));

  // the report, rendered by whichever process ran the job, is served by both
  const reportHref = (await page
    .getByRole('link', { name: /Download report/ })
    .getAttribute('href')) as string;
  for (const server of cluster.servers) {
    const direct = await visitor.request.get(`http://${server.address}${reportHref}`);
    expect(direct.status(), `report from process ${server.name}`).toBe(200);
    expect((await direct.body()).subarray(0, 5).toString()).toBe('%PDF-');
  }

  // --- the process that received the file dies (SIGKILL: no shutdown hook runs)
  const [dying, survivor] = uploadedBy === a.address ? [a, b] : [b, a];
  expect(dying.address).toBe(uploadedBy);
  await cluster.kill(dying);
  const killedAt = served.length;

  // the report downloads, whichever process rendered it
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download report/ }).click();
  const report = readFileSync((await (await downloading).path()) as string);
  expect(report.subarray(0, 5).toString()).toBe('%PDF-');

  // the uploaded file, byte for byte, whichever process received it
  const file = await visitor.request.get(publicUrl);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(readFileSync(fixture))).toBe(true);

  // the chat goes on: the contractor answers, the homeowner sees it without reloading
  const crewInput = crewPage.getByPlaceholder('Type your message...');
  await crewInput.fill('After the crash: Monday at 8.');
  await crewInput.press('Enter');
  await expect(ownerPage.getByRole('log').locator('[data-own="false"]')).toContainText(
    'After the crash: Monday at 8.',
    { timeout: 20_000 },
  );
  // and after a reload both messages are there, from the database
  await ownerPage.reload();
  const log = ownerPage.getByRole('log');
  await expect(log).toContainText('Before the crash: when can you start?');
  await expect(log).toContainText('After the crash: Monday at 8.');

  // after the kill the process that is left answered every API call (scripts and styles may come
  // from the browser's cache, with the headers of the first answer), and nothing failed on the way
  const after = served.slice(killedAt).filter((s) => new URL(s.url).pathname.startsWith('/api/'));
  expect(after.length).toBeGreaterThan(0);
  expect(after.filter((s) => s.by !== survivor.address)).toEqual([]);
  expect(served.filter((s) => s.status >= 500)).toEqual([]);

  await Promise.all([admin.close(), homeowner.close(), contractor.close(), visitor.close()]);
});
