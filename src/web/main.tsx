import './lib/preact-effects';
import { matchWebRoute } from '@domain/routes';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { pages } from './app/routes';
import { asFirstPass } from './components/hydrate-later';
import { captureEarlyInput } from './lib/early-input';
import { registerServiceWorker } from './pwa/register-service-worker';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

const app = (onHydrated?: () => void) => (
  <StrictMode>
    <App onHydrated={onHydrated} />
  </StrictMode>
);

// A public page arrives prerendered (src/web/prerender.tsx): its page's code is loaded first, so the
// first render matches the HTML and React hydrates it instead of replacing it. Where this browser's
// first render would differ (a query in the address, a kept draft), the page is rendered afresh.
const route = matchWebRoute(window.location.pathname);
if (container.hasAttribute('data-prerendered') && route) {
  const page = pages[route];
  void page.preload().then(
    () => {
      // what was typed into the page so far is noted now and played again once the app owns it;
      // from here on no event comes in before that: Preact (preact/compat) hydrates the page in one
      // go, except the parts in <HydrateLater> (below the fold), each in a task of its own after
      const early = captureEarlyInput(container);
      const onHydrated = early.count > 0 ? early.replay : undefined;
      if (page.differsFromPrerender()) createRoot(container).render(app(onHydrated));
      else asFirstPass(() => hydrateRoot(container, app(onHydrated)));
    },
    () => createRoot(container).render(app()),
  );
} else {
  createRoot(container).render(app());
}

registerServiceWorker();
