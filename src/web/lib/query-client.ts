import { QueryClient } from '@tanstack/react-query';

/**
 * The product's cache rules: data never goes stale on its own, nothing refetches on an interval
 * or on window focus, and neither queries nor mutations retry. Screens refresh what they change.
 * There is no default query function: every query names its own fetch and takes its key from
 * its feature's key factory (`projectKeys`, `adminKeys`...; `authKeys` and `publicConfigKeys`
 * in lib), so a mutation or a live event invalidates through the same factory.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
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
