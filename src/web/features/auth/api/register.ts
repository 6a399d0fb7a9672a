import type { PublicUser, RegisterInput } from '@domain/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { resetSessionCache } from '@web/lib/session-cache';

export type RegisterAnswer =
  | { kind: 'created'; user: PublicUser }
  /** 202: the address already has an account (of whatever kind: the answer does not say); a link was mailed there. */
  | { kind: 'claim_sent'; message: string };

/** POST /api/auth/register: 201 with the new (signed-in) user, 202 with a message, 400 with fieldErrors. */
export async function register(input: RegisterInput): Promise<RegisterAnswer> {
  const res = await apiRequest('POST', '/api/auth/register', input);
  const body: unknown = await res.json();
  if (res.status === 202) return { kind: 'claim_sent', message: (body as { message: string }).message };
  return { kind: 'created', user: body as PublicUser };
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      if (answer.kind === 'created') resetSessionCache(queryClient, answer.user);
    },
  });
}
