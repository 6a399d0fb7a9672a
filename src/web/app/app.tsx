import { Router } from 'wouter';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app; `ssrPath` is the page rendered at build time (src/web/prerender.tsx), unset in the browser. */
export function App({ ssrPath }: { ssrPath?: string }) {
  return (
    <AppProvider>
      <Router ssrPath={ssrPath}>
        <AppRouter />
      </Router>
    </AppProvider>
  );
}
