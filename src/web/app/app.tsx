import { useEffect } from 'react';
import { Router } from 'wouter';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * Marks the document once React has taken over the page (effects run after the hydration of a
 * prerendered page commits): `<html data-hydrated>`. Browser tests wait for it before using a
 * control whose state React owns, since a click on the prerendered HTML before then is undone.
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

/** The whole app; `ssrPath` is the page rendered at build time (src/web/prerender.tsx), unset in the browser. */
export function App({ ssrPath }: { ssrPath?: string }) {
  useHydratedMarker();
  return (
    <AppProvider>
      <Router ssrPath={ssrPath}>
        <AppRouter />
      </Router>
    </AppProvider>
  );
}
