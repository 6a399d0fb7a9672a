import { Router } from 'wouter';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/**
 * The whole app; `ssrPath` is the page rendered at build time (src/web/prerender.tsx), unset in
 * the browser; `onHydrated` runs once React owns the page.
 */
export function App({ ssrPath, onHydrated }: { ssrPath?: string; onHydrated?: () => void }) {
  return (
    <AppProvider>
      <Router ssrPath={ssrPath}>
        <AppRouter onHydrated={onHydrated} />
      </Router>
    </AppProvider>
  );
}
