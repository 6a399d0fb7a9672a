import type { PublicUser } from '@domain/auth/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from './use-auth';
import { publicConfigKeys } from './use-public-config';

/**
 * After signing in or out: forget every cached answer that belonged to the previous session
 * (keeping only the public configuration) and record the new current user.
 */
export function resetSessionCache(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== publicConfigKeys.all[0],
  });
  queryClient.setQueryData(authKeys.user(), user);
}
