import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { errorStatus } from '@web/lib/error-message';
import { resetSessionCache } from '@web/lib/session-cache';

/** POST /api/auth/logout. A 401 means the session had already ended, which is what we want anyway. */
export async function logout(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/logout');
  } catch (error) {
    if (errorStatus(error) !== 401) throw error;
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => resetSessionCache(queryClient, null),
  });
}
