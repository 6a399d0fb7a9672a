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

  test('pages and assets come from memory, compressed once: the same bytes in every encoding, and a 304 for what the client holds', async ({
    request,
  }) => {
    const html = await (await request.get('/', { headers: { 'accept-encoding': 'identity' } })).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    for (const path of ['/', '/quote', script]) {
      const answers = await Promise.all(
        ['br', 'gzip', 'identity'].map((encoding) =>
          request.get(path, { headers: { 'accept-encoding': encoding } }),
        ),
      );
      const [br, gzip, plain] = answers as [
        (typeof answers)[number],
        (typeof answers)[number],
        (typeof answers)[number],
      ];
      expect(br.headers()['content-encoding'], path).toBe('br');
      expect(gzip.headers()['content-encoding'], path).toBe('gzip');
      expect(plain.headers()['content-encoding'], path).toBeUndefined();
      expect(br.headers().vary, path).toMatch(/accept-encoding/i);
      // Playwright decodes what it receives: one body in three encodings
      const body = await plain.body();
      expect((await br.body()).equals(body), path).toBe(true);
      expect((await gzip.body()).equals(body), path).toBe(true);
      const etag = plain.headers().etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(br.headers().etag, path).toBe(etag);
      const again = await request.get(path, { headers: { 'if-none-match': etag, 'accept-encoding': 'br' } });
      expect(again.status(), path).toBe(304);
      expect((await again.body()).length, path).toBe(0);
    }
  });

  test('API answers are compressed when large enough', async ({ request }) => {
    const doc = await request.get('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(doc.status()).toBe(200);
    expect(doc.headers()['content-encoding']).toBe('gzip');
    expect((await doc.json()).openapi).toBe('3.1.0');
  });
});
