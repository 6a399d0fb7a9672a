import { Button } from '@web/components/ui/button';
import * as React from 'react';

interface Props {
  children: React.ReactNode;
}

interface State {
  error: Error | null;
}

/** A page that failed to render (or to load its code) gets a friendly way out instead of a blank screen. */
export class ErrorBoundary extends React.Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: React.ErrorInfo): void {
    console.warn('A page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isStaleCode = /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(
      error.message,
    );
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Something went wrong</h1>
        <p className="text-muted-foreground">
          {isStaleCode
            ? 'A newer version of this site is available, or the connection dropped. Reloading the page usually fixes it.'
            : 'Sorry, this page ran into a problem. Please reload the page or go back to the home page.'}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <Button variant="outline" asChild>
            <a href="/">Go to the home page</a>
          </Button>
        </div>
      </section>
    );
  }
}
