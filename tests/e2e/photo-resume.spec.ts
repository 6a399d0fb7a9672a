import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { ProjectFile } from '../../src/domain/projects/schemas';
import { deferred, expect, gotoLive, signedInContext, startedProjectBetween, test } from './fixtures';

/**
 * Issue 27 item 3: two photos from the dashboard's photo dialog, each with its own progress; the
 * first (a large phone photo, resized on the device) has a chunk cut off mid-way and goes on from
 * the offset the server reports, not from 0; both arrive once, the large one without its location
 * and with its capture time.
 */

/** A 2400 x 1800 JPEG of noise (large after resizing too, so it takes several chunks), GPS and a capture time in EXIF. */
function bigPhoto(): Promise<Buffer> {
  const width = 2400;
  const height = 1800;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD2: { DateTimeOriginal: '2026:05:12 10:42:07' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '32/1 46/1 4536/100' },
    })
    .toBuffer();
}

test('a photo upload cut mid-way resumes from the server offset; each photo shows its own progress', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInContext(browser, 'admin', { baseURL });
  const crew = await signedInContext(browser, 'contractor', { baseURL });
  try {
    const project = await startedProjectBetween(admin, crew);

    const page = await crew.newPage();
    // what the server saw: each PATCH's offset, each HEAD's answer; the second chunk is cut once
    const patches: number[] = [];
    const heads: number[] = [];
    let cut = -1;
    const secondCreate = deferred();
    let creates = 0;
    await page.route('**/photos/uploads**', async (route) => {
      const request = route.request();
      if (request.method() === 'POST') {
        creates += 1;
        // the second photo waits until the first is Done on screen: two bars, two states
        if (creates === 2) await secondCreate.promise;
        return route.continue();
      }
      if (request.method() === 'HEAD') {
        const response = await route.fetch();
        heads.push(Number(response.headers()['upload-offset']));
        return route.fulfill({ response });
      }
      const offset = Number(request.headers()['upload-offset']);
      if (offset > 0 && cut < 0) {
        cut = offset;
        return route.abort('connectionreset');
      }
      patches.push(offset);
      return route.continue();
    });

    await gotoLive(page, '/contractor-dashboard');
    const job = page.getByRole('article', { name: project.title, exact: true });
    await job.getByRole('button', { name: 'Photos: Upload Installation Photos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Installation Photos' });
    const input = dialog.locator('input[type="file"]');
    await expect(input).toHaveAttribute('capture', 'environment');
    await expect(input).toHaveAttribute('accept', 'image/*');
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b4532a' } })
      .png()
      .toBuffer();
    await input.setInputFiles([
      { name: 'roof-big.jpg', mimeType: 'image/jpeg', buffer: await bigPhoto() },
      { name: 'vent.png', mimeType: 'image/png', buffer: small },
    ]);
    const bigBar = dialog.getByRole('progressbar', { name: 'roof-big.jpg' });
    const smallBar = dialog.getByRole('progressbar', { name: 'vent.png' });
    await expect(bigBar).toHaveAttribute('aria-valuenow', '0');
    await expect(smallBar).toHaveAttribute('aria-valuenow', '0');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'vent.png' })).toContainText('Waiting');

    await dialog.getByRole('button', { name: 'Upload Photos' }).click();
    await expect(bigBar).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'roof-big.jpg' })).toContainText('Done');
    await expect(smallBar).toHaveAttribute('aria-valuenow', '0');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'vent.png' })).toContainText('Uploading 0%');
    secondCreate.resolve();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Photos Uploaded').first()).toBeVisible();

    // resumed: the cut chunk started past 0, the server said how far it had, and the next PATCH went on from there
    expect(cut).toBeGreaterThan(0);
    expect(heads).toContain(cut);
    expect(patches.filter((o) => o === 0)).toHaveLength(2); // the first chunk of each photo, once
    expect(patches).toContain(cut);

    const files = (await (
      await crew.request.get(`/api/projects/${project.id}/files`)
    ).json()) as ProjectFile[];
    expect(files.map((f) => f.fileName).sort()).toEqual(['roof-big.jpg', 'vent.png']);
    const big = files.find((f) => f.fileName === 'roof-big.jpg') as ProjectFile;
    expect(big.capturedAt).toMatch(/^2026-05-1[12]T/);
    const stored = Buffer.from(await (await crew.request.get(big.url)).body());
    const meta = await sharp(stored).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(1920);
    expect(meta.exif).toBeUndefined();
  } finally {
    await admin.close();
    await crew.close();
  }
});
