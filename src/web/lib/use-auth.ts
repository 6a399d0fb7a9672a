import type { PublicUser, UserType } from '@domain/auth/schemas';
import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;

export interface AuthState {
  user: PublicUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  /** The role, from the stored userType (the server decides it; this only picks the screen). */
  role: UserType | null;
}

/** The signed-in user from GET /api/auth/user; null when signed out. Never retried. */
export function useAuth(): AuthState {
  const { data, isLoading } = useQuery<PublicUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<PublicUser | null>({ on401: 'returnNull' }),
    retry: false,
  });
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null, role: user?.userType ?? null };
}
