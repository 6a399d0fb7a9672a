import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/**
 * The product's cache rules: data never goes stale on its own, nothing refetches on an interval
 * or on window focus, and neither queries nor mutations retry. Screens refresh what they change.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
