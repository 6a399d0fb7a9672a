import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { queryClient } from '@web/lib/query-client';
import type * as React from 'react';
import { RealtimeProvider } from './realtime-provider';

export function AppProvider({ children }: { children: React.ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        {children}
        <Toaster />
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
