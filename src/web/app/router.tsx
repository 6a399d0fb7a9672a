import { webRoutes } from '@domain/routes';
import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { RouteFallback } from './route-fallback';
import { NotFoundPage, pages } from './routes';
import { ScrollToTop } from './scroll-to-top';

export function AppRouter() {
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
        </Suspense>
      </ErrorBoundary>
    </AppLayout>
  );
}
