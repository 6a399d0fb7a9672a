import type { PublicUser, UserType } from '@domain/auth/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGetOrNull } from './api-client';

/** Query keys of the session: the signed-in user (lib's own, as every feature reads it). */
export const authKeys = {
  all: ['auth'] as const,
  user: () => [...authKeys.all, 'user'] as const,
};

/** GET /api/auth/user: the signed-in user; null when signed out (401). */
export function authUserQuery() {
  return queryOptions({
    queryKey: authKeys.user(),
    queryFn: ({ signal }) => apiGetOrNull<PublicUser>('/api/auth/user', signal),
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
