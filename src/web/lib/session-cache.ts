import type { PublicUser } from '@domain/auth/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { hasOfflineSnapshot } from '../pwa/offline-flag';
import { authKeys } from './use-auth';
import { publicConfigKeys } from './use-public-config';

/**
 * After signing in or out: forget every cached answer that belonged to the previous session
 * (keeping only the public configuration) and record the new current user. The data kept on the
 * device for offline use (src/web/pwa/offline-cache.ts) goes too: it belonged to that session.
 */
export function resetSessionCache(queryClient: QueryClient, user: PublicUser | null): void {
  if (hasOfflineSnapshot()) void import('../pwa/offline-cache').then((m) => m.clearOfflineData());
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== publicConfigKeys.all[0],
  });
  queryClient.setQueryData(authKeys.user(), user);
}
