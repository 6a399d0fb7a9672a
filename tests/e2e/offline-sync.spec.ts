import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Project, ProjectFile } from '../../src/domain/projects/schemas';
import {
  expect,
  gotoLive,
  installedApp,
  projectBetween,
  signedInContext,
  startedProjectBetween,
  test,
  untilServiceWorkerControls,
} from './fixtures';
import { png } from './image-helpers';

test.use(installedApp);

/**
 * Issue 27, done when: the contractor loses the connection, updates two steps and takes three
 * photos, regains it; everything arrives once, the homeowner's open page shows it live, and a second
 * sync of the same queue changes nothing (docs/pwa.md).
 */

/**
 * A phone photo: 2400 x 1800 of noise (several upload chunks even once resized), with a capture time
 * in EXIF, in Dallas: 09:12 at UTC-06:00 is 15:12 UTC.
 */
function phonePhoto(): Promise<Buffer> {
  const [width, height] = [2400, 1800];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD2: { DateTimeOriginal: '2026:11:27 09:12:00', OffsetTimeOriginal: '-06:00' } })
    .toBuffer();
}

/**
 * The device's queue (IndexedDB `ridgeline-sync`, sync-queue.ts), worked on inside the page:
 * `count` its items; `copy` them into the page (photos are Blobs); `replay` the copy, put back as a
 * device that never heard the answers would still have it, and announced on the queue's channel
 * (the app's sender hears it as a change from another tab). Answers how many items it saw.
 */
function inQueue(page: Page, op: 'count' | 'copy' | 'replay'): Promise<number> {
  return page.evaluate(
    (op) =>
      new Promise<number>((resolve, reject) => {
        const held = window as unknown as { queueCopy?: unknown[] };
        const open = indexedDB.open('ridgeline-sync', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('changes', op === 'replay' ? 'readwrite' : 'readonly');
          const store = tx.objectStore('changes');
          let seen = 0;
          if (op === 'replay') {
            for (const item of held.queueCopy ?? []) store.put(item);
            seen = held.queueCopy?.length ?? 0;
          } else {
            const all = store.getAll();
            all.onsuccess = () => {
              seen = all.result.length;
              if (op === 'copy') held.queueCopy = all.result;
            };
          }
          tx.oncomplete = () => {
            if (op === 'replay') new BroadcastChannel('ridgeline-sync').postMessage('changed');
            resolve(seen);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    op,
  );
}

test('steps and photos made offline arrive once when the connection returns; the homeowner sees them live; a second sync changes nothing', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  const owner = await signedInContext(browser, 'homeowner', { baseURL });
  try {
    const { id: projectId, title } = await startedProjectBetween(admin, crew);
    const activity = async () =>
      (
        (await (await crew.request.get(`/api/projects/${projectId}/activity?limit=50`)).json()) as {
          items: unknown[];
        }
      ).items.length;
    const photos = async () =>
      ((await (await crew.request.get(`/api/projects/${projectId}/files`)).json()) as ProjectFile[]).filter(
        (f) => f.kind === 'install_photo',
      );

    // the homeowner follows the job, live
    const ownerPage = await owner.newPage();
    await gotoLive(ownerPage, `/projects/${projectId}`);
    const log = ownerPage.getByTestId('photo-log');
    await expect(log).toContainText('No photos yet', { timeout: 20_000 });
    await ownerPage.evaluate(() => {
      (window as unknown as { noReload: boolean }).noReload = true;
    });

    const crewPage = await crew.newPage();
    await gotoLive(crewPage, '/contractor-dashboard');
    const job = crewPage.getByRole('article', { name: title, exact: true });
    await expect(job).toBeVisible();
    await untilServiceWorkerControls(crewPage); // installed: the whole app is on the phone

    // on the roof, no signal: two steps and three photos
    await crew.setOffline(true);
    await job.getByRole('button', { name: 'Update Homeowner Contact' }).click();
    let dialog = crewPage.getByRole('dialog', { name: 'Update Homeowner Contact' });
    await dialog.getByRole('checkbox', { name: 'Homeowner contacted' }).click();
    await dialog.getByLabel('Notes').fill('Walked the roof with Dana, no signal up here');
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(dialog).toBeHidden();
    await expect(crewPage.getByText('Saved on this device').first()).toBeVisible();

    await job.getByRole('button', { name: 'Update Material Selection' }).click();
    dialog = crewPage.getByRole('dialog', { name: 'Update Material Selection' });
    await dialog.getByRole('checkbox', { name: 'Material selection completed' }).click();
    await dialog.getByLabel('Attach photos to this step').setInputFiles([
      { name: 'ridge.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
      { name: 'valley.png', mimeType: 'image/png', buffer: png([40, 150, 60]) },
      { name: 'eave.png', mimeType: 'image/png', buffer: png([60, 40, 150]) },
    ]);
    await dialog.getByRole('button', { name: 'Update Project' }).click();
    await expect(dialog).toBeHidden();

    const waiting = crewPage.getByRole('region', { name: 'Changes waiting to be sent' });
    await expect(waiting).toContainText('5 changes saved on this device — sent when you are back online');
    for (const label of [
      'Homeowner Contact',
      'Material Selection',
      'Photo ridge.jpg',
      'Photo valley.png',
      'Photo eave.png',
    ])
      await expect(waiting).toContainText(label);
    // shown as done on the device already
    await expect(job.getByRole('progressbar').first()).not.toHaveAttribute('aria-valuenow', '0');
    expect(await inQueue(crewPage, 'copy')).toBe(5);
    expect(await photos()).toHaveLength(0);
    const activityBefore = await activity();

    // the signal returns: everything goes, in order, once; the phone photo's second chunk is cut off
    const patches: number[] = [];
    let cut = -1;
    await crewPage.route('**/photos/uploads/**', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const offset = Number(route.request().headers()['upload-offset']);
      if (offset > 0 && cut < 0) {
        cut = offset;
        return route.abort('connectionreset');
      }
      patches.push(offset);
      return route.continue();
    });
    await crew.setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    const step = log.getByTestId('photo-log-step-material_selection');
    await expect(step).toContainText('Material Selection (3 photos)');
    expect(await ownerPage.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    const project = (await (await crew.request.get(`/api/projects/${projectId}`)).json()) as Project;
    expect(project.homeownerContactCompleted).toBe(true);
    expect(project.homeownerContactNotes).toBe('Walked the roof with Dana, no signal up here');
    expect(project.materialSelectionCompleted).toBe(true);
    const sent = await photos();
    expect(sent.map((p) => p.fileName).sort()).toEqual(['eave.png', 'ridge.jpg', 'valley.png']);
    // the phone photo: cut mid-way, then resumed from the offset the server had, not from 0
    expect(cut).toBeGreaterThan(0);
    expect(patches).toContain(cut);
    expect(patches.filter((offset) => offset === 0)).toHaveLength(3);
    const ridge = sent.find((p) => p.fileName === 'ridge.jpg') as ProjectFile;
    expect(ridge.capturedAt).toBe('2026-11-27T15:12:00.000Z');
    expect(sent.every((p) => p.step === 'material_selection')).toBe(true);
    const activityAfter = await activity();
    expect(activityAfter).toBeGreaterThan(activityBefore);

    // the same queue sent again (a device that never heard the answers): nothing changes
    // put back whole in one transaction: the queue is empty again only once all five were sent
    expect(await inQueue(crewPage, 'replay')).toBe(5);
    await expect.poll(() => inQueue(crewPage, 'count'), { timeout: 30_000 }).toBe(0);
    expect((await photos()).map((p) => p.id).sort()).toEqual(sent.map((p) => p.id).sort());
    expect(await activity()).toBe(activityAfter);
    const again = (await (await crew.request.get(`/api/projects/${projectId}`)).json()) as Project;
    expect(again.updatedAt).toBe(project.updatedAt);
  } finally {
    await admin.close();
    await crew.close();
    await owner.close();
  }
});

test('a change the project no longer takes is shown refused, with the reason, until dismissed', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  try {
    const { id: projectId } = await projectBetween(admin, crew);

    const crewPage = await crew.newPage();
    await gotoLive(crewPage, `/projects/${projectId}?tab=messages`);
    const box = crewPage.getByRole('textbox', { name: /message/i });
    await expect(box).toBeVisible();

    // offline, a message to the homeowner waits on the device
    await crew.setOffline(true);
    await box.fill('We can start Monday at 8');
    await box.press('Enter');
    await expect(crewPage.getByText('Waiting to send')).toBeVisible();
    await expect(crewPage.getByRole('region', { name: 'Changes waiting to be sent' })).toContainText(
      'Message: We can start Monday at 8',
    );

    // meanwhile the match is withdrawn (here: turned down from the crew's office computer)
    const declined = await crew.request.post(`/api/projects/${projectId}/decline`, {
      data: { reason: 'Office double-booked the crew' },
    });
    expect(declined.status(), await declined.text()).toBe(200);

    await crew.setOffline(false);
    const refused = crewPage.getByRole('alert').filter({ hasText: 'not saved' });
    await expect(refused).toContainText('1 change was not saved: the project changed while you were offline');
    await expect(refused).toContainText('Message: We can start Monday at 8');
    // the server's reason: the project is no longer this contractor's
    await expect(refused).toContainText("doesn't exist or you don't have access to it");
    const messages = await admin.request.get(`/api/projects/${projectId}/messages`);
    expect(JSON.stringify(await messages.json())).not.toContain('We can start Monday at 8');

    await refused.getByRole('button', { name: 'Dismiss: Message: We can start Monday at 8' }).click();
    await expect(refused).toBeHidden();
  } finally {
    await admin.close();
    await crew.close();
  }
});

test('photos chosen in the photo dialog without a signal wait on the device, then arrive once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  try {
    const { id: projectId, title } = await startedProjectBetween(admin, crew);
    const page = await crew.newPage();
    await gotoLive(page, '/contractor-dashboard');
    const job = page.getByRole('article', { name: title, exact: true });
    // the dialog's code is loaded while online (offline, the service worker's cache serves it)
    await job.getByRole('button', { name: 'Photos: Upload Installation Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Installation Photos' });
    await crew.setOffline(true);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'chimney.png', mimeType: 'image/png', buffer: png([90, 90, 90]) }]);
    await dialog.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(dialog).toBeHidden();
    const waiting = page.getByRole('region', { name: 'Changes waiting to be sent' });
    await expect(waiting).toContainText('Photo chimney.png');

    await crew.setOffline(false);
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    const files = (await (
      await crew.request.get(`/api/projects/${projectId}/files`)
    ).json()) as ProjectFile[];
    expect(files.map((f) => f.fileName)).toEqual(['chimney.png']);
  } finally {
    await admin.close();
    await crew.close();
  }
});
