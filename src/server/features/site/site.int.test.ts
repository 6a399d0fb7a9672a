import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../tests/helpers/test-context';

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe('site files without PUBLIC_URL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /sitemap.xml lists every public page once, with absolute URLs on http://localhost:PORT whatever the Host', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'roofs.example:8080' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = locsOf(res.body);
    for (const path of [
      '/',
      '/homeowners',
      '/marketplace',
      '/quote',
      '/insurance',
      '/solar',
      '/real-estate',
      '/request-install',
      '/about',
      '/how-it-works',
      '/help',
      '/contact',
      '/privacy',
      '/terms',
      '/contractors',
    ]) {
      expect(locs).toContain(`http://localhost:5000${path}`);
    }
    expect(res.body).not.toContain('roofs.example');
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) {
      expect(loc).not.toMatch(/dashboard|\/projects?\/|\/api\/|\/login|\/register|\/thank-you|\/homeowner$/);
    }
  });

  it('GET /robots.txt allows the site, keeps crawlers out of the API, dashboards and projects, and names the sitemap', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'roofs.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/admin-dashboard',
      '/contractor-dashboard',
      '/customer-dashboard',
      '/project/',
      '/projects/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: http://localhost:5000/sitemap.xml');
  });

  it('GET /api/public-config gives the default governing-law state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().governingLawState).toBe('Delaware');
  });
});

describe('site files with PUBLIC_URL set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({
      env: {
        PUBLIC_URL: 'https://ridgeline.example/',
        GOVERNING_LAW_STATE: 'Texas',
        BRAND_NAME: 'Summit Roofing Network',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('uses PUBLIC_URL whatever the Host header says', async () => {
    const sitemap = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example' },
    });
    const locs = locsOf(sitemap.body);
    expect(locs[0]).toBe('https://ridgeline.example/');
    expect(locs).toContain('https://ridgeline.example/how-it-works');
    expect(sitemap.body).not.toContain('evil.example');
    const robots = await ctx.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'evil.example' },
    });
    expect(robots.body).toContain('Sitemap: https://ridgeline.example/sitemap.xml');
    expect(robots.body).not.toContain('evil.example');
  });

  it('GET /api/public-config gives the configured governing-law state', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(res.json()).toMatchObject({ governingLawState: 'Texas' });
  });

  it('GET /manifest.webmanifest names the installable app after the brand', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({
      name: 'Summit Roofing Network',
      short_name: 'Summit',
      start_url: '/contractor-dashboard',
      scope: '/',
      display: 'standalone',
    });
  });
});
