import type { ForgotPasswordInput, ResetPasswordInput } from '@domain/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { resetSessionCache } from '@web/lib/session-cache';

/**
 * POST /api/auth/forgot-password: mails a link to set a new password when the address has an
 * account. 202 with the same message either way; 429 when asked too often.
 */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/auth/forgot-password', input);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/**
 * POST /api/auth/reset-password: sets the new password with the mailed link's token. Every
 * session of the account ends, this browser's too; 400 for a used, replaced or expired link.
 */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/auth/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => resetSessionCache(queryClient, null),
  });
}
