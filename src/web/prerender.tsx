/**
 * Build-time entry (vite build --ssr, run by scripts/build.mjs): renders one public page to HTML
 * with Preact's renderer (the app is built on preact/compat: vite.config.ts), which waits for
 * every lazy page to load. The browser hydrates that HTML with Preact (main.tsx); both render the
 * signed-out state with the default settings.
 */

import { matchWebRoute } from '@domain/routes';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { StrictMode } from 'react';
import { App } from './app/app';
import { pages } from './app/routes';
import { queryClient } from './lib/query-client';

export { sitemapRoutes as prerenderRoutes } from '@domain/site/seo';

/** The HTML of the app at `path`, to go inside #root. */
export async function renderPage(path: string): Promise<string> {
  const route = matchWebRoute(path);
  if (!route) throw new Error(`${path} is not a page of the app`);
  // The page's code first, as the browser does before hydrating: the page renders without
  // suspending, so no boundary is left for scripts to fill in.
  await pages[route].preload();
  queryClient.clear();
  // built with 'react' resolved to preact/compat (vite.config.ts), so this element is Preact's
  const app = (
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>
  ) as unknown as VNode;
  return renderToStringAsync(app);
}
