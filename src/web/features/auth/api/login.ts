import type { LoginInput, PublicUser } from '@domain/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { resetSessionCache } from '@web/lib/session-cache';

/** POST /api/auth/login: 200 with the user (and the session cookie), 401 wrong details, 429 too many tries. */
export function login(input: LoginInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/login', input);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => resetSessionCache(queryClient, user),
  });
}
