import type { PublicUser, UserType } from '@domain/auth/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasOfflineSnapshot } from '../pwa/offline-flag';
import { apiGetOrNull } from './api-client';
import { queryClient } from './query-client';

/** Query keys of the session: the signed-in user (lib's own, as every feature reads it). */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/**
 * GET /api/auth/user: the signed-in user; null when signed out (401). Offline, where the device
 * keeps a contractor's last synced data (src/web/pwa/offline-cache.ts, loaded only then), that
 * data's user, so the dashboard and the project page open from it; signed out, the data goes.
 */
export function authUserQuery() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: async ({ signal }) => {
      const kept = hasOfflineSnapshot();
      try {
        const user = await apiGetOrNull<PublicUser>('/api/auth/user', signal);
        if (user === null && kept) void import('../pwa/offline-cache').then((m) => m.clearOfflineData());
        return user;
      } catch (error) {
        if (!kept || navigator.onLine) throw error;
        return (await import('../pwa/offline-cache')).restoreOfflineSession(queryClient, error);
      }
    },
    // offline, the query still runs once (and fails to the kept data) instead of waiting for the network
    networkMode: 'offlineFirst',
  });
}

export interface AuthState {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The role, from the stored userType (the server decides it; this only picks the screen). */
  role: UserType | null;
}

/** The signed-in user from GET /api/auth/user; null when signed out. Never retried. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery({ ...authUserQuery(), retry: false });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, role: user?.userType ?? null };
}
