import { webRoutes } from '@domain/routes';
import { laterPartsHydrated } from '@web/components/hydrate-later';
import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RouteFallback } from './route-fallback';
import { NotFoundPage, pages } from './routes';
import { ScrollToTop } from './scroll-to-top';

/**
 * Rendered inside the page's Suspense boundary, after the page, so its effect runs once the page
 * itself is hydrated and its own effects have run (a boundary's content hydrates after the shell
 * around it): `onHydrated` (what was typed before, played again: src/web/lib/early-input.ts),
 * then the mark `<html data-hydrated>`, which browser tests wait for. Both wait for the parts of
 * the page hydrated after the first pass (`<HydrateLater>`), so the whole page is the app's by then.
 */
function Hydrated({ onHydrated }: { onHydrated: (() => void) | undefined }) {
  useEffect(() => {
    void laterPartsHydrated().then(() => {
      onHydrated?.();
      document.documentElement.dataset.hydrated = 'true';
    });
  }, [onHydrated]);
  return null;
}

export function AppRouter({ onHydrated }: { onHydrated?: () => void }) {
  const [location] = useLocation();
  return (
    <AppLayout>
      <ScrollToTop />
      <ErrorBoundary key={location}>
        <Suspense fallback={<RouteFallback />}>
          <Switch>
            {webRoutes.map((path) => (
              <Route key={path} path={path} component={pages[path]} />
            ))}
            <Route component={NotFoundPage} />
          </Switch>
          {/* after the page: effects run in tree order, so the page's own have run before this one */}
          <Hydrated onHydrated={onHydrated} />
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}
