import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { robotsDisallow, sitemapRoutes } from '../../../domain/site/seo';
import { webAppManifest } from '../../../domain/site/web-app-manifest';
import type { Config } from '../../platform/config';

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

export function sitemapXml(origin: string): string {
  const urls = sitemapRoutes.map(
    (route) => `  <url>\n    <loc>${escapeXml(`${origin}${route}`)}</loc>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...robotsDisallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * sitemap.xml, robots.txt and the web app manifest, with absolute URLs from PUBLIC_URL (http://localhost:PORT when
 * unset): never from the request's Host, which a client or a cache-poisoning attacker chooses.
 */
export function siteRoutes(config: Pick<Config, 'publicUrl' | 'brandName'>): FastifyPluginAsyncZod {
  const origin = config.publicUrl;
  const manifest = `${JSON.stringify(webAppManifest(config.brandName))}\n`;

  return async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(sitemapXml(origin)),
    );
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(origin)),
    );
    // the installable app's manifest (docs/pwa.md), named after the brand
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(manifest),
    );
  };
}
