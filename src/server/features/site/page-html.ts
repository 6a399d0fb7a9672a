import { matchWebRoute } from '../../../domain/routes';
import { documentTitle, NOT_FOUND_META, type PageMeta, pageMeta } from '../../../domain/site/seo';
import { type EncodedBody, encodeBody } from './encoded-bodies';

export interface RenderedPage {
  status: 200 | 404;
  html: string;
  /** The html with its compressed forms, made with the page: never compressed per request. */
  body: EncodedBody;
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const TITLE_TAG = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION_TAG = /<meta\s+name="description"[^>]*>/i;

/** The index page with the title, description and robots rule of one page. */
export function renderPageHtml(template: string, meta: PageMeta, brandName: string): string {
  const title = `<title>${escapeHtml(documentTitle(meta.title, brandName))}</title>`;
  const tags = [`<meta name="description" content="${escapeHtml(meta.description)}" />`];
  if (!meta.index) tags.push('<meta name="robots" content="noindex" />');
  const description = tags.join('\n    ');
  const withTitle = TITLE_TAG.test(template)
    ? template.replace(TITLE_TAG, () => title)
    : template.replace(/<head>/i, () => `<head>\n    ${title}`);
  return DESCRIPTION_TAG.test(withTitle)
    ? withTitle.replace(DESCRIPTION_TAG, () => description)
    : withTitle.replace(/<\/title>/i, () => `</title>\n    ${description}`);
}

const EMPTY_ROOT = /<div id="root"><\/div>/i;
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/i;

/**
 * The page with the app's HTML prerendered at build time inside #root (marked so the browser
 * hydrates it), and without the "needs JavaScript" notice: the page reads without it.
 */
export function withPrerenderedRoot(html: string, rootHtml: string): string {
  if (!EMPTY_ROOT.test(html)) throw new Error('The index page has no empty <div id="root"></div>');
  return html
    .replace(NOSCRIPT, '')
    .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="">${rootHtml}</div>`);
}

/** Route -> the app's HTML for that route, made by the build (scripts/build.mjs: dist/web/prerendered.json). */
export type PrerenderedPages = Partial<Record<string, string>>;

/** Route -> its page's JS files beyond the entry's ('assets/x.js'), listed by the build (dist/route-preloads.json). */
export type RoutePreloads = Partial<Record<string, readonly string[]>>;

const SAFE_ASSET = /^assets\/[\w.-]+\.js$/;

/**
 * The page with its own code listed for modulepreload in <head>: the browser fetches it with the
 * entry's instead of once the entry has run and asked for it (issue 27 #5), and the app's loader
 * then finds the links there instead of adding them one by one. For the pages the build does not
 * prerender only (createPageRenderer).
 */
export function withModulePreloads(html: string, files: readonly string[] = []): string {
  const links = files
    .filter((file) => SAFE_ASSET.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (links.length === 0) return html;
  if (!/<\/head>/i.test(html)) throw new Error('The index page has no </head>');
  return html.replace(/<\/head>/i, () => `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * Answers the web app's index page for any page path, with that page's title and description
 * so crawlers without JavaScript see them; a public page the build prerendered also carries its
 * content. One rendering per route (and one for not-found), made on first use and kept: the
 * cache cannot grow past the route map.
 */
export function createPageRenderer(
  template: string,
  brandName: string,
  prerendered: PrerenderedPages = {},
  preloads: RoutePreloads = {},
): (pathname: string) => RenderedPage {
  const cache = new Map<string, RenderedPage>();
  return (pathname) => {
    const route = matchWebRoute(pathname);
    const key = route ?? '404';
    let page = cache.get(key);
    if (!page) {
      if (route) {
        const shell = renderPageHtml(template, pageMeta[route], brandName);
        const rootHtml = prerendered[route];
        // a prerendered page reads without its code: preloading it there slowed the first paint
        // on a slow link (Lighthouse: /quote's LCP 1.6-2.3 s -> 2.7-2.8 s); a page drawn in the
        // browser shows nothing until its code ran (the dashboard's LCP 4.2-4.5 s -> 3.8-4.0 s)
        const html =
          rootHtml === undefined
            ? withModulePreloads(shell, preloads[route])
            : withPrerenderedRoot(shell, rootHtml);
        page = { status: 200, html, body: encodeBody(html) };
      } else {
        const html = renderPageHtml(template, NOT_FOUND_META, brandName);
        page = { status: 404, html, body: encodeBody(html) };
      }
      cache.set(key, page);
    }
    return page;
  };
}
