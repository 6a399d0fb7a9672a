import type { PublicUser, SetPasswordInput } from '@domain/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { resetSessionCache } from '@web/lib/session-cache';

/**
 * POST /api/auth/confirm-email: sets the password of the account a mailed link belongs to,
 * confirms the address and signs in (200 with the user); 400 for a used, expired or unknown link.
 */
export function setPasswordFromLink(input: SetPasswordInput): Promise<PublicUser> {
  return apiJson<PublicUser>('POST', '/api/auth/confirm-email', input);
}

export function useSetPasswordFromLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPasswordFromLink,
    onSuccess: (user) => resetSessionCache(queryClient, user),
  });
}
