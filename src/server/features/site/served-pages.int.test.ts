import { existsSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { type HTMLElement, parse as parseHtml } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages } from '../../../../tests/helpers/public-pages';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';
import { matchWebRoute } from '../../../domain/routes';
import { documentTitle, NOT_FOUND_META, pageMeta } from '../../../domain/site/seo';
import { prerenderedPagesFile, webDistDir } from '../../platform/paths';

/**
 * The built web app as the server answers it (dist/, from `npm run build`; `npm test` builds
 * before the integration tests): caching, compression, titles and descriptions in the HTML,
 * security headers. What a browser does with the pages is in tests/e2e.
 */

let ctx: TestContext;
beforeAll(async () => {
  for (const built of [`${webDistDir}/index.html`, prerenderedPagesFile]) {
    if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  ctx = await createTestContext({ serveWeb: true });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** The body as the client reads it, whatever the encoding it came in. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  return res.rawPayload;
}

/** The entry script of the index page. */
async function entryScript(): Promise<string> {
  const html = (await get('/', { 'accept-encoding': 'identity' })).body;
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script, 'the entry script').toBeTruthy();
  return script as string;
}

describe('serving the built app', () => {
  it('HTML is never cached; hashed assets are immutable and compressed', async () => {
    const page = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(decoded(page).toString('utf8'))?.[1];
    expect(script, 'the entry script').toBeTruthy();

    const asset = await get(script as string, { 'accept-encoding': 'br, gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toMatch(/^(br|gzip)$/);
    expect(asset.headers['content-type']).toMatch(/javascript/);

    const deep = await get('/customer-dashboard');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
  });

  it('pages answer without compression too; a missing asset is a 404, not a page', async () => {
    // crawlers and curl may not ask for compression: '/' once answered 403 to them
    for (const path of ['/', '/quote']) {
      const res = await get(path, { 'accept-encoding': 'identity' });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
    const missing = await get('/assets/no-such-file.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });

  it('pages and assets come from memory, compressed once: the same bytes in every encoding, and a 304 for what the client holds', async () => {
    for (const path of ['/', '/quote', await entryScript()]) {
      const [br, gzip, plain] = await Promise.all(
        ['br', 'gzip', 'identity'].map((encoding) => get(path, { 'accept-encoding': encoding })),
      );
      if (!br || !gzip || !plain) throw new Error('three answers');
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(br.headers.vary, path).toMatch(/accept-encoding/i);
      // one body in three encodings
      const body = decoded(plain);
      expect(decoded(br).equals(body), path).toBe(true);
      expect(decoded(gzip).equals(body), path).toBe(true);
      const etag = plain.headers.etag as string;
      expect(etag, path).toMatch(/^"[\w-]+"$/);
      expect(br.headers.etag, path).toBe(etag);
      const again = await get(path, { 'if-none-match': etag, 'accept-encoding': 'br' });
      expect(again.statusCode, path).toBe(304);
      expect(again.rawPayload.length, path).toBe(0);
    }
  });

  it('API answers are compressed when large enough', async () => {
    const doc = await get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(doc).toString('utf8')).openapi).toBe('3.1.0');
  });

  it('pages and their scripts carry the Content-Security-Policy the app runs under', async () => {
    for (const path of ['/', '/customer-dashboard', await entryScript()]) {
      const csp = String((await get(path)).headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("default-src 'self'");
    }
  });
});

describe('a page drawn in the browser lists its code for modulepreload (issue 27 #5)', () => {
  const preloads = async (url: string) =>
    [
      ...(await get(url, { 'accept-encoding': 'identity' })).body.matchAll(
        /<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g,
      ),
    ].map((m) => m[1] as string);

  it('the contractor dashboard: its page chunk first, every listed file served as JavaScript', async () => {
    const entryPreloads = await preloads('/'); // what the entry itself preloads (Vite's own links)
    const listed = (await preloads('/contractor-dashboard')).filter((f) => !entryPreloads.includes(f));
    expect(listed[0]).toMatch(/^\/assets\/contractor-dashboard-page-[\w-]+\.js$/);
    expect(listed.length).toBeGreaterThan(5);
    for (const file of listed) {
      const res = await get(file);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
    }
    const project = (await preloads('/projects/some-id')).filter((f) => !entryPreloads.includes(f));
    expect(project[0]).toMatch(/^\/assets\/project-detail-page-[\w-]+\.js$/);
  });

  it('prerendered pages do not (their code would compete with the first paint)', async () => {
    const entryPreloads = await preloads('/');
    for (const url of ['/quote', '/about'])
      expect(
        (await preloads(url)).filter((f) => !entryPreloads.includes(f)),
        url,
      ).toEqual([]);
  });
});

describe('titles and descriptions in the server HTML', () => {
  const htmlText = (s: string) =>
    s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

  for (const path of [...publicPages, '/no-such-page']) {
    it(`${path} has its own title and meta description, and noindex when it is not indexed`, async () => {
      const route = matchWebRoute(path);
      const meta = route ? pageMeta[route] : NOT_FOUND_META;
      const res = await get(path);
      expect(res.statusCode).toBe(route ? 200 : 404);
      const html = res.body;
      expect(html, 'title').toContain(`<title>${htmlText(documentTitle(meta.title, 'Ridgeline'))}</title>`);
      expect(html, 'description').toContain(
        `<meta name="description" content="${htmlText(meta.description)}" />`,
      );
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html.includes('name="robots" content="noindex"'), 'noindex').toBe(!meta.index);
    });
  }
});

describe('the sitemap', () => {
  it('every page it lists answers 200 with a page', async () => {
    const sitemap = await get('/sitemap.xml');
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
    expect(locs.length).toBeGreaterThan(10);
    for (const loc of locs) {
      const res = await get(new URL(loc).pathname);
      expect(res.statusCode, loc).toBe(200);
      expect(res.headers['content-type'], loc).toMatch(/text\/html/);
    }
  });
});

describe('the legal pages as served (prerendered)', () => {
  /** The page's <main> as the server sends it, before any script runs. */
  async function mainOf(path: string): Promise<HTMLElement> {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    const document = parseHtml(res.body);
    const h1 = document.querySelectorAll('h1').map((h) => normalized(h.text));
    expect(h1).toHaveLength(1);
    const main = document.querySelector('main');
    if (!main) throw new Error(`${path} has no <main>`);
    return main;
  }
  const normalized = (text: string) => text.replace(/\s+/g, ' ').trim();
  /** The h2 headings of the main region, in document order. */
  const sectionHeadings = (main: HTMLElement) => main.querySelectorAll('h2').map((h) => normalized(h.text));
  /** An element whose whole text is `text` (Playwright's getByText with exact: true). */
  const hasExactText = (main: HTMLElement, text: string) =>
    main.querySelectorAll('*').some((element) => normalized(element.text) === text);

  function expectInOrder(actual: string[], expected: string[]) {
    const positions = expected.map((heading) => actual.indexOf(heading));
    expect(positions, `headings ${JSON.stringify(actual)}`).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  }

  it('/privacy covers every topic of the spec', async () => {
    const main = await mainOf('/privacy');
    const text = normalized(main.text);
    expect(main.querySelectorAll('h1').map((h) => normalized(h.text))).toEqual(['Privacy Policy']);
    expect(text).toContain('Last updated: January 2024');
    expectInOrder(sectionHeadings(main), [
      '1. Information we collect',
      '2. How we use your information',
      '3. When we share information',
      '4. Your rights and choices',
      '5. Cookies',
      "8. Children's privacy",
    ]);
    expect(text).toContain('With contractors, only when you request installation.');
    for (const right of ['Access:', 'Correction:', 'Deletion:', 'Opt-out:', 'Portability:']) {
      expect(hasExactText(main, right), right).toBe(true);
    }
    expect(text).toMatch(/not meant for people under 18/);
    // the table of contents links to the Cookies section
    const toc = main.querySelector('nav[aria-label="On this page"]');
    const cookies = toc?.querySelectorAll('a').find((a) => normalized(a.text) === '5. Cookies');
    expect(cookies?.getAttribute('href')).toBe('#cookies');
    expect(normalized(main.querySelector('#cookies h2')?.text ?? '')).toBe('5. Cookies');
  });

  it('/terms covers every topic of the spec', async () => {
    const main = await mainOf('/terms');
    const text = normalized(main.text);
    expect(main.querySelectorAll('h1').map((h) => normalized(h.text))).toEqual(['Terms of Service']);
    expect(text).toContain('Last updated: January 2024');
    expectInOrder(sectionHeadings(main), [
      '1. Acceptance of these terms',
      '2. Our role as a marketplace',
      '3. Accounts',
      '4. Prohibited uses',
      '5. Contractor independence',
      '6. Quotes are estimates',
      '7. Payment terms',
      '8. Warranties',
      '9. Limitation of liability',
      '10. Dispute resolution',
      '11. Intellectual property',
      '12. Termination',
      '13. Governing law',
    ]);
    expect(text).toContain('no payment is due until work begins;');
    expect(text).toMatch(/final payment is due only on satisfactory completion/);
    expect(text).toContain('your warranty starts on the date of the final payment.');
    for (const step of ['Support.', 'Mediation.', 'Binding arbitration.', 'Class-action waiver.']) {
      expect(hasExactText(main, step), step).toBe(true);
    }
  });
});
