import type * as React from 'react';
import { Footer } from './footer';
import { Header } from './header';

export function AppLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      {/* At least a screen tall (less the 4rem header): the footer starts below the fold, so it does not
          jump when a page's code arrives and replaces the loading spinner. */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
    </div>
  );
}
