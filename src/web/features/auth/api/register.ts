import type { PublicUser, RegisterInput } from '@domain/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { resetSessionCache } from '@web/lib/session-cache';

/** POST /api/auth/register: 201 with the new (signed-in) user, 409 when the e-mail is taken, 400 with fieldErrors. */
export function register(input: RegisterInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/register', input);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => resetSessionCache(queryClient, user),
  });
}
