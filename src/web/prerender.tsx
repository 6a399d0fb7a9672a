/**
 * Build-time entry (vite build --ssr, run by scripts/prerender.mjs): renders one public page to
 * HTML with React's static prerender, which waits for every lazy page to load. The browser
 * hydrates that HTML (main.tsx); both render the signed-out state with the default settings.
 */

import { matchWebRoute } from '@domain/routes';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { pages } from './app/routes';
import { queryClient } from './lib/query-client';

export { sitemapRoutes as prerenderRoutes } from '@domain/seo';

/** The HTML of the app at `path`, to go inside #root. */
export async function renderPage(path: string): Promise<string> {
  const route = matchWebRoute(path);
  if (!route) throw new Error(`${path} is not a page of the app`);
  // The page's code first, as the browser does before hydrating: the page renders without
  // suspending, so no boundary is left for scripts to fill in.
  await pages[route].preload();
  queryClient.clear();
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} />
    </StrictMode>,
    // one piece: never split a large page into chunks revealed by inline scripts (CSP)
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
