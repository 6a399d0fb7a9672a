import { expect, test } from './fixtures';

test.describe('serving the built app', () => {
  test('HTML is never cached; hashed assets are immutable and compressed', async ({ request }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script, 'the entry script').toBeTruthy();

    const asset = await request.get(script as string, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(asset.headers()['content-type']).toMatch(/javascript/);

    const deep = await request.get('/customer-dashboard');
    expect(deep.status()).toBe(200);
    expect(deep.headers()['cache-control']).toBe('no-cache');
  });

  test('pages answer without compression too; a missing asset is a 404, not a page', async ({ request }) => {
    // crawlers and curl may not ask for compression: '/' once answered 403 to them
    for (const path of ['/', '/quote']) {
      const res = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type']).toMatch(/text\/html/);
    }
    const missing = await request.get('/assets/no-such-file.js');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/application\/json/);
  });

  test('API answers are compressed when large enough', async ({ request }) => {
    const doc = await request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-encoding']).toBe('gzip');
    expect((await doc.json()).openapi).toBe('3.1.0');
  });
});
