import type { PublicUser } from '@domain/auth/schemas';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY } from './use-auth';
import { PUBLIC_CONFIG_QUERY_KEY } from './use-public-config';

/**
 * After signing in or out: forget every cached answer that belonged to the previous session
 * (keeping only the public configuration) and record the new current user.
 */
export function resetSessionCache(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== PUBLIC_CONFIG_QUERY_KEY[0],
  });
  queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
}
