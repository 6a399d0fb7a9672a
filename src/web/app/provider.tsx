import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@web/lib/query-client';
import { useToast } from '@web/lib/use-toast';
import * as React from 'react';
import { RealtimeProvider } from './realtime-provider';

// Radix's toast code loads with the first notice, not with every page.
const Toaster = React.lazy(async () => ({ default: (await import('@web/components/ui/toaster')).Toaster }));

/** The notices' container, from the first notice on (none before: nothing to show or focus). */
function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = React.useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <React.Suspense fallback={null}>
      <Toaster />
    </React.Suspense>
  );
}

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        <DeferredToaster />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
