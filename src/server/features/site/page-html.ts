import { matchWebRoute } from '../../../domain/routes';
import { documentTitle, NOT_FOUND_META, type PageMeta, pageMeta } from '../../../domain/seo';

export interface RenderedPage {
  status: 200 | 404;
  html: string;
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

/**
 * Answers the web app's index page for any page path, with that page's title and description
 * so crawlers without JavaScript see them. One rendering per route (and one for not-found),
 * made on first use and kept: the cache cannot grow past the route map.
 */
export function createPageRenderer(template: string, brandName: string): (pathname: string) => RenderedPage {
  const cache = new Map<string, RenderedPage>();
  return (pathname) => {
    const route = matchWebRoute(pathname);
    const key = route ?? '404';
    let page = cache.get(key);
    if (!page) {
      page = route
        ? { status: 200, html: renderPageHtml(template, pageMeta[route], brandName) }
        : { status: 404, html: renderPageHtml(template, NOT_FOUND_META, brandName) };
      cache.set(key, page);
    }
    return page;
  };
}
