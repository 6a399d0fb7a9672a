import { describe, expect, it } from 'vitest';
import { webRoutes } from '../routes';
import { documentTitle, metaForPath, NOT_FOUND_META, pageMeta, robotsDisallow, sitemapRoutes } from './seo';

describe('page meta', () => {
  it('gives every route a title and a description of search-result length', () => {
    for (const route of webRoutes) {
      const meta = pageMeta[route];
      expect(meta.title.length, route).toBeGreaterThan(2);
      expect(meta.description.length, route).toBeGreaterThanOrEqual(20);
      expect(meta.description.length, route).toBeLessThanOrEqual(200);
    }
  });

  it('gives every indexed page its own description', () => {
    const descriptions = sitemapRoutes.map((route) => pageMeta[route].description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('finds the meta of a path, ignoring a trailing slash, and the not-found meta otherwise', () => {
    expect(metaForPath('/how-it-works/').title).toBe('How It Works');
    expect(metaForPath('/project/12')).toBe(pageMeta['/project/:id']);
    expect(metaForPath('/nowhere')).toBe(NOT_FOUND_META);
  });

  it('formats the document title', () => {
    expect(documentTitle('Help Center', 'Ridgeline')).toBe('Help Center | Ridgeline');
    expect(documentTitle(undefined, 'Ridgeline')).toBe('Ridgeline');
  });

  it('lists public pages in the sitemap and keeps private ones out of it and of robots', () => {
    expect(sitemapRoutes).toContain('/');
    expect(sitemapRoutes).toContain('/how-it-works');
    expect(sitemapRoutes).toContain('/contractors');
    for (const privateRoute of [
      '/customer-dashboard',
      '/admin-dashboard',
      '/project/:id',
      '/login',
    ] as const) {
      expect(sitemapRoutes).not.toContain(privateRoute);
    }
    for (const route of sitemapRoutes) {
      expect(
        robotsDisallow.some((prefix) => route.startsWith(prefix)),
        route,
      ).toBe(false);
    }
  });
});
